import type { Route } from './+types/admin.evaluations.session.$sessionId.live'
import { recheckUser, requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { liveSessionStream } from '#server/assessments/evaluation-live.ts'

// GET /api/admin/evaluations/session/{sessionId}/live: Server-Sent Events, the live session now and after every
// change (event "session"), then "ended" when it is submitted or cancelled, or the viewer's access ends.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const services = getServices(context)
    // Checked again while the stream is open: a logout, a ban, a revoked token or a lost role ends it.
    const stillAdmin = async () => (await recheckUser(services, request))?.is_admin === true
    return liveSessionStream(services, params.sessionId, request.signal, stillAdmin)
  })
}
