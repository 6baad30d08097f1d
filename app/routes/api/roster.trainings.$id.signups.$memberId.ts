import type { Route } from './+types/roster.trainings.$id.signups.$memberId'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { removeTrainingSignup } from '#server/roster/trainings.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// DELETE /api/roster/trainings/{id}/signups/{memberId} (admin: View Signups -> remove).
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const trainingId = parseId(params.id, 'Training')
    const memberId = parseId(params.memberId, 'Sign-up')
    await removeTrainingSignup(getServices(context), admin, trainingId, memberId)
    return { message: 'Sign-up removed.' }
  })
}
