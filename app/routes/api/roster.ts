import type { Route } from './+types/roster'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { cachedPublicRoster } from '#server/roster/cache.ts'
import { listRoster, parseRosterQuery } from '#server/roster/roster.ts'

// GET /api/roster: public; admins also see the member fields the roster admin edits and may ask for the banned list
// (is_banned=true). The ORBAT editor's autocomplete reads it with limit=9999.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const services = getServices(context)
    const user = await getUser(services, request)
    const query = parseRosterQuery(new URL(request.url))
    if (user?.is_admin) return listRoster(services.db, query, { admin: true })
    return cachedPublicRoster(JSON.stringify(query), () => listRoster(services.db, query, { admin: false }))
  })
}
