import type { Route } from './+types/roster.members.$id.unban'
import { adminGetNotAllowed, methodNotAllowed, parseId, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { unbanMember } from '#server/roster/members.ts'

// POST /api/roster/members/{id}/unban.
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    const member = await runAdmin(getServices(context), (tx) => unbanMember(tx, admin, parseId(params.id, 'Member')))
    return { message: 'Member unbanned.', member }
  })
}
