import type { Route } from './+types/roster.members.$id'
import { memberFieldsSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { editMember, removeMember } from '#server/roster/actions.ts'

// PUT /api/roster/members/{id}: every member field (and the qualification, event and training id lists).
// DELETE /api/roster/members/{id}.
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const id = parseId(params.id, 'Member')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(memberFieldsSchema, await readJsonObject(request), 'Please correct the member form.')
      return { message: ROSTER_MESSAGES.memberUpdated, member: await editMember(services, admin, id, input) }
    }
    if (request.method === 'DELETE') {
      await removeMember(services, admin, id)
      return { message: ROSTER_MESSAGES.memberDeleted }
    }
    return methodNotAllowed()
  })
}
