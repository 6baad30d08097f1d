import type { Route } from './+types/loa.$id.end'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { endLeave } from '#server/leave/leave.ts'

// POST /api/loa/{id}/end (the member whose leave it is, or an admin): an approved leave ends at once.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return { leave: await endLeave(getServices(context), user, parseId(params.id, 'Leave')) }
  })
}
