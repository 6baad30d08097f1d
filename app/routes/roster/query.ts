import { ROSTER_PAGE_SIZES } from '#contracts/roster-pages.ts'

// The public roster's URL state: page, limit 30/60/100, term, type name|rank, qualification. The same names as GET
// /api/roster, so a filtered page can be shared and works without JavaScript.

export const SEARCH_TYPES = [
  { value: 'name', label: 'By Name' },
  { value: 'rank', label: 'By Rank' },
] as const
export type SearchType = (typeof SEARCH_TYPES)[number]['value']

/** The public list is debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300

export interface RosterUrlState {
  page: number
  limit: number
  term: string
  type: SearchType
  qualification: number | null
}

/** The query string for a state; defaults are left out so URLs stay short. */
export function rosterSearch(state: RosterUrlState): string {
  const params = new URLSearchParams()
  if (state.term) params.set('term', state.term)
  if (state.type !== 'name') params.set('type', state.type)
  if (state.qualification !== null) params.set('qualification', String(state.qualification))
  if (state.limit !== ROSTER_PAGE_SIZES[0]) params.set('limit', String(state.limit))
  if (state.page > 1) params.set('page', String(state.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}
