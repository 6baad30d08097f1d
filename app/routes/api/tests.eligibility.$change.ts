import type { Route } from './+types/tests.eligibility.$change'
import { eligibilityChangeSchema, eligibilitySchema } from '#contracts/assessments.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler, NotFound } from '#server/errors.ts'
import { grantEligibility, revokeEligibility } from '#server/assessments/attempts.ts'

// POST /api/tests/eligibility/grant and /revoke {testId, memberId} (admin): Approve and Revoke in Manage Test.
const CHANGES = { grant: grantEligibility, revoke: revokeEligibility }

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const change = eligibilityChangeSchema.safeParse(params.change)
    if (!change.success) throw new NotFound()
    const input = parseInput(eligibilitySchema, await readJsonObject(request))
    return CHANGES[change.data](getServices(context), admin, input)
  })
}
