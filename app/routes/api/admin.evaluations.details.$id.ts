import type { Route } from './+types/admin.evaluations.details.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getEvaluationDetails } from '#server/assessments/evaluation-queries.ts'

// GET /api/admin/evaluations/details/{id}: View evaluation.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getEvaluationDetails(getServices(context).db, parseId(params.id, 'Evaluation'))
  })
}
