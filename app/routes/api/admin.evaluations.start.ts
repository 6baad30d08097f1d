import type { Route } from './+types/admin.evaluations.start'
import { startEvaluationSchema } from '#contracts/evaluations.ts'
import { parseInput, readJsonObject } from '#server/http/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { startEvaluation } from '#server/assessments/evaluations.ts'

// POST /api/admin/evaluations/start {testId, evaluateeId} -> {sessionId, resumed}.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const started = await startEvaluation(
      getServices(context),
      admin,
      parseInput(startEvaluationSchema, await readJsonObject(request)),
    )
    return Response.json(started, { status: started.resumed ? 200 : 201 })
  })
}
