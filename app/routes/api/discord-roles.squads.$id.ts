import type { Route } from './+types/discord-roles.squads.$id'
import { squadMappingUpdateSchema } from '#contracts/discord.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { deleteSquadMapping, updateSquadMapping } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/discord-roles/squads/{id} {create_discord_channel}; DELETE /api/discord-roles/squads/{id} (also deletes
// the role and channel the app created).
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Squad role mapping')
    const services = getServices(context)
    if (request.method === 'PUT')
      return updateSquadMapping(
        services,
        admin,
        id,
        parseInput(squadMappingUpdateSchema, await readJsonObject(request)),
      )
    return deleteSquadMapping(services, admin, id)
  })
}
