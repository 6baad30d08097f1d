import type { Route } from './+types/roster.bmt-graduate'
import { adminGetNotAllowed, methodNotAllowed, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { graduateBmts, graduateSchema, syncPromotions } from '#server/roster/promotions.ts'

// POST /api/roster/bmt-graduate {memberIds, completionDate} (spec 2 §7): the selected BMTs become JNCO.
export const loader = adminGetNotAllowed

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    const { memberIds, completionDate } = parseInput(graduateSchema, await readJsonObject(request))
    const services = getServices(context)
    const graduated = await runAdmin(services, (tx) => graduateBmts(tx, admin, memberIds, completionDate))
    await syncPromotions(services, graduated, false)
    return { message: 'Members promoted to JNCO!', graduated: graduated.map((p) => p.name) }
  })
}
