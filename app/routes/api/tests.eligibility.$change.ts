import type { Route } from './+types/tests.eligibility.$change'
import { eligibilitySchema } from '#contracts/assessments.ts'
import { parseInput, readJsonObject } from '#server/http/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler, NotFound } from '#server/errors.ts'
import { grantEligibility, revokeEligibility } from '#server/assessments/attempts.ts'

// POST /api/tests/eligibility/grant and /revoke {testId, memberId} (admin): Approve and Revoke in Manage Test.
const CHANGES = { grant: grantEligibility, revoke: revokeEligibility }

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const change = params.change === 'grant' || params.change === 'revoke' ? CHANGES[params.change] : null
    if (!change) throw new NotFound()
    return change(getServices(context), admin, parseInput(eligibilitySchema, await readJsonObject(request)))
  })
}
