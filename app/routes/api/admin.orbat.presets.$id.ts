import type { Route } from './+types/admin.orbat.presets.$id'
import { methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deletePreset, presetNameSchema, renamePreset } from '#server/orbat/presets.ts'

// PUT /api/admin/orbat/presets/{id}: {name} rename. DELETE /api/admin/orbat/presets/{id} (spec 1 §7).
// GET is not served here: answer 405 JSON (after the admin check) rather than the router's loader-less error.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireAdmin(request, context)
    return methodNotAllowed()
  })
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const services = getServices(context)
    if (request.method === 'PUT') {
      const id = parseId(params.id, 'Preset')
      const input = parseInput(presetNameSchema, await readJsonObject(request), 'Invalid preset.')
      const preset = await runAdmin(services, (tx) => renamePreset(tx, admin, id, input))
      return { message: 'Preset renamed.', preset }
    }
    if (request.method === 'DELETE') {
      const id = parseId(params.id, 'Preset')
      await runAdmin(services, (tx) => deletePreset(tx, admin, id))
      return { message: 'Preset deleted.' }
    }
    return methodNotAllowed()
  })
}
