import type { Route } from './+types/allied-units.join'
import { joinAllySchema } from '#contracts/allies.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { joinByInvite } from '#server/allies/allies.ts'

// POST /api/allied-units/join {code} (signed in) -> {allied_unit: {id, name, tag}, message}: the caller becomes a guest
// of the invite's allied unit. 400 for a wrong or expired code; 409 for a roster member, who stays one.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const input = parseStrictInput(joinAllySchema, await readJsonObject(request), 'Please correct the invite code.')
    return joinByInvite(getServices(context), user, input.code)
  })
}
