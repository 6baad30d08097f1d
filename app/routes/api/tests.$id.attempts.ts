import type { Route } from './+types/tests.$id.attempts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listAttempts } from '#server/assessments/queries.ts'

// GET /api/tests/{id}/attempts (admin, Manage Test): {attempts, memberStatusList, requiredScore}.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listAttempts(getServices(context).db, parseId(params.id, 'Test'))
  })
}
