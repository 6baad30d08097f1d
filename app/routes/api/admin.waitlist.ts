import type { Route } from './+types/admin.waitlist'
import { adminGetNotAllowed, methodNotAllowed } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { purgeWaitlist } from '#server/waitlist/eligible-roles.ts'

// DELETE /api/admin/waitlist (spec 1 §7): purges the waitlist (Danger Zone).
export const loader = adminGetNotAllowed

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'DELETE') methodNotAllowed()
    const removed = await purgeWaitlist(getServices(context), admin)
    return { message: 'Waitlist purged successfully.', removed }
  })
}
