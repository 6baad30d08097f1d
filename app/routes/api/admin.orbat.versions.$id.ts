import type { Route } from './+types/admin.orbat.versions.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getVersionWithReseat } from '#server/orbat/restore.ts'

// GET /api/admin/orbat/versions/{id}: the version's whole layout, its diff against the version before it, and who a
// restore of it now would put back in the slots it brings back (docs/rules/orbat-history.md).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getVersionWithReseat(getServices(context).db, parseId(params.id, 'Version'))
  })
}
