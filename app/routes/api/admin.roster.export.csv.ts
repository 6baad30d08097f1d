import type { Route } from './+types/admin.roster.export.csv'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { csvDownload } from '#server/moving/download.ts'
import { rosterCsv } from '#server/moving/exports.ts'

// GET /api/admin/roster/export.csv: the roster in the columns the CSV import reads (an export imports back unchanged).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return csvDownload(await rosterCsv(getServices(context).db), 'roster')
  })
}
