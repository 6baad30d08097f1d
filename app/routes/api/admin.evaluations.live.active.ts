import type { Route } from './+types/admin.evaluations.live.active'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listActiveSessions } from '#server/assessments/evaluation-queries.ts'

// GET /api/admin/evaluations/live/active: Active Evaluations In Progress.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listActiveSessions(getServices(context).db)
  })
}
