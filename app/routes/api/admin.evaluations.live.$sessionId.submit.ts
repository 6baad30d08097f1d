import type { Route } from './+types/admin.evaluations.live.$sessionId.submit'
import { submitEvaluationSchema } from '#contracts/evaluations.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { submitEvaluation } from '#server/assessments/evaluations.ts'

// POST /api/admin/evaluations/live/{sessionId}/submit {notes} -> {messages: [{text, type}], evaluationId}.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const { notes } = parseInput(submitEvaluationSchema, await readJsonObject(request))
    return submitEvaluation(getServices(context), admin, params.sessionId, notes)
  })
}
