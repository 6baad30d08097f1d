import type { Route } from './+types/roster.members.$id.ban'
import { banSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { banMember } from '#server/roster/members.ts'

// POST /api/roster/members/{id}/ban {reason}: the member leaves their slot and the waitlist (docs/rules/roster.md,
// bans).
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Member')
    const { reason } = parseInput(banSchema, await readJsonObject(request))
    const result = await banMember(getServices(context), admin, id, reason)
    return { message: ROSTER_MESSAGES.memberBanned, member: result.member, freedSlot: result.freedSlot }
  })
}
