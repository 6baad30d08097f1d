import type { Route } from './+types/tests.$id.submit'
import { submitTestSchema } from '#contracts/assessments.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { submitTest } from '#server/assessments/attempts.ts'
import { parseTestRef } from '#server/assessments/queries.ts'

// POST /api/tests/{id}/submit (the id or the uuid) {answers: {questionId: index}} -> {score, passed, attemptUuid}.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const ref = parseTestRef(params.id)
    const input = parseInput(submitTestSchema, await readJsonObject(request))
    return submitTest(getServices(context), user, ref, input)
  })
}
