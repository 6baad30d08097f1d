import { z } from 'zod'
import { isSafeImageAddress, TEST_IMAGES } from './assessments.ts'
import { flagSchema, idInput, numberInput, requiredText, text } from './fields.ts'
import { isCalendarDay } from './time.ts'

// Awards (docs/rules/personnel.md, Awards): the Awards tab's form and POST/PUT /api/awards, the grant form and
// POST /api/roster/members/{id}/awards parse with these schemas; the JSON answers are described here too, so the API
// reference shows them.

/** The texts people read, word for word. */
export const AWARD_MESSAGES = {
  nameRequired: 'Award name is required.',
  nameTooLong: 'Award names are limited to 100 characters.',
  nameTaken: (name: string) => `An award named "${name}" already exists.`,
  descriptionTooLong: 'The description is limited to 1,000 characters.',
  precedence: 'Precedence must be a whole number from 0 to 9999.',
  imageUrl: 'The image address must start with http:// or https:// (or be an image uploaded here).',
  imageUrlTooLong: 'The image address is limited to 2,000 characters.',
  awardRequired: 'Please choose an award.',
  awardUnknown: 'That award does not exist. Please choose one from the list.',
  citationTooLong: 'The citation is limited to 500 characters.',
  dateRequired: 'Please enter the date of the award.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  awardNotFound: 'Award not found.',
  grantNotFound: 'That award grant was not found.',
  added: 'Award added.',
  updated: 'Award updated.',
  deleted: 'Award deleted.',
  granted: (award: string, member: string) => `${award} awarded to ${member}.`,
  revoked: 'Award revoked.',
  requestFailed: 'API Request Failed',
  loadFailed: 'Could not load awards: An error occurred.',
} as const

/** The question before an award is deleted; it says how many grants it has and that members keep them. */
export function deleteAwardQuestion(award: { name: string; grant_count: number }): string {
  const n = award.grant_count
  if (n === 0) return `Are you sure you want to delete the award "${award.name}"? Nobody holds it.`
  return `Are you sure you want to delete the award "${award.name}"? It has been granted ${n} ${n === 1 ? 'time' : 'times'}; members keep it in their record under its name.`
}

/** The question before a grant is revoked. */
export const revokeAwardQuestion = (award: string, member: string) =>
  `Revoke ${award} from ${member}? It leaves their record.`

/** Image uploads of the award form: the types and cap of the app's one image upload (checked by the bytes). */
export const AWARD_IMAGES = { accept: TEST_IMAGES.accept, maxBytes: TEST_IMAGES.maxBytes, field: 'image' } as const

export const AWARD_PRECEDENCE_MAX = 9999

/** POST /api/awards, PUT /api/awards/{id} and the Add / Edit Award form (its `id` is a hidden field when editing). */
export const awardInputSchema = z.object({
  name: requiredText(AWARD_MESSAGES.nameRequired, 100, AWARD_MESSAGES.nameTooLong),
  description: text()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= 1000, AWARD_MESSAGES.descriptionTooLong),
  image_url: text()
    .nullish()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= 2000, { error: AWARD_MESSAGES.imageUrlTooLong, abort: true })
    .refine((v) => v === null || isSafeImageAddress(v), AWARD_MESSAGES.imageUrl)
    .meta({
      description:
        'An image uploaded here (POST /api/admin/tests/images) or an absolute http(s) URL; blank: a ribbon is drawn.',
    }),
  precedence: numberInput(AWARD_MESSAGES.precedence, { integer: true })
    .pipe(z.number().min(0, AWARD_MESSAGES.precedence).max(AWARD_PRECEDENCE_MAX, AWARD_MESSAGES.precedence))
    .meta({ description: 'Lower shows first in a ribbon rack.' })
    .default(0),
})
export type AwardInput = z.output<typeof awardInputSchema>

/** The Add / Edit Award form: the /api body plus an uploaded file (`image`), which the page action reads itself. */
export const awardFormSchema = awardInputSchema.extend({ image: z.unknown().optional() })

/** POST /api/roster/members/{id}/awards and the Grant Award form. */
export const grantAwardSchema = z.object({
  award_id: idInput(AWARD_MESSAGES.awardRequired),
  citation: text()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= 500, AWARD_MESSAGES.citationTooLong),
  date: text({ error: AWARD_MESSAGES.dateRequired })
    .trim()
    .min(1, { error: AWARD_MESSAGES.dateRequired, abort: true })
    .refine(isCalendarDay, AWARD_MESSAGES.dateInvalid)
    .meta({ description: 'The day it was awarded, YYYY-MM-DD.' }),
  announce: flagSchema.meta({ description: 'Post it in the promotion channel after the grant (when one is set).' }),
})
export type GrantAwardInput = z.output<typeof grantAwardSchema>

// ---- answers ----------------------------------------------------------------------------------------------------------

/** An award as GET /api/awards lists it (and POST / PUT answer it). */
export const awardItemSchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text(),
  image_url: text().nullable(),
  precedence: z.number().int(),
  grant_count: z.number().int().meta({ description: 'How many grants of it members hold.' }),
})
export type AwardItem = z.output<typeof awardItemSchema>

export const awardListSchema = z.object({ awards: z.array(awardItemSchema) })
export const awardSavedSchema = z.object({ award: awardItemSchema })
export const grantedSchema = z.object({ id: z.number().int().meta({ description: "The grant's id." }) })
export const messageSchema = z.object({ message: text() })

/** A member's awards in a roster row (GET /api/roster): one entry per award, in precedence order. */
export const rosterAwardSchema = z.object({
  award_id: z.number().int().nullable().meta({ description: 'null: the award was deleted; its name is kept.' }),
  name: text(),
  count: z.number().int().meta({ description: 'How many times the member holds it.' }),
})
export type RosterAward = z.output<typeof rosterAwardSchema>

/** What a ribbon rack shows of one award (app/components/roster/ribbon-rack.tsx). */
export interface RackAward extends RosterAward {
  image_url: string | null
}

/** One grant on the admin's member sheet (GET /api/roster/admin/member/{id}), newest first. */
export interface AwardGrantItem {
  id: number
  award_id: number | null
  name: string
  image_url: string | null
  citation: string
  date: string
  announced: boolean
}

/** The intents of the award forms (the Awards tab and the member sheet). */
export const AWARD_INTENTS = {
  save: 'save-award',
  delete: 'delete-award',
  grant: 'grant-award',
  revoke: 'revoke-award',
} as const
