import { AWARD_MESSAGES, awardInputSchema } from '#contracts/awards.ts'
import { adminItemAction } from '#server/http/item-route.ts'
import { editAward, removeAward } from '#server/personnel/awards.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/awards/{id} -> {award}; DELETE /api/awards/{id} (admin): its grants stay in the members' records by name.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export const action = adminItemAction({
  what: 'Award',
  strict: true,
  schema: awardInputSchema,
  invalid: 'Please correct the award form.',
  update: async (services, admin, id, input) => ({ award: await editAward(services, admin, id, input) }),
  remove: removeAward,
  removed: AWARD_MESSAGES.deleted,
})
