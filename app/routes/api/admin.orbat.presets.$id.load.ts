import type { Route } from './+types/admin.orbat.presets.$id.load'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { loadPreset } from '#server/orbat/presets.ts'

// POST /api/admin/orbat/presets/{id}/load (docs/rules/orbat.md, presets): the preset's layout in the GET /api/orbat
// shape, without people, for the editor. Changes nothing: the editor's next Save writes it.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return loadPreset(getServices(context).db, parseId(params.id, 'Preset'))
  })
}
