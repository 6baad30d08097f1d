import type { Route } from './+types/roster.members'
import { createMemberSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { addMember } from '#server/roster/members.ts'

// POST /api/roster/members: member fields plus status Active or Denied (Denied needs ban_reason).
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(createMemberSchema, await readJsonObject(request), 'Please correct the member form.')
    const member = await addMember(getServices(context), admin, input)
    return Response.json({ message: ROSTER_MESSAGES.memberAdded, member }, { status: 201 })
  })
}
