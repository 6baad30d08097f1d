import type { Route } from './+types/admin.evaluations.live.$sessionId'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { cancelEvaluation } from '#server/assessments/evaluations.ts'
import { getLiveSession } from '#server/assessments/evaluation-queries.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET /api/admin/evaluations/live/{sessionId}: the live session (404 once it is finished).
// DELETE: Cancel the evaluation (nothing is recorded).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getLiveSession(getServices(context).db, params.sessionId)
  })
}

export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return cancelEvaluation(getServices(context), admin, params.sessionId)
  })
}
