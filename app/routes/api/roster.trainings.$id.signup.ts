import type { Route } from './+types/roster.trainings.$id.signup'
import { methodNotAllowed, parseId } from '#server/admin/request.ts'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { signUpToTraining } from '#server/roster/trainings.ts'

// POST /api/roster/trainings/{id}/signup (spec 2 §7): {message} or {error}.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') methodNotAllowed()
    const services = getServices(context)
    const user = await getUser(services, request)
    const id = parseId(params.id, 'Training')
    return services.db.transaction((tx) => signUpToTraining(tx, user, id))
  })
}
