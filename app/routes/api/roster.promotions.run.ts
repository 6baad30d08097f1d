import type { Route } from './+types/roster.promotions.run'
import { adminGetNotAllowed, methodNotAllowed } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { runPromotions } from '#server/roster/actions.ts'

// POST /api/roster/promotions/run (spec 2 §7) -> {message, promotedMembers: [{name, from, to}]}: the weekly run on
// demand. Discord failures after the commit never fail it.
export const loader = adminGetNotAllowed

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    return runPromotions(getServices(context), admin)
  })
}
