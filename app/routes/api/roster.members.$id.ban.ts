import type { Route } from './+types/roster.members.$id.ban'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, postActivity, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { banMember, banSchema } from '#server/roster/members.ts'
import { placementLine } from '#server/waitlist/waitlist.ts'

// POST /api/roster/members/{id}/ban {reason}: the member leaves their slot and the waitlist (spec 2 §4, §5).
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    const id = parseId(params.id, 'Member')
    const { reason } = parseInput(banSchema, await readJsonObject(request))
    const services = getServices(context)
    const result = await runAdmin(services, (tx) => banMember(tx, admin, id, reason))
    if (result.placement) postActivity(services, [placementLine(result.placement)])
    return { message: 'Member banned.', member: result.member, freedSlot: result.freedSlot }
  })
}
