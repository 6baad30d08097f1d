import type { Route } from './+types/admin.platoons.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deletePlatoon } from '#server/orbat/platoons.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// DELETE /api/admin/platoons/{id}: its squads become unassigned.
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const result = await deletePlatoon(getServices(context), admin, parseId(params.id, 'Platoon'))
    return { message: 'Platoon deleted.', ...result }
  })
}
