import type { Route } from './+types/roster.members.$id.unban'
import { ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { unbanMember } from '#server/roster/members.ts'

// POST /api/roster/members/{id}/unban.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const member = await unbanMember(getServices(context), admin, parseId(params.id, 'Member'))
    return { message: ROSTER_MESSAGES.memberUnbanned, member }
  })
}
