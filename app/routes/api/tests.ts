import type { Route } from './+types/tests'
import { testFormSchema } from '#contracts/assessments.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listTestsForUser } from '#server/assessments/queries.ts'
import { createTest } from '#server/assessments/tests.ts'

// GET /api/tests: the test cards with the signed-in member's standing (has_qual, is_eligible, attempt, status).
// POST /api/tests (admin): create a test from the editor's save payload.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => listTestsForUser(getServices(context).db, await requireUser(request, context)))
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(testFormSchema, await readJsonObject(request), 'Please correct the test form.')
    return Response.json(await createTest(getServices(context), admin, input), { status: 201 })
  })
}
