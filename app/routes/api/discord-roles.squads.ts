import type { Route } from './+types/discord-roles.squads'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listSquadRoleRecords } from '#server/discord/squad-roles.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/discord-roles/squads (spec 1 §7): the squads' Discord role records (squad_id, create_discord_channel,
// discord_role_id), read by the ORBAT editor. Creating and changing them belongs to the /admin/discord screen.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireAdmin(request, context)
    return listSquadRoleRecords(getServices(context).db)
  })
}
