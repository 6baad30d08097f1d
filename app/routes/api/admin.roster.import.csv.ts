import type { Route } from './+types/admin.roster.import.csv'
import { csvImportSchema } from '#contracts/moving.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { applyCsvImport, ImportRefused, previewCsvImport } from '#server/moving/csv-import.ts'

// POST /api/admin/roster/import/csv {csv, mapping?, rank_map?, create_missing?, apply?} (docs/rules/roster.md, Moving
// in and out): without apply, the preview (every row's action and errors); with apply: true, the import, all or
// nothing (400 with the rows when any row has an error).
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseStrictInput(csvImportSchema, await readJsonObject(request))
    const services = getServices(context)
    if (!input.apply) return previewCsvImport(services.db, input)
    try {
      return await applyCsvImport(services, admin, input)
    } catch (error) {
      if (error instanceof ImportRefused)
        return Response.json({ error: error.message, ...error.preview }, { status: 400 })
      throw error
    }
  })
}
