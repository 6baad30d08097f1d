import type { Route } from './+types/slot.signup'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { signUp } from '#server/orbat/actions.ts'
import { slotIdOf } from '#server/orbat/slots.ts'

// POST /api/slot/{id}/signup (spec 1 §7): no body; errors in {error}.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const result = await signUp(getServices(context), user, slotIdOf(params.id))
    return { message: 'Successfully signed up!', slotId: result.slotId }
  })
}
