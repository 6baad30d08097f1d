import type { Route } from './+types/admin.waitlist-roles.$id'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteEligibleRole, eligibleRoleInputSchema, updateEligibleRole } from '#server/waitlist/eligible-roles.ts'

// PUT /api/admin/waitlist-roles/{id}: same body as POST. DELETE /api/admin/waitlist-roles/{id} (spec 1 §7).
export const loader = adminGetNotAllowed

export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const services = getServices(context)
    if (request.method === 'PUT') {
      const id = parseId(params.id, 'Eligible role')
      const input = parseInput(eligibleRoleInputSchema, await readJsonObject(request), 'Invalid role.')
      const role = await runAdmin(services, (tx) => updateEligibleRole(tx, admin, id, input))
      return { message: 'Role updated successfully.', role }
    }
    if (request.method === 'DELETE') {
      const id = parseId(params.id, 'Eligible role')
      await runAdmin(services, (tx) => deleteEligibleRole(tx, admin, id))
      return { message: 'Role deleted.' }
    }
    return methodNotAllowed()
  })
}
