import type { Route } from './+types/tests.attempt.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { resetAttempt } from '#server/assessments/attempts.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// DELETE /api/tests/attempt/{id} (admin): Allow Retake deletes the attempt.
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return resetAttempt(getServices(context), admin, parseId(params.id, 'Attempt'))
  })
}
