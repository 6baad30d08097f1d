import type { z } from 'zod'

// One entry of the API reference: the route's method and path, who may call it, and the zod schemas the route itself
// validates with (imported from contracts/, never copied), so the document cannot drift from what the routes accept.

/**
 * Who may call an operation. `user` and `admin` accept the session cookie or a personal API token (its scopes decide:
 * reads need `read`, writes `member`, admin calls `admin`); `game-server` only a server token.
 */
type Access = 'public' | 'optional-user' | 'user' | 'admin' | 'game-server'

type Method = 'get' | 'post' | 'put' | 'delete'

export interface ApiOperation {
  method: Method
  /** OpenAPI path: `/api/roster/events/{id}` (React Router's `:id` in curly braces). */
  path: string
  tag: string
  summary: string
  access: Access
  description?: string
  /** Path parameters that mean something else here than their name does elsewhere (server/openapi/path-parameters.ts). */
  params?: Record<string, z.ZodType>
  body?: z.ZodType
  query?: z.ZodObject
  response?: z.ZodType
  /** The success status (200 unless told; 202 for work queued, not yet done). */
  status?: 200 | 201 | 202
  /** The success answer's media type when it is not JSON (an image, an event stream, a calendar). */
  produces?: string
  /** A file sent as the raw body (these media types) or as this multipart field, instead of a JSON body. */
  upload?: { field: string; types: string[] }
}

type Extra = Omit<ApiOperation, 'method' | 'path' | 'access' | 'summary' | 'tag'>

/** A short builder so each table reads one operation per line. */
export function operationsOf(tag: string) {
  const make =
    (method: Method) =>
    (path: string, access: Access, summary: string, extra: Extra = {}): ApiOperation => ({
      method,
      path,
      tag,
      summary,
      access,
      ...extra,
    })
  return { get: make('get'), post: make('post'), put: make('put'), delete: make('delete') }
}
