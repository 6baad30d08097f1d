import type { Route } from './+types/roster.members.$id.awards'
import { grantAwardSchema } from '#contracts/awards.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { grantAward } from '#server/personnel/awards.ts'

// POST /api/roster/members/{id}/awards {award_id, citation, date, announce} (admin) -> 201 {id}.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const memberId = parseId(params.id, 'Member')
    const input = parseStrictInput(grantAwardSchema, await readJsonObject(request), 'Please correct the award grant.')
    const granted = await grantAward(getServices(context), admin, memberId, input)
    return Response.json({ id: granted.id }, { status: 201 })
  })
}
