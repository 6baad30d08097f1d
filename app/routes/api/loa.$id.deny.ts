import type { Route } from './+types/loa.$id.deny'
import { leaveDenySchema } from '#contracts/leave.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { denyLeave } from '#server/leave/leave.ts'

// POST /api/loa/{id}/deny {reason} (admin): a pending request is denied with a reason the member reads.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Leave')
    const input = parseStrictInput(leaveDenySchema, await readJsonObject(request))
    return { leave: await denyLeave(getServices(context), admin, id, input) }
  })
}
