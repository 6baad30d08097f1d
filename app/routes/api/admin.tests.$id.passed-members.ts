import type { Route } from './+types/admin.tests.$id.passed-members'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listPassedMembers } from '#server/assessments/evaluation-queries.ts'

// GET /api/admin/tests/{id}/passed-members: Members Awaiting Evaluation.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listPassedMembers(getServices(context).db, parseId(params.id, 'Test'))
  })
}
