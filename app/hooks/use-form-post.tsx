import type { SubmissionResult } from '@conform-to/react'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
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

interface PanelContextValue extends PanelSurface {
  /** A form posted through the fetcher `key`: the panel shows its answer (toast, onSubmitted) when it comes. */
  watch: (key: string) => void
}

const PanelContext = createContext<PanelContextValue | null>(null)

/**
 * Renders its children as a panel: their forms post through fetchers to `value.action`. The panel itself answers each
 * post (its toast, `onSubmitted`), not the form: a row's form (Delete) is gone as soon as the revalidated list no longer
 * has the row, and on a busy machine React may render the answer and the new list in one go, so the form never sees
 * its answer. The panel outlives its forms and reads their fetchers by key.
 */
export function PanelProvider({ value, children }: { value: PanelSurface; children: ReactNode }) {
  const [watched, setWatched] = useState<string[]>([])
  const watch = useCallback((key: string) => setWatched((keys) => (keys.includes(key) ? keys : [...keys, key])), [])
  const done = useCallback((key: string) => setWatched((keys) => keys.filter((k) => k !== key)), [])
  const context = useMemo(() => ({ ...value, watch }), [value, watch])
  return (
    <PanelContext.Provider value={context}>
      {children}
      {watched.map((key) => (
        <PanelAnswer key={key} fetcherKey={key} onSubmitted={value.onSubmitted} done={done} />
      ))}
    </PanelContext.Provider>
  )
}

/** Waits for the answer of the post the fetcher `fetcherKey` made, shows its toast, then says it is done. */
function PanelAnswer({
  fetcherKey,
  onSubmitted,
  done,
}: {
  fetcherKey: string
  onSubmitted?: () => void
  done: (key: string) => void
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: fetcherKey })
  const toast = useToast()
  // The fetcher's answer to an earlier post is not this one's.
  const earlier = useRef(fetcher.data)
  useEffect(() => {
    const answer = fetcher.data
    if (!answer || answer === earlier.current) return
    earlier.current = answer
    if (answer.toast) toast.show(answer.toast.message, answer.toast.type)
    if (answer.ok) onSubmitted?.()
    done(fetcherKey)
  }, [fetcher.data, toast, onSubmitted, done, fetcherKey])
  return null
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
  const panel = useContext(PanelContext)
  const fetcherKey = `panel-form-${useId()}`
  const fetcher = useFetcher<T>({ key: fetcherKey })
  const navigation = useNavigation()
  const location = useLocation()
  const actionData = useActionData<T | undefined>()
  const answer = (panel ? fetcher.data : actionData) as T | undefined
  const lastResult = answer?.form === formKey ? answer.result : undefined
  const busy = panel
    ? fetcher.state !== 'idle'
    : navigation.state === 'submitting' && navigation.formData?.get('_form') === formKey

  // The panel shows the answer (PanelProvider): it is told of the post as the form submits, before React renders
  // anything, from a listener on the form element (it runs before React's own submit handling).
  const watch = panel?.watch
  const watchSubmits = useCallback(
    (input: HTMLInputElement | null) => {
      const form = input?.form
      if (!form || !watch) return
      const onSubmit = () => watch(fetcherKey)
      form.addEventListener('submit', onSubmit)
      return () => form.removeEventListener('submit', onSubmit)
    },
    [watch, fetcherKey],
  )

  const hidden = (
    <>
      <input type="hidden" name="_form" value={formKey} />
      {panel ? <input type="hidden" name="_panel" value="1" ref={watchSubmits} /> : null}
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
