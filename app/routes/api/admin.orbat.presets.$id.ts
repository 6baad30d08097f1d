import { presetNameSchema } from '#contracts/settings.ts'
import { adminGetNotAllowed } from '#server/admin/request.ts'
import { adminItemAction } from '#server/admin/item-route.ts'
import { deletePreset, renamePreset } from '#server/orbat/presets.ts'

// PUT /api/admin/orbat/presets/{id}: {name} rename. DELETE /api/admin/orbat/presets/{id} (spec 1 §7).
export const loader = adminGetNotAllowed

export const action = adminItemAction({
  what: 'Preset',
  schema: presetNameSchema,
  invalid: 'Invalid preset.',
  update: async (services, admin, id, input) => ({ message: 'Preset renamed.', preset: await renamePreset(services, admin, id, input) }),
  remove: deletePreset,
  removed: 'Preset deleted.',
})
