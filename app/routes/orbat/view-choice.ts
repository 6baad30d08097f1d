import { useSyncExternalStore } from 'react'

// Which view of the ORBAT a reader chose: the diagram or the list. Remembered in a cookie, so the server renders the
// chosen view; with no choice the page renders both and CSS shows the list below `md` and the diagram from `md` up, so
// the right one paints first without any script.

export type OrbatViewChoice = 'list' | 'diagram'
export const VIEW_INTENT = 'view'
const VIEW_COOKIE = 'orbat_view'
const ONE_YEAR_S = 365 * 24 * 3600
/** Tailwind's `md` breakpoint (48rem): the width from which the diagram is the default. */
const MD_QUERY = '(min-width: 48rem)'

export function parseViewChoice(value: unknown): OrbatViewChoice | null {
  return value === 'list' || value === 'diagram' ? value : null
}

/** The choice in a Cookie header (the loader's request, or document.cookie). */
export function viewChoiceOf(cookieHeader: string | null): OrbatViewChoice | null {
  const match = /(?:^|;\s*)orbat_view=([^;]*)/.exec(cookieHeader ?? '')
  return parseViewChoice(match?.[1])
}

/** The Set-Cookie value (or document.cookie assignment) that remembers a choice. Not secret: readable by scripts. */
export function viewCookie(choice: OrbatViewChoice, secure: boolean): string {
  return `${VIEW_COOKIE}=${choice}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia(MD_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * The view showing when no choice is made: the list below `md`, the diagram from it up; null in the server render
 * and during hydration (CSS decides there). Afterwards the page keeps only the view on screen, so the hidden one
 * neither runs nor duplicates what tests and screen readers find.
 */
export function useDefaultView(): OrbatViewChoice | null {
  return useSyncExternalStore(
    subscribeToWidth,
    () => (window.matchMedia(MD_QUERY).matches ? 'diagram' : 'list'),
    () => null,
  )
}
