import { ALLY_MESSAGES, alliedUnitSchema } from '#contracts/allies.ts'
import { adminItemAction } from '#server/http/item-route.ts'
import { deleteAlliedUnit, updateAlliedUnit } from '#server/allies/allies.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/admin/allied-units/{id} (the create's body) -> {allied_unit, message}: the invite link stays unless the body
// names a new life for it. DELETE: the allied unit, its reservations (slots open to everyone) and its guests (their
// slots freed and offered to the waitlist).
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export const action = adminItemAction({
  what: 'Allied unit',
  strict: true,
  schema: alliedUnitSchema,
  invalid: 'Please correct the allied unit.',
  update: async (services, admin, id, input) => ({
    allied_unit: await updateAlliedUnit(services, admin, id, input),
    message: ALLY_MESSAGES.saved,
  }),
  remove: deleteAlliedUnit,
  removed: ALLY_MESSAGES.deleted,
})
