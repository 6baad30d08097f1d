import type { Route } from './+types/admin.evaluations.live.$sessionId.answer'
import { evaluationAnswerSchema } from '#contracts/evaluations.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { answerEvaluationQuestion } from '#server/assessments/evaluations.ts'

// POST /api/admin/evaluations/live/{sessionId}/answer {questionId, answer: pass|fail|na} -> the live session.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return answerEvaluationQuestion(
      getServices(context),
      admin,
      params.sessionId,
      parseInput(evaluationAnswerSchema, await readJsonObject(request)),
    )
  })
}
