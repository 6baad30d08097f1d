import type { Route } from './+types/admin.orbat.save'
import { orbatSaveSchema } from '#contracts/orbat.ts'
import type { SaveVia } from '#contracts/orbat-history.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { loadOrbat } from '#server/orbat/orbat.ts'
import { saveOrbatLayout } from '#server/orbat/save.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/admin/orbat/save (docs/decisions/012-orbat-save-keeps-concurrent-sign-ups.md): {squads, slots (with
// squadName), edges, waypoints, pax_counters} in one transaction. Answers the fresh ORBAT so the editor continues from
// what was stored, and the squads the save moved so that no cards overlap (`moved`).
export const methods: ApiMethod[] = ['PUT']

/** What a version's summary says first of a layout that did not come from the editor's own hands. */
const VIA_NOTES: Record<SaveVia, string | undefined> = {
  editor: undefined,
  preset: 'Preset loaded',
  import: 'Imported',
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(orbatSaveSchema, await readJsonObject(request), 'Invalid ORBAT.')
    const services = getServices(context)
    const { via = 'editor', ...layout } = input
    const result = await saveOrbatLayout(services, admin, layout, { via, note: VIA_NOTES[via] })
    return {
      message: 'ORBAT Saved Successfully!',
      version: result.version,
      kept: result.kept,
      removed: result.removed,
      moved: result.moved,
      placements: result.placements.length,
      orbat: await loadOrbat(services.db),
    }
  })
}
