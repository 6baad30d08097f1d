import type { Route } from './+types/discord-roles.squads'
import { squadMappingCreateSchema } from '#contracts/discord.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { createSquadMapping, listSquadMappings } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/discord-roles/squads (admin): the squad role mappings {id, squad_id, squad_name, discord_role_id,
// create_discord_channel, discord_channel_id} (the ORBAT editor reads them too). POST {squad_id,
// create_discord_channel}: creates the squad's Discord role (and channel when asked), then the mapping.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listSquadMappings(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(squadMappingCreateSchema, await readJsonObject(request))
    return Response.json(await createSquadMapping(getServices(context), admin, input), { status: 201 })
  })
}
