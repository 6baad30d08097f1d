import type { Route } from './+types/roster.members.$id.awards.$grantId'
import { AWARD_MESSAGES } from '#contracts/awards.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { revokeAward } from '#server/personnel/awards.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// DELETE /api/roster/members/{id}/awards/{grantId} (admin): revokes one grant of the member's.
export const methods: ApiMethod[] = ['DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const memberId = parseId(params.id, 'Member')
    const grantId = parseId(params.grantId, 'Award grant')
    await revokeAward(getServices(context), admin, memberId, grantId)
    return { message: AWARD_MESSAGES.revoked }
  })
}
