import type { Route } from './+types/roster.trainings.$id'
import { trainingSchema } from '#contracts/trainings.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteTraining, updateTraining } from '#server/roster/trainings.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT and DELETE /api/roster/trainings/{id}.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Training')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(trainingSchema, await readJsonObject(request), 'Please correct the training form.')
      return { message: 'Training updated!', training: await updateTraining(services, admin, id, input) }
    }

    await deleteTraining(services, admin, id)
    return { message: 'Training deleted.' }
  })
}
