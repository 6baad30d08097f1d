import type { Route } from './+types/admin.orbat.import.sqm'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { loadOrbat } from '#server/orbat/orbat.ts'
import { applyImport, previewImport } from '#server/orbat/mission/mission-file.ts'
import { readMissionOffThread } from '#server/orbat/mission/pool.ts'
import { readMissionUpload } from '#server/orbat/mission/upload.ts'

// POST /api/admin/orbat/import/sqm (docs/rules/orbat.md, The mission file): a mission.sqm (text/plain or multipart,
// at most 10 MB) read into a proposed ORBAT; nothing changes. With ?apply=1 the proposal is saved through the ordinary
// ORBAT save and the answer is that of PUT /api/admin/orbat/save.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const services = getServices(context)
    const bytes = await readMissionUpload(request)
    if (new URL(request.url).searchParams.get('apply') !== '1') return previewImport(services.db, bytes)
    const result = await applyImport(services, admin, (await readMissionOffThread(bytes)).squads)
    return {
      message: 'ORBAT Saved Successfully!',
      kept: result.kept,
      removed: result.removed,
      moved: result.moved,
      placements: result.placements.length,
      orbat: await loadOrbat(services.db),
    }
  })
}
