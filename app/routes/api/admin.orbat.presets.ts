import type { Route } from './+types/admin.orbat.presets'
import { presetNameSchema } from '#contracts/settings.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listPresets, savePreset } from '#server/orbat/presets.ts'

// GET /api/admin/orbat/presets: [{id, name}]. POST {name}: saves the current ORBAT layout (no people).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listPresets(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(presetNameSchema, await readJsonObject(request), 'Invalid preset.')
    const preset = await savePreset(getServices(context), admin, input)
    return Response.json({ message: 'Preset saved.', preset }, { status: 201 })
  })
}
