import type { Route } from './+types/admin.waitlist-roles'
import { eligibleRoleSchema } from '#contracts/settings.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listEligibleRoles, saveEligibleRole } from '#server/orbat/waitlist/eligible-roles.ts'

// GET /api/admin/waitlist-roles: list. POST: {role_name, role_id, can_join_general_waitlist}.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listEligibleRoles(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(eligibleRoleSchema, await readJsonObject(request), 'Invalid role.')
    const role = await saveEligibleRole(getServices(context), admin, input)
    return Response.json({ message: 'Role added successfully.', role }, { status: 201 })
  })
}
