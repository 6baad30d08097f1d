import type { Route } from './+types/roster.promotions.thresholds'
import { methodNotAllowed, parseInput, readJsonBody, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listThresholds, saveThresholds, thresholdsInputSchema } from '#server/roster/promotions.ts'

// GET and PUT /api/roster/promotions/thresholds (spec 2 §7): one threshold per rank below TEAM; integers only,
// blank removes a threshold.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireAdmin(request, context)
    return listThresholds(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'PUT') methodNotAllowed()
    const input = parseInput(thresholdsInputSchema, await readJsonBody(request))
    const thresholds = await runAdmin(getServices(context), (tx) => saveThresholds(tx, admin, input))
    return { message: 'Promotion thresholds updated!', thresholds }
  })
}
