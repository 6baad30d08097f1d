import type { Route } from './+types/tests.attempts.$id.grant'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { approveQualification } from '#server/assessments/attempts.ts'

// POST /api/tests/attempts/{id}/grant (admin): Approve Qual for a passed attempt.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return approveQualification(getServices(context), admin, parseId(params.id, 'Attempt'))
  })
}
