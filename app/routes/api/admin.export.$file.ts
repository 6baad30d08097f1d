import type { Route } from './+types/admin.export.$file'
import { EXPORT_LISTS, type ExportList } from '#contracts/moving.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler, NotFound } from '#server/errors.ts'
import { csvDownload } from '#server/moving/download.ts'
import { auditRange, listCsv } from '#server/moving/exports.ts'

// GET /api/admin/export/{list}.csv, list one of events, trainings, qualifications, awards, leave, applications,
// audit-log (the last with ?from=&to=, YYYY-MM-DD, both days included): the admin list as CSV.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const list = /^(.+)\.csv$/.exec(params.file ?? '')?.[1]
    if (!list || !(EXPORT_LISTS as readonly string[]).includes(list)) throw new NotFound('No such list.')
    const range = list === 'audit-log' ? auditRange(new URL(request.url)) : undefined
    return csvDownload(await listCsv(getServices(context).db, list as ExportList, range), list)
  })
}
