import { eligibleRoleSchema } from '#contracts/settings.ts'
import { adminItemAction } from '#server/http/item-route.ts'
import { deleteEligibleRole, saveEligibleRole } from '#server/orbat/waitlist/eligible-roles.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/admin/waitlist-roles/{id}: same body as POST. DELETE /api/admin/waitlist-roles/{id}.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export const action = adminItemAction({
  what: 'Eligible role',
  schema: eligibleRoleSchema,
  invalid: 'Invalid role.',
  update: async (services, admin, id, input) => ({
    message: 'Role updated successfully.',
    role: await saveEligibleRole(services, admin, input, id),
  }),
  remove: deleteEligibleRole,
  removed: 'Role deleted.',
})
