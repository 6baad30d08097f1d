import type { Route } from './+types/roster.bmt-graduate'
import { graduateSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { graduateBmts } from '#server/roster/promotions.ts'

// POST /api/roster/bmt-graduate {memberIds, completionDate} (docs/rules/roster.md, BMT graduation): the selected BMTs
// become JNCO.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const { memberIds, completionDate } = parseInput(graduateSchema, await readJsonObject(request))
    const graduated = await graduateBmts(getServices(context), admin, memberIds, completionDate)
    return { message: ROSTER_MESSAGES.graduated, graduated: graduated.map((p) => p.name) }
  })
}
