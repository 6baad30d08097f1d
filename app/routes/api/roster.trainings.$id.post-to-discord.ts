import type { Route } from './+types/roster.trainings.$id.post-to-discord'
import { POST_TRAINING_NEEDS, postTrainingSchema } from '#contracts/trainings.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { postTrainingToDiscord } from '#server/discord/pings.ts'
import { apiHandler } from '#server/errors.ts'

// POST /api/roster/trainings/{id}/post-to-discord {channelId, cadreRoleIds}: a channel and at least one cadre role.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Training')
    const input = parseInput(postTrainingSchema, await readJsonObject(request), POST_TRAINING_NEEDS)
    return postTrainingToDiscord(getServices(context), admin, id, input)
  })
}
