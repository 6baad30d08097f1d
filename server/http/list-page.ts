import { cursorAfter, listPageQuerySchema, pageOf, type ListCursor } from '#contracts/paging.ts'
import { parseInput } from '../lib/request.ts'

// `?limit=&before=` of the /api lists that grow with a unit's history (docs/rules/api.md, Pagination): without either
// the whole list as it always was; with either, one page, and a Link header naming the next one.

export interface ListPage {
  limit: number
  before: ListCursor | null
}

/** The page a request asks for, or null for the whole list; a malformed value is a 400. */
export function readListPage(request: Request): ListPage | null {
  const params = new URL(request.url).searchParams
  return pageOf(
    parseInput(listPageQuerySchema, {
      limit: params.get('limit') ?? undefined,
      before: params.get('before') ?? undefined,
    }),
  )
}

/** The list as JSON; a full page carries `Link: <...?limit=N&before=...>; rel="next"` (RFC 8288). */
export function listAnswer<T extends { id: number; date: string }>(
  request: Request,
  items: T[],
  page: ListPage | null,
): Response {
  const last = items.at(-1)
  if (!page || !last || items.length < page.limit) return Response.json(items)
  const next = new URL(request.url)
  next.searchParams.set('limit', String(page.limit))
  next.searchParams.set('before', cursorAfter(last))
  return Response.json(items, { headers: { Link: `<${next.pathname}${next.search}>; rel="next"` } })
}
