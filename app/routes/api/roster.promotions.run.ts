import type { Route } from './+types/roster.promotions.run'
import { adminGetNotAllowed, methodNotAllowed, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { runPromotions, syncPromotions } from '#server/roster/promotions.ts'

// POST /api/roster/promotions/run (spec 2 §7) -> {promotedMembers: [{name, from, to}]}: the weekly run on demand.
export const loader = adminGetNotAllowed

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    const services = getServices(context)
    const promotions = await runAdmin(services, (tx) => runPromotions(tx, admin))
    await syncPromotions(services, promotions, true)
    return {
      message: promotions.length ? 'Promotions check complete.' : 'No members were eligible for promotion.',
      promotedMembers: promotions.map((p) => ({ name: p.name, from: p.from, to: p.to })),
    }
  })
}
