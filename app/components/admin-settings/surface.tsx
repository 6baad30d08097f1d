import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'
import { Form, Link, useFetcher, useNavigation } from 'react-router'
import { useToast } from '#app/ui/toaster.tsx'
import { tabPath, type ActionAnswer, type SettingsTab } from './types.ts'

// The Admin Settings tabs render in two places (spec 1 §2 "Admin Settings side panel"): as pages under
// /admin/settings (plain forms, post-redirect-get with a flash toast, work without JavaScript) and inside the side
// sheet opened from the ORBAT editor (fetchers that answer data, so the editor's unsaved state survives). A
// "surface" tells the shared tab components which one they are in.

export interface SettingsSurface {
  kind: 'page' | 'panel'
  tab: SettingsTab
  /** Page only: the action's answer (a validation failure of one form). */
  actionData?: ActionAnswer
  /** UI state: the URL's query on a page (?edit=3, ?rename=2, ?confirm=delete-role-3), component state in the panel. */
  state: Readonly<Record<string, string>>
  setState: (name: string, value: string | null) => void
  /** Page only: the URL that carries a state change, for links that work without JavaScript. */
  hrefWith: (name: string, value: string | null) => string
  /** Panel only: called after a successful submission (reloads the tab's data, resets its forms). */
  onSubmitted?: () => void
  /** Panel opened from the ORBAT editor: Load hands the preset to the editor instead of linking to it. */
  onLoadPreset?: (presetId: number) => void | Promise<void>
}

const SurfaceContext = createContext<SettingsSurface | null>(null)

export function SurfaceProvider({ value, children }: { value: SettingsSurface; children: ReactNode }) {
  return <SurfaceContext.Provider value={value}>{children}</SurfaceContext.Provider>
}

export function useSurface(): SettingsSurface {
  const surface = useContext(SurfaceContext)
  if (!surface) throw new Error('useSurface must be used inside <SurfaceProvider>')
  return surface
}

const noopSubscribe = () => () => {}

/** False in the server render and during hydration, true afterwards (and on client-side navigations). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  )
}

/**
 * One settings form's plumbing: the form component (a navigation Form on a page, this form's own fetcher in the
 * panel), the hidden fields that name it, its last conform reply, and whether it is submitting. In the panel the
 * answer's toast is shown here and a success reloads the tab.
 */
export function useSettingsSubmit(formKey: string) {
  const surface = useSurface()
  const fetcher = useFetcher<ActionAnswer>()
  const navigation = useNavigation()
  const toast = useToast()
  const panel = surface.kind === 'panel'
  const answer = panel ? fetcher.data : surface.actionData
  const lastResult = answer?.form === formKey ? answer.result : undefined
  const busy = panel
    ? fetcher.state !== 'idle'
    : navigation.state === 'submitting' && navigation.formData?.get('_form') === formKey

  const handled = useRef<ActionAnswer | undefined>(undefined)
  const { onSubmitted } = surface
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
  return { Form: panel ? fetcher.Form : Form, action: tabPath(surface.tab), hidden, lastResult, busy }
}

/**
 * onSubmit for a form that needs a confirmation (spec 1 §5). With JavaScript it asks with the browser's confirm and
 * marks the post confirmed; without JavaScript the post arrives unconfirmed and the page asks on a confirm step.
 */
export function confirmBeforeSubmit(message: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(message)) {
      event.preventDefault()
      return
    }
    const input = event.currentTarget.elements.namedItem('confirmed')
    if (input instanceof HTMLInputElement) input.value = 'yes'
  }
}

/** A link on a page (works without JavaScript), a button in the panel, that sets one piece of UI state. */
export function StateLink({
  name,
  value,
  className,
  children,
  ...rest
}: {
  name: string
  value: string | null
  className?: string
  children: ReactNode
  'aria-label'?: string
}) {
  const surface = useSurface()
  if (surface.kind === 'panel') {
    return (
      <button type="button" className={className} onClick={() => surface.setState(name, value)} {...rest}>
        {children}
      </button>
    )
  }
  return (
    <Link to={surface.hrefWith(name, value)} replace preventScrollReset className={className} {...rest}>
      {children}
    </Link>
  )
}
