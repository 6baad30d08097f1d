import type { Route } from './+types/admin.allied-units'
import { ALLY_MESSAGES, alliedUnitSchema } from '#contracts/allies.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createAlliedUnit, listAlliedUnits } from '#server/allies/allies.ts'

// GET /api/admin/allied-units -> {items}: the allied units with their invite links, guest and reserved-slot counts.
// POST {name, tag, discord_guild_id?, contact_discord_id?, release_hours_before?, guests_need_roles?,
// invite_expires_in_days?} -> 201 {id, invite_url, message} (docs/rules/joint-operations.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const services = getServices(context)
    return { items: await listAlliedUnits(services.db, services.config) }
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseStrictInput(alliedUnitSchema, await readJsonObject(request), 'Please correct the allied unit.')
    const created = await createAlliedUnit(getServices(context), admin, input)
    return Response.json({ ...created, message: ALLY_MESSAGES.created }, { status: 201 })
  })
}
