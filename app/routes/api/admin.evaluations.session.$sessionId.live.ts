import type { Route } from './+types/admin.evaluations.session.$sessionId.live'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { liveSessionStream } from '#server/assessments/evaluation-live.ts'

// GET /api/admin/evaluations/session/{sessionId}/live: Server-Sent Events, the live session now and after every
// change (event "session"), then "ended" when it is submitted or cancelled.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return liveSessionStream(getServices(context), params.sessionId, request.signal)
  })
}
