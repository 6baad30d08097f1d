import type { Route } from './+types/tests.attempt.$uuid.result'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getAttemptResult } from '#server/assessments/queries.ts'

// GET /api/tests/attempt/{uuid}/result: for the member who made the attempt, or an admin (others get 404).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () =>
    getAttemptResult(getServices(context).db, await requireUser(request, context), params.uuid),
  )
}
