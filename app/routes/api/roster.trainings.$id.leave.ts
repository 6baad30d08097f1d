import type { Route } from './+types/roster.trainings.$id.leave'
import { methodNotAllowed, parseId } from '#server/admin/request.ts'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { leaveTraining } from '#server/roster/trainings.ts'

// POST /api/roster/trainings/{id}/leave (spec 2 §7): {message} or {error}.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') methodNotAllowed()
    const services = getServices(context)
    const user = await getUser(services, request)
    const id = parseId(params.id, 'Training')
    return services.db.transaction((tx) => leaveTraining(tx, user, id))
  })
}
