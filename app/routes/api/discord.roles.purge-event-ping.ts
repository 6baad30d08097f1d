import type { Route } from './+types/discord.roles.purge-event-ping'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { purgeEventPingRole } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'

// POST /api/discord/roles/purge-event-ping (admin): the event ping role leaves every guild member holding it.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return purgeEventPingRole(getServices(context), admin)
  })
}
