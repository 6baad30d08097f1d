import type { Route } from './+types/discord-roles.ranks'
import { rankRolesSchema } from '#contracts/discord.ts'
import { parseInput, readJsonBody } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listRankMappings, saveRankMappings } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET /api/discord-roles/ranks (admin): one row per rank {id, rank_name, discord_role_id} ('' when unmapped).
// PUT: the whole list, as {mappings: [...]} or a bare array of {rank_name, discord_role_id}.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listRankMappings(getServices(context).db)
  })
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const body = await readJsonBody(request)
    const input = parseInput(rankRolesSchema, Array.isArray(body) ? { mappings: body } : body)
    return saveRankMappings(getServices(context), admin, input)
  })
}
