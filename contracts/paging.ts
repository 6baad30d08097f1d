import { z } from 'zod'
import { numberInput, text } from './fields.ts'
import { parseDateTime } from './time.ts'

// Pages of the lists that grow with a unit's history (events, trainings): a page is "the next N before this one",
// read off an index on (start, id), so it costs the same on the first page and the hundredth
// (docs/decisions/033-stored-counts-and-keyset-pages.md; the query parameters: docs/rules/api.md, Pagination).

/** A page's size when `before` comes without `limit`. */
export const LIST_PAGE_DEFAULT = 25
/** The most a page may hold. */
export const LIST_PAGE_MAX = 500

/** Where a page starts: items that start before `start`, or at `start` with an id below `id`. */
export interface ListCursor {
  start: Date
  /** Null for a bare instant (`before=2025-03-14T00:00:00Z`): everything that starts before it. */
  id: number | null
}

const CURSOR = /^(.+?)(?:_(\d{1,10}))?$/

/**
 * `{start}_{id}`: the start (an ISO date-time) and the id of the last item of the page before; or a bare ISO date-time.
 * Null when it is neither. A '+' of an offset that arrived unencoded (read as a space) is put back.
 */
export function parseCursor(value: string): ListCursor | null {
  const match = CURSOR.exec(value.trim().replace(/ (\d{2}:?\d{2})(?=_\d+$|$)/, '+$1'))
  if (!match) return null
  const start = parseDateTime(match[1]!)
  const id = match[2] === undefined ? null : Number(match[2])
  if (!start || (id !== null && (id < 1 || id > 2_147_483_647))) return null
  return { start, id }
}

/** The cursor of the page after the one `last` ends. */
export function cursorAfter(last: { id: number; date: string }): string {
  return `${new Date(last.date).toISOString()}_${last.id}`
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LIST_PAGE_MAX}.`
const BEFORE_MESSAGE =
  'before must be an ISO date-time, optionally followed by _ and an id (2025-03-14T00:00:00.000Z_42).'

/**
 * `?limit=&before=` of GET /api/roster/events and /api/roster/trainings. Both optional: without either the call
 * answers its whole list as it always has; with either, one page, newest first.
 */
export const listPageQuerySchema = z.object({
  limit: numberInput(LIMIT_MESSAGE, { integer: true })
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(LIST_PAGE_MAX, LIMIT_MESSAGE))
    .optional()
    .meta({
      description: `Answer one page of at most this many, newest first (1 to ${LIST_PAGE_MAX}; ${LIST_PAGE_DEFAULT} when only \`before\` is given). The answer's \`Link\` header names the next page.`,
    }),
  before: text()
    .refine((value) => parseCursor(value) !== null, BEFORE_MESSAGE)
    .optional()
    .meta({
      description:
        'Only what starts before this: `{date}_{id}` of the last item of the page before (its `date` as answered, any offset), or a bare ISO date-time.',
    }),
})
export type ListPageQuery = z.output<typeof listPageQuerySchema>

/** The page a query asks for, or null for the whole list. */
export function pageOf(query: ListPageQuery): { limit: number; before: ListCursor | null } | null {
  if (query.limit === undefined && query.before === undefined) return null
  return { limit: query.limit ?? LIST_PAGE_DEFAULT, before: query.before ? parseCursor(query.before) : null }
}
