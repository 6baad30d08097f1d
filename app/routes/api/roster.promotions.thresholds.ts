import type { Route } from './+types/roster.promotions.thresholds'
import { ROSTER_MESSAGES, thresholdsSchema } from '#contracts/roster.ts'
import { parseInput, readJsonBody } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { saveThresholds } from '#server/roster/promotions.ts'
import { listThresholds } from '#server/roster/promotions.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET and PUT /api/roster/promotions/thresholds (docs/rules/roster.md, promotions): one threshold per rank below TEAM;
// integers only, blank removes a threshold. The body is {thresholds: [...]} or the list itself.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listThresholds(getServices(context).db)
  })
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const body = await readJsonBody(request)
    const input = parseInput(thresholdsSchema, Array.isArray(body) ? { thresholds: body } : body)
    return {
      message: ROSTER_MESSAGES.thresholdsSaved,
      thresholds: await saveThresholds(getServices(context), admin, input),
    }
  })
}
