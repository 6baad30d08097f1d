import { createContext, useContext, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useStateHref } from '#app/hooks/url-state.ts'

// The tabs' UI state: which role is edited (edit), which preset renamed (rename), which delete awaits the page's
// confirm step (confirm). On a page it is the URL (links that work without JavaScript); in the ORBAT editor's panel
// it is component state, because the editor's URL is not the panel's.

export type SettingsState = Partial<Record<'edit' | 'rename' | 'confirm', string>>

export interface PanelState {
  state: SettingsState
  /** Replaces the state (null clears it). */
  setState: (next: SettingsState | null) => void
  /** Load in the editor's panel: hands the preset to the editor instead of linking to it. */
  onLoadPreset?: (presetId: number) => void | Promise<void>
}

const PanelStateContext = createContext<PanelState | null>(null)

export function PanelStateProvider({ value, children }: { value: PanelState; children: ReactNode }) {
  return <PanelStateContext.Provider value={value}>{children}</PanelStateContext.Provider>
}

/** One piece of UI state, or null. */
export function useSettingsState(name: keyof SettingsState): string | null {
  const panel = useContext(PanelStateContext)
  const [params] = useSearchParams()
  return panel ? (panel.state[name] ?? null) : params.get(name)
}

/** The editor's preset loader when the tabs are in its panel. */
export function useLoadPreset() {
  return useContext(PanelStateContext)?.onLoadPreset
}

/** Sets the UI state: a link on a page, a button in the panel. */
export function StateLink({
  state,
  className,
  children,
  ...rest
}: {
  state: SettingsState | null
  className?: string
  children: ReactNode
  'aria-label'?: string
}) {
  const panel = useContext(PanelStateContext)
  const href = useStateHref()
  if (panel) {
    return (
      <button type="button" className={className} onClick={() => panel.setState(state)} {...rest}>
        {children}
      </button>
    )
  }
  return (
    <Link to={href(state as Record<string, string> | null)} replace preventScrollReset className={className} {...rest}>
      {children}
    </Link>
  )
}
