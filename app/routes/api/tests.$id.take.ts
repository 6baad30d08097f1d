import type { Route } from './+types/tests.$id.take'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getTestForTaking, parseTestRef } from '#server/assessments/queries.ts'

// GET /api/tests/{uuid}/take (also by id): the questions without correct answers, for a member approved to take it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return getTestForTaking(getServices(context).db, user, parseTestRef(params.id))
  })
}
