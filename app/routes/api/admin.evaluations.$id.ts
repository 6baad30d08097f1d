import type { Route } from './+types/admin.evaluations.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteEvaluation } from '#server/assessments/evaluations.ts'
import { listCompletedEvaluations } from '#server/assessments/evaluation-queries.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET /api/admin/evaluations/{testId}: the test's completed evaluations (Evaluations dialog).
// DELETE /api/admin/evaluations/{evaluationId}: delete one.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listCompletedEvaluations(getServices(context).db, parseId(params.id, 'Test'))
  })
}

export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return deleteEvaluation(getServices(context), admin, parseId(params.id, 'Evaluation'))
  })
}
