import type { Route } from './+types/slot.leave'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { leave } from '#server/orbat/actions.ts'
import { slotIdOf } from '#server/orbat/slots.ts'

// POST /api/slot/{id}/leave (spec 1 §7): no body; only one's own slot.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const result = await leave(getServices(context), user, slotIdOf(params.id))
    return { message: 'You have left the slot.', slotId: result.slotId }
  })
}
