import { useLocation } from 'react-router'

// UI state that lives in the URL (which dialog is open, which row is edited, which delete awaits its confirm step),
// so every dialog is a link that works without JavaScript. A list's own query (search, filters, page) is kept
// across those states.

/** Query names that carry UI state, never a list's query. `index` and `_data` are React Router's markers. */
const STATE_PARAMS = [
  'dialog',
  'edit',
  'member',
  'confirm',
  'rename',
  'event',
  'training',
  'packet',
  'leave',
  'fill',
  'index',
  '_data',
] as const

// NOTE: with v8_passThroughRequests a post made by React Router (JavaScript on) reaches the action at its data URL
// (/admin/roster/members.data, or .../_.data for a trailing slash); redirecting there would ask for members.data.data.
const DATA_SUFFIX = /(\/_)?\.data$/

/** The page's path for a URL React Router may have sent to its data endpoint. */
function pagePathOf(url: URL): string {
  return url.pathname.replace(DATA_SUFFIX, '') || '/'
}

/** `url` with every UI state dropped (the list's query kept), then `state` set: a path with its query. */
export function hrefWithState(
  url: URL | { pathname: string; search: string },
  state: Record<string, string | number> | null = null,
): string {
  const params = new URLSearchParams(url.search)
  for (const name of STATE_PARAMS) params.delete(name)
  for (const [name, value] of Object.entries(state ?? {})) params.set(name, String(value))
  const query = params.toString()
  const path = url instanceof URL ? pagePathOf(url) : url.pathname
  return query ? `${path}?${query}` : path
}

/** The current URL with its UI state replaced (null closes every dialog and confirm step). */
export function useStateHref() {
  const location = useLocation()
  return (state: Record<string, string | number> | null) => hrefWithState(location, state)
}
