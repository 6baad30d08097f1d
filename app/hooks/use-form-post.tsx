import type { SubmissionResult } from '@conform-to/react'
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react'
import { Form, useActionData, useFetcher, useLocation, useNavigation } from 'react-router'
import type { ToastInput } from '#contracts/toast.ts'
import { useToast } from '#app/ui/toaster.tsx'

// One form's plumbing for every admin screen and the public pages' forms. On a page a form is a navigation <Form>
// (post-redirect-get with a flash toast, works without JavaScript). Inside a "panel" (a screen embedded in another,
// e.g. Admin Settings in the ORBAT editor's side sheet) each form posts through its own fetcher and the action
// answers data, so the screen underneath keeps its unsaved state.

/** What a page action answers instead of a redirect (app/forms/respond.ts). */
export interface ActionAnswer {
  ok: boolean
  /** The form (`_form`) a validation failure belongs to. */
  form?: string
  /** conform's reply: the inline errors. */
  result?: SubmissionResult<string[]>
  /** A toast to show (panel answers). */
  toast?: ToastInput
}

export interface PanelSurface {
  /** Where the panel's forms post. */
  action: string
  /** Called after a successful post (reload the panel's data, reset its forms). */
  onSubmitted?: () => void
}

const PanelContext = createContext<PanelSurface | null>(null)

/** Renders its children as a panel: their forms post through fetchers to `value.action`. */
export function PanelProvider({ value, children }: { value: PanelSurface; children: ReactNode }) {
  return <PanelContext.Provider value={value}>{children}</PanelContext.Provider>
}

/** The panel the component renders in, or null on a page. */
export function usePanel(): PanelSurface | null {
  return useContext(PanelContext)
}

/**
 * A form's component, action URL, hidden fields (its name, the panel marker), last conform reply and busy state.
 * On a page the action is the current URL, so a 400 answer keeps the dialog and the list's query.
 */
export function useFormPost<T extends ActionAnswer = ActionAnswer>(formKey: string) {
  const panel = usePanel()
  const fetcher = useFetcher<T>()
  const navigation = useNavigation()
  const location = useLocation()
  const actionData = useActionData<T | undefined>()
  const toast = useToast()
  const answer = (panel ? fetcher.data : actionData) as T | undefined
  const lastResult = answer?.form === formKey ? answer.result : undefined
  const busy = panel
    ? fetcher.state !== 'idle'
    : navigation.state === 'submitting' && navigation.formData?.get('_form') === formKey

  const handled = useRef<unknown>(undefined)
  const onSubmitted = panel?.onSubmitted
  // NOTE: not waiting for 'idle': the data arrives while the revalidation after the action still runs, and a row's
  // form (Delete) is gone once the revalidated list no longer has the row.
  useEffect(() => {
    if (!panel || !fetcher.data || handled.current === fetcher.data) return
    handled.current = fetcher.data
    if (fetcher.data.toast) toast.show(fetcher.data.toast.message, fetcher.data.toast.type)
    if (fetcher.data.ok) onSubmitted?.()
  }, [panel, fetcher.data, toast, onSubmitted])

  const hidden = (
    <>
      <input type="hidden" name="_form" value={formKey} />
      {panel ? <input type="hidden" name="_panel" value="1" /> : null}
    </>
  )
  return {
    Form: panel ? fetcher.Form : Form,
    action: panel ? panel.action : `${location.pathname}${location.search}`,
    hidden,
    lastResult,
    busy,
    /** The whole answer (e.g. a run's result a fetcher shows). */
    answer,
  }
}
