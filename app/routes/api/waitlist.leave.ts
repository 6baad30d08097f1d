import type { Route } from './+types/waitlist.leave'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { leaveTheWaitlist } from '#server/orbat/actions.ts'

// POST /api/waitlist/leave (spec 1 §7): no body.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    await leaveTheWaitlist(getServices(context), user)
    return { message: 'You have left the waitlist.' }
  })
}
