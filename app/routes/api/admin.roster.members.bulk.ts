import type { Route } from './+types/admin.roster.members.bulk'
import { bulkSchema } from '#contracts/moving.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { bulkMemberAction, refuseUnknownKeys } from '#server/moving/bulk.ts'

// POST /api/admin/roster/members/bulk {member_ids, action, ...the action's fields}: one action on many members, all
// or nothing (docs/rules/roster.md, Moving in and out) -> {changed}.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const body = await readJsonObject(request)
    refuseUnknownKeys(body)
    return bulkMemberAction(getServices(context), admin, parseInput(bulkSchema, body))
  })
}
