import type { Route } from './+types/awards'
import { awardInputSchema } from '#contracts/awards.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { addAward, listAwards } from '#server/personnel/awards.ts'

// GET /api/awards (public, like the roster that shows them). POST /api/awards {name, description, image_url,
// precedence} (admin) -> 201 {award}.
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => ({ awards: await listAwards(getServices(context).db) }))
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseStrictInput(awardInputSchema, await readJsonObject(request), 'Please correct the award form.')
    const award = await addAward(getServices(context), admin, input)
    return Response.json({ award }, { status: 201 })
  })
}
