import type { Route } from './+types/admin.settings'
import { settingInputSchema } from '#contracts/settings.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { saveSetting } from '#server/settings/admin-settings.ts'
import { adminSettings } from '#server/settings/admin-settings.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET /api/admin/settings: every known setting. PUT /api/admin/settings: {key, value} (docs/rules/settings.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return adminSettings(getServices(context).db)
  })
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(settingInputSchema, await readJsonObject(request), 'Invalid setting.')
    const result = await saveSetting(getServices(context), admin, input)
    const message =
      input.key === 'signup_time'
        ? input.value
          ? 'Time lock set successfully.'
          : 'Time lock cleared.'
        : 'Setting saved.'
    return { message, key: result.key, value: result.value, placements: result.placements.length }
  })
}
