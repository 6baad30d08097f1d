import type { Route } from './+types/discord-roles.purge-squad-integrations'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { purgeSquadIntegrations } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'

// POST /api/discord-roles/purge-squad-integrations (admin): every squad mapping, and the roles and channels it made.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return purgeSquadIntegrations(getServices(context), admin)
  })
}
