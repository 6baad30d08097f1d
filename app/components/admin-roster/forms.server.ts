import { z } from 'zod'
import { BAN_MEMBER_REQUIRED, banSchema, createMemberSchema, memberFieldsSchema } from '#server/roster/members.ts'
import { graduateSchema } from '#server/roster/promotions.ts'
import { qualificationInputSchema } from '#server/roster/qualifications.ts'

// One zod schema per roster admin form (STYLE.md 2), built from the services' own schemas so a page post and the
// /api call accept exactly the same input with the same messages. Server-only: the actions parse with these; the
// browser shows the replies.

const memberId = z.coerce
  .number({ error: BAN_MEMBER_REQUIRED })
  .int(BAN_MEMBER_REQUIRED)
  .min(1, BAN_MEMBER_REQUIRED)
  .max(2_147_483_647, BAN_MEMBER_REQUIRED)

/** Add Member: every member field, status Active or Denied (+ reason), qualifications. */
export const addMemberFormSchema = createMemberSchema

/** Edit: every member field and the qualification, event and training id lists. */
export const editMemberFormSchema = memberFieldsSchema.extend({
  id: z.coerce.number().int().positive(),
})

/** Ban a Member (and a row's Ban): the member picked from the active list, and a reason. */
export const banFormSchema = banSchema.extend({ member_id: memberId })

/** Graduate BMTs: the ticked BMT members and the completion date. */
export const graduateFormSchema = graduateSchema

/** Add / Edit Qualification; `id` is set in Edit mode. */
export const qualificationFormSchema = qualificationInputSchema.extend({
  id: z.coerce.number().int().positive().optional(),
})
