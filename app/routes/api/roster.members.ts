import type { Route } from './+types/roster.members'
import { adminGetNotAllowed, methodNotAllowed, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createMember, createMemberSchema, syncMemberDiscordRoles } from '#server/roster/members.ts'

// POST /api/roster/members (spec 2 §7): member fields plus status Active or Denied (Denied needs ban_reason).
export const loader = adminGetNotAllowed

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    const input = parseInput(createMemberSchema, await readJsonObject(request), 'Please correct the member form.')
    const services = getServices(context)
    const member = await runAdmin(services, (tx) => createMember(tx, admin, input))
    await syncMemberDiscordRoles(services, member.id)
    return Response.json({ message: 'Member added!', member }, { status: 201 })
  })
}
