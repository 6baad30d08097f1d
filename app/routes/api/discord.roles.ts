import type { Route } from './+types/discord.roles'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listRoles } from '#server/discord/guild.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/discord/roles (admin): the guild's roles, highest first, without @everyone and managed roles.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listRoles(getServices(context).discord)
  })
}
