import type { Route } from './+types/roster.members.$id'
import { memberFieldsSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { editMember, removeMember } from '#server/roster/members.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/roster/members/{id}: every member field (and the qualification, event and training id lists).
// DELETE /api/roster/members/{id}.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Member')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(memberFieldsSchema, await readJsonObject(request), 'Please correct the member form.')
      return { message: ROSTER_MESSAGES.memberUpdated, member: await editMember(services, admin, id, input) }
    }

    await removeMember(services, admin, id)
    return { message: ROSTER_MESSAGES.memberDeleted }
  })
}
