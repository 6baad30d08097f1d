import type { Route } from './+types/admin.orbat.versions.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getVersion } from '#server/orbat/history.ts'

// GET /api/admin/orbat/versions/{id}: the version's whole layout and its diff against the version before it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getVersion(getServices(context).db, parseId(params.id, 'Version'))
  })
}
