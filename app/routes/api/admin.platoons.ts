import type { Route } from './+types/admin.platoons'
import { platoonSchema } from '#contracts/settings.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createPlatoon, listPlatoons } from '#server/orbat/platoons.ts'

// GET /api/admin/platoons. POST /api/admin/platoons: {name, discord_role_id}.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listPlatoons(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(platoonSchema, await readJsonObject(request), 'Invalid platoon.')
    const platoon = await createPlatoon(getServices(context), admin, input)
    return Response.json({ message: 'Platoon created!', platoon }, { status: 201 })
  })
}
