import type { Route } from './+types/roster.promotions.run'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { runPromotions } from '#server/roster/promotions.ts'

// POST /api/roster/promotions/run -> {message, promotedMembers: [{name, from, to}]}: the weekly run on demand. Discord
// failures after the commit never fail it.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return runPromotions(getServices(context), admin)
  })
}
