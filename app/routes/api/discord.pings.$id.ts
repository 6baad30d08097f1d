import type { Route } from './+types/discord.pings.$id'
import { cancelPingSchema } from '#contracts/discord.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { cancelPing } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// DELETE /api/discord/pings/{id} {type} (admin): cancels a pending ping (409 once it is sent, failed or sending).
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Ping')
    const { type } = parseInput(cancelPingSchema, await readJsonObject(request))
    return cancelPing(getServices(context), admin, id, type)
  })
}
