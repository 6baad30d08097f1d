import type { Route } from './+types/admin.allied-units.$id.guests.$userId'
import { ALLY_MESSAGES } from '#contracts/allies.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'
import { removeGuest } from '#server/allies/allies.ts'

// DELETE /api/admin/allied-units/{id}/guests/{userId} -> {message}: the guest is no longer one; their slot and waitlist
// place are given up (the slot offered to the waitlist).
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Allied unit')
    const userId = parseId(params.userId, 'Guest')
    await removeGuest(getServices(context), admin, id, userId)
    return { message: ALLY_MESSAGES.guestRemoved }
  })
}
