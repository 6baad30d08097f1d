import type { Route } from './+types/admin.orbat.versions.$id.restore'
import { HISTORY_MESSAGES } from '#contracts/orbat-history.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { loadOrbat } from '#server/orbat/orbat.ts'
import { restoreVersion } from '#server/orbat/restore.ts'

// POST /api/admin/orbat/versions/{id}/restore: the version's layout becomes the ORBAT through the ordinary save;
// answers as PUT /api/admin/orbat/save does, with the new version's id and who it put back.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Version')
    const services = getServices(context)
    const result = await restoreVersion(services, admin, id)
    return {
      message: HISTORY_MESSAGES.restored(id),
      version: result.version,
      kept: result.kept,
      removed: result.removed,
      moved: result.moved,
      placements: result.placements.length,
      orbat: await loadOrbat(services.db),
      reseat: result.reseat,
    }
  })
}
