import { presetNameSchema } from '#contracts/settings.ts'
import { adminItemAction } from '#server/http/item-route.ts'
import { deletePreset, renamePreset } from '#server/orbat/presets.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/admin/orbat/presets/{id}: {name} rename. DELETE /api/admin/orbat/presets/{id}.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export const action = adminItemAction({
  what: 'Preset',
  schema: presetNameSchema,
  invalid: 'Invalid preset.',
  update: async (services, admin, id, input) => ({
    message: 'Preset renamed.',
    preset: await renamePreset(services, admin, id, input),
  }),
  remove: deletePreset,
  removed: 'Preset deleted.',
})
