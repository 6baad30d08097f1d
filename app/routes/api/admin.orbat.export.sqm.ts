import type { Route } from './+types/admin.orbat.export.sqm'
import { MISSION_FILE } from '#contracts/mission-file.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { exportToMission } from '#server/orbat/mission/mission-file.ts'
import { readMissionUpload } from '#server/orbat/mission/upload.ts'

// POST /api/admin/orbat/export/sqm (docs/rules/orbat.md, The mission file): the mission file as the body, answered
// with a copy in which role descriptions, callsigns and variable names follow the ORBAT; every other byte as sent. A
// binarized file is answered in Eden's text form (Arma reads both), and X-Mission-Binarized says so.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const result = await exportToMission(getServices(context).db, await readMissionUpload(request))
    return new Response(new Uint8Array(result.bytes), {
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${MISSION_FILE.downloadName}"`,
        'X-Mapped-Units': String(result.mapped),
        'X-Unmapped-Units': String(result.unmapped),
        'X-Mission-Binarized': String(result.binarized),
      },
    })
  })
}
