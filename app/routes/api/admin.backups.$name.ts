import type { Route } from './+types/admin.backups.$name'
import { requireUser } from '#server/auth/user.ts'
import { backupDownload } from '#server/backups/download.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/admin/backups/{name}: one backup file of BACKUP_DIR as a tar download (the Backups page's Download links),
// audit-logged; an unknown or invalid name is 404 {error: 'There is no such backup.'}.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return backupDownload(getServices(context), admin, params.name)
  })
}
