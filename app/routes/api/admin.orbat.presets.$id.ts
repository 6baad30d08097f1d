import type { Route } from './+types/admin.orbat.presets.$id'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deletePreset, presetNameSchema, renamePreset } from '#server/orbat/presets.ts'

// PUT /api/admin/orbat/presets/{id}: {name} rename. DELETE /api/admin/orbat/presets/{id} (spec 1 §7).
export const loader = adminGetNotAllowed

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
