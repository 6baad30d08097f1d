import type { Route } from './+types/tests.$id'
import { testFormSchema } from '#contracts/assessments.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getAdminTest } from '#server/assessments/queries.ts'
import { deleteTest, updateTest } from '#server/assessments/tests.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET, PUT and DELETE /api/tests/{id} (admin): the test editor's test with its correct answers and checklist.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getAdminTest(getServices(context).db, parseId(params.id, 'Test'))
  })
}

export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Test')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(testFormSchema, await readJsonObject(request), 'Please correct the test form.')
      return updateTest(services, admin, id, input)
    }

    await deleteTest(services, admin, id)
    return { message: 'Test deleted.' }
  })
}
