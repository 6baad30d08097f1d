import type { Route } from './+types/admin.tests.$id.evaluation-questions'
import { evaluationChecklistSchema } from '#contracts/assessments.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { evaluationQuestions, findTest } from '#server/assessments/queries.ts'
import { saveEvaluationChecklist } from '#server/assessments/tests.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET and PUT /api/admin/tests/{id}/evaluation-questions {questions}: the in-game evaluation checklist.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const db = getServices(context).db
    const test = await findTest(db, parseId(params.id, 'Test'))
    return evaluationQuestions(db, test.id)
  })
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Test')
    const { questions } = parseInput(
      evaluationChecklistSchema,
      await readJsonObject(request),
      'Please correct the checklist.',
    )
    return saveEvaluationChecklist(getServices(context), admin, id, questions)
  })
}
