import type { Route } from './+types/roster.members.$id'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteMember, memberFieldsSchema, syncMemberDiscordRoles, updateMember } from '#server/roster/members.ts'

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
      const member = await runAdmin(services, (tx) => updateMember(tx, admin, id, input))
      await syncMemberDiscordRoles(services, id)
      return { message: 'Member updated!', member }
    }
    if (request.method === 'DELETE') {
      await runAdmin(services, (tx) => deleteMember(tx, admin, id))
      return { message: 'Member deleted.' }
    }
    return methodNotAllowed()
  })
}
