import type { Route } from './+types/roster.admin.member.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getAdminMember } from '#server/personnel/member-views.ts'

// GET /api/roster/admin/member/{id}: every field plus the ids the edit form ticks.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getAdminMember(getServices(context).db, parseId(params.id, 'Member'))
  })
}
