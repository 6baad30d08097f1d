import type { Route } from './+types/applications.$id.withdraw'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { withdraw } from '#server/recruitment/applying.ts'

// POST /api/applications/{id}/withdraw: the applicant withdraws their own open application.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return { application: await withdraw(getServices(context), user, parseId(params.id, 'Application')) }
  })
}
