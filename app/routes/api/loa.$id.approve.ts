import type { Route } from './+types/loa.$id.approve'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { approveLeave } from '#server/leave/leave.ts'

// POST /api/loa/{id}/approve (admin): a pending request becomes approved leave.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return { leave: await approveLeave(getServices(context), admin, parseId(params.id, 'Leave')) }
  })
}
