import type { Route } from './+types/admin.waitlist'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { purgeWaitlist } from '#server/orbat/waitlist/eligible-roles.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// DELETE /api/admin/waitlist: purges the waitlist (Danger Zone).
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const removed = await purgeWaitlist(getServices(context), admin)
    return { message: 'Waitlist purged successfully.', removed }
  })
}
