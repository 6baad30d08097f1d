import type { Route } from './+types/roster.members.$id.notes'
import { noteSchema, PERSONNEL_MESSAGES } from '#contracts/personnel.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { addMemberNote } from '#server/personnel/record.ts'

// POST /api/roster/members/{id}/notes {text}: an admin's dated note on the member, never shown to members.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Member')
    const input = parseStrictInput(noteSchema, await readJsonObject(request))
    const note = await addMemberNote(getServices(context), admin, id, input)
    return Response.json({ message: PERSONNEL_MESSAGES.noteAdded, note }, { status: 201 })
  })
}
