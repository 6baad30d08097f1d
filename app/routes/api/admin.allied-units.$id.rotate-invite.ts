import type { Route } from './+types/admin.allied-units.$id.rotate-invite'
import { ALLY_MESSAGES, rotateInviteSchema } from '#contracts/allies.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { rotateInvite } from '#server/allies/allies.ts'

// POST /api/admin/allied-units/{id}/rotate-invite {invite_expires_in_days?} -> {invite_url, message}: a new invite
// link; the old one stops working at once. Guests who joined by it stay.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Allied unit')
    const input = parseStrictInput(rotateInviteSchema, await readJsonObject(request), 'Please correct the link.')
    const { invite_url } = await rotateInvite(getServices(context), admin, id, input.invite_expires_in_days)
    return { invite_url, message: ALLY_MESSAGES.rotated }
  })
}
