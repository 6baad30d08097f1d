import type { Route } from './+types/roster.members.$id.record'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { readMemberRecord } from '#server/personnel/record.ts'

// GET /api/roster/members/{id}/record: the full service record, for admins (with notes) and the member themselves
// (without); 401 anonymous, 403 anyone else (docs/rules/personnel.md).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const viewer = await requireUser(request, context)
    return readMemberRecord(getServices(context).db, viewer, parseId(params.id, 'Member'))
  })
}
