import type { Route } from './+types/loa.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'
import { withdrawLeave } from '#server/leave/leave.ts'

// DELETE /api/loa/{id}: the member withdraws their own pending request (kept on record as withdrawn).
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return { leave: await withdrawLeave(getServices(context), user, parseId(params.id, 'Leave')) }
  })
}
