import type { Route } from './+types/roster.members.$id.activity'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { readMemberActivity } from '#server/activity/member.ts'
import { weeksParam } from '#server/activity/params.ts'

// GET /api/roster/members/{id}/activity?weeks=N: the member's activity row and their sessions, for the member
// themselves and admins; 401 anonymous, 403 anyone else (docs/rules/activity.md).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const viewer = await requireUser(request, context)
    const id = parseId(params.id, 'Member')
    return readMemberActivity(getServices(context).db, viewer, id, weeksParam(request))
  })
}
