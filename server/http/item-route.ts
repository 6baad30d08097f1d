import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import type { User } from '#db/schema/users-sessions.ts'
import { requireUser } from '../auth/user.ts'
import { getServices, type AppServices } from '../context.ts'
import { apiHandler } from '../errors.ts'
import { parseId, parseInput, parseStrictInput, readJsonObject } from '../lib/request.ts'

// The action of an admin /api item route (/api/admin/…/{id}): PUT edits the item with a JSON body checked by the
// contract's schema, DELETE removes it; each calls its use case. The route exports `methods` ['PUT', 'DELETE'] (the
// HTTP layer answers 405 to any other); a malformed id is 404.

interface ItemRoute<S extends z.ZodType> {
  /** Names the item in "… not found." */
  what: string
  schema: S
  /** The message of a body that fails the schema in more than one field. */
  invalid: string
  /** PUT: runs the use case and gives the answer. */
  update: (services: AppServices, admin: User, id: number, input: z.output<S>) => Promise<unknown>
  /** DELETE: the use case, and the answer's message. */
  remove: (services: AppServices, admin: User, id: number) => Promise<unknown>
  removed: string
  /** A body key the schema does not name is 400 naming it (docs/security.md), rather than ignored. */
  strict?: boolean
}

interface ItemActionArgs {
  request: Request
  context: Readonly<RouterContextProvider>
  params: { id?: string }
}

export function adminItemAction<S extends z.ZodType>(route: ItemRoute<S>) {
  return ({ request, context, params }: ItemActionArgs) =>
    apiHandler(async () => {
      const admin = await requireUser(request, context, 'admin')
      const id = parseId(params.id, route.what)
      const services = getServices(context)
      if (request.method === 'DELETE') {
        await route.remove(services, admin, id)
        return { message: route.removed }
      }
      const parse = route.strict ? parseStrictInput : parseInput
      const input = parse(route.schema, await readJsonObject(request), route.invalid)
      return route.update(services, admin, id, input)
    })
}
