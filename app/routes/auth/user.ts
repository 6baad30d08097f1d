import type { Route } from './+types/user'
import { getServices } from '#server/context.ts'
import { getUser, toPublicUser } from '#server/auth/user.ts'

// GET /auth/user: the session call. 200 with the user, or 401 {error} (docs/rules/api.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const user = await getUser(services, request)
  if (!user)
    return Response.json({ error: 'Not logged in.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
  return Response.json(await toPublicUser(services.db, user), { headers: { 'Cache-Control': 'no-store' } })
}
