import { ROSTER_INTENTS } from '#contracts/roster.ts'
import type { MembersFilters } from '#contracts/roster-types.ts'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { countOf, plural } from '#contracts/plural.ts'

// The Members tab's URL state, pure: which dialog is open (?dialog=add-member|ban|graduate|grant-award, ?dialog=bulk
// for the bulk actions and the rows' checkboxes, ?edit=ID,
// ?member=ID for a row's Ban and for Grant Award), which delete or revoke awaits its confirm step
// (?confirm=delete-member-ID, ?confirm=revoke-award-GRANT_ID), and the paging links. The list's own
// query (term, type, qualification, is_banned, limit, page) stays across all of them.

const MEMBER_DIALOGS = ['add-member', 'ban', 'graduate', 'grant-award', 'bulk'] as const
type MemberDialog = (typeof MEMBER_DIALOGS)[number]

export const SEARCH_TYPES = [
  { value: 'name', label: 'By Name' },
  { value: 'discord_id', label: 'By Discord ID' },
  { value: 'bohemia_uuid', label: 'By Bohemia UUID' },
] as const

/** The search form's id: the Rows per page select below the table belongs to it. */
export const SEARCH_FORM_ID = 'roster-member-search'

export function openDialogOf(params: URLSearchParams): MemberDialog | null {
  const dialog = params.get('dialog')
  return MEMBER_DIALOGS.find((d) => d === dialog) ?? null
}

/**
 * The member id the delete's confirm step asks about (?confirm=delete-member-ID, confirmKeyOf in
 * app/ui/delete-button.tsx), as sent: the loader checks it. Null when no member delete awaits its confirm step.
 */
export function confirmingIdOf(params: URLSearchParams, intent: string = ROSTER_INTENTS.deleteMember): string | null {
  const prefix = `${intent}-`
  const key = params.get('confirm') ?? ''
  return key.startsWith(prefix) ? key.slice(prefix.length) : null
}

export const deleteMemberConfirm = (name: string) =>
  `Are you sure you want to delete ${name}? This removes the member and their records and cannot be undone.`

/** A page of the list: the current query with `page` (left out for page 1), every dialog closed. */
export function pageHref(location: { pathname: string; search: string }, page: number): string {
  const params = new URLSearchParams(location.search)
  params.delete('page')
  return hrefWithState({ pathname: location.pathname, search: params.toString() }, page > 1 ? { page } : null)
}

/** "12 active members match the search", "1 banned member". */
export function countText(filters: MembersFilters, total: number): string {
  const filtered = filters.term || filters.qualification ? ` ${plural(total, 'matches', 'match')} the search` : ''
  return `${countOf(total, filters.is_banned ? 'banned member' : 'active member')}${filtered}`
}
