import type { Route } from './+types/admin.evaluations.start'
import { startEvaluationSchema } from '#contracts/evaluations.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { startEvaluation } from '#server/assessments/evaluations.ts'

// POST /api/admin/evaluations/start {testId, evaluateeId} -> {sessionId, resumed}.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const started = await startEvaluation(
      getServices(context),
      admin,
      parseInput(startEvaluationSchema, await readJsonObject(request)),
    )
    return Response.json(started, { status: started.resumed ? 200 : 201 })
  })
}
