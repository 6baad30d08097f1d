import { z } from 'zod'
import { idInput, MAX_INT, numberInput, strictNumber, text } from './fields.ts'
import { ROSTER_PAGE_SIZES } from './roster-pages.ts'
import { countOf } from './plural.ts'
import { isCalendarDay } from './time.ts'

// What the roster admin (Members, Qualifications, Promotions), its /api routes and the public roster agree on
// (docs/rules/roster.md): one zod schema per form and /api body, used by the page actions, the /api routes and the
// browser's conform forms alike.

/** Ranks, lowest first. db/schema/roster.ts builds its PostgreSQL enum from this list. */
export const RANKS = ['BMT', 'JNCO', 'NCO', 'SNCO', 'JOFC', 'OFC', 'SOFC', 'TEAM'] as const
export type Rank = (typeof RANKS)[number]

// In roster-pages.ts, so that the public roster does not load zod with it.
export { ROSTER_PAGE_SIZES }

/** The roster's texts, word for word (docs/rules/roster.md). */
export const ROSTER_MESSAGES = {
  banMemberRequired: 'Please select a valid member from the list.',
  banReasonRequired: 'Please provide a reason for the ban.',
  denialReasonRequired: 'Please provide a reason for the denial.',
  graduateRequired: 'Please select at least one BMT to graduate.',
  thresholdsIntegersOnly: 'Thresholds must be whole numbers (0 or more).',
  memberAdded: 'Member added!',
  memberUpdated: 'Member updated!',
  memberDeleted: 'Member deleted.',
  memberBanned: 'Member banned.',
  memberUnbanned: 'Member unbanned.',
  graduated: 'Members promoted to JNCO!',
  qualificationAdded: 'Qualification added successfully.',
  qualificationUpdated: 'Qualification updated successfully.',
  qualificationDeleted: 'Qualification deleted.',
  thresholdsSaved: 'Promotion thresholds updated!',
  channelUpdated: 'Promotion channel updated!',
  channelDisabled: 'Promotion announcements disabled.',
  noChanges: 'No changes to save.',
  promotionsDone: 'Promotions check complete.',
  noPromotions: 'No members were eligible for promotion.',
  /** Asked before a run when the dry run could not be read. */
  runPromotionsUnknown:
    'Run promotions now? Every active member whose event score meets their threshold moves up one rank.',
  /** What a page or /api call answers when a service fails unexpectedly. */
  requestFailed: 'API Request Failed',
  /** What a roster page shows when its data could not be read. */
  loadFailed: 'Could not load roster data: An error occurred.',
} as const

/** '' and whitespace become null. */
const optionalText = (max: number, message: string) =>
  text()
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= max, message)

const digitsOnly = (max: number, tooLong: string, notDigits: string) =>
  optionalText(max, tooLong).refine((v) => v === null || /^\d+$/.test(v), notDigits)

const idList = (what: string) =>
  z
    .array(idInput(`${what} ids must be numbers.`), { error: `${what} must be a list of ids.` })
    .max(10_000)
    .transform((ids) => [...new Set(ids)])

/** A calendar date (YYYY-MM-DD) that exists. */
const dateOnly = (required: string) =>
  text({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isCalendarDay, 'Please enter a valid date (YYYY-MM-DD).')

// ---- members ----

/** PUT /api/roster/members/{id} and the Edit form (its `id` is a hidden field): every member field and the qualification, event and training ids. */
export const memberFieldsSchema = z.object({
  ingame_name: text({ error: 'In-Game Name is required.' })
    .trim()
    .min(1, 'In-Game Name is required.')
    .max(100, 'In-Game Name is limited to 100 characters.'),
  rank: z.enum(RANKS, { error: `Rank must be one of ${RANKS.join(', ')}.` }).default('BMT'),
  join_date: dateOnly('Join Date is required.'),
  notes: optionalText(5000, 'Notes are limited to 5,000 characters.'),
  discord_id: digitsOnly(25, 'The Discord ID is too long.', 'The Discord ID must contain digits only.'),
  bohemia_uuid: optionalText(100, 'The Bohemia UUID is too long.'),
  hidden_score: numberInput('The hidden score must be a number.')
    .pipe(
      z
        .number()
        .min(-99_999_999, 'The hidden score is out of range.')
        .max(99_999_999, 'The hidden score is out of range.'),
    )
    .transform((v) => Math.round(v * 100) / 100)
    .default(0),
  attended_events_count: numberInput('Attended events must be a whole number.', { integer: true })
    .pipe(
      z.number().min(0, 'Attended events cannot be negative.').max(MAX_INT, 'Attended events must be a whole number.'),
    )
    .default(0),
  qualifications: idList('Qualifications').optional(),
  events: idList('Events').optional(),
  trainings: idList('Trainings').optional(),
})
export type MemberFieldsInput = z.output<typeof memberFieldsSchema>

export const MEMBER_STATUSES = ['Active', 'Denied'] as const

/** POST /api/roster/members and Add Member: the member fields plus a status; Denied stores the member banned. */
export const createMemberSchema = memberFieldsSchema
  .extend({
    status: z.enum(MEMBER_STATUSES, { error: 'Status must be Active or Denied.' }).default('Active'),
    ban_reason: optionalText(1000, 'The reason is limited to 1,000 characters.'),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'Denied' && !input.ban_reason)
      ctx.addIssue({ code: 'custom', path: ['ban_reason'], message: ROSTER_MESSAGES.denialReasonRequired })
  })
export type CreateMemberInput = z.output<typeof createMemberSchema>

/** POST /api/roster/members/{id}/ban {reason}. */
export const banSchema = z.object({
  reason: text({ error: ROSTER_MESSAGES.banReasonRequired })
    .trim()
    .min(1, ROSTER_MESSAGES.banReasonRequired)
    .max(1000, 'The reason is limited to 1,000 characters.'),
})

/** Ban a Member (and a row's Ban): the /api body plus the member, picked in the form (the /api route's URL has it). */
export const banFormSchema = banSchema.extend({ member_id: idInput(ROSTER_MESSAGES.banMemberRequired) })

/** POST /api/roster/bmt-graduate and Graduate BMTs: the ticked BMT members and the completion date. */
export const graduateSchema = z.object({
  memberIds: z
    .array(idInput(ROSTER_MESSAGES.graduateRequired), { error: ROSTER_MESSAGES.graduateRequired })
    .min(1, ROSTER_MESSAGES.graduateRequired)
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
  completionDate: dateOnly('Please enter the completion date.'),
})

// ---- qualifications ----

/**
 * POST and PUT /api/roster/qualifications and Add / Edit Qualification (its `id` is a hidden field in Edit mode): name
 * required; description and Discord role ID optional.
 */
export const qualificationInputSchema = z.object({
  name: text({ error: 'Qualification name is required.' })
    .trim()
    .min(1, 'Qualification name is required.')
    .max(100, 'Qualification names are limited to 100 characters.'),
  description: optionalText(2000, 'The description is limited to 2,000 characters.'),
  discord_role_id: digitsOnly(25, 'The Discord role ID is too long.', 'The Discord role ID must contain digits only.'),
})
export type QualificationInput = z.output<typeof qualificationInputSchema>

// ---- promotions ----

// NOTE: no number branch conform could see: it would coerce '1e3' or '0x10' to a number. A JSON number is checked
// like the typed text, so 2.5, -1 and 1e21 are refused like '2.5'.
const thresholdValue = z.unknown().transform((v, ctx) => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
  const score = strictNumber(v, true)
  if (score === null || score < 0 || score > 999_999_999) {
    ctx.addIssue({ code: 'custom', message: ROSTER_MESSAGES.thresholdsIntegersOnly })
    return z.NEVER
  }
  return score
})

/**
 * PUT /api/roster/promotions/thresholds and the thresholds form: one whole number (or blank = none) per rank BMT..SOFC,
 * as `thresholds[i].required_score`.
 */
export const thresholdsSchema = z.object({
  thresholds: z
    .array(
      z.object({
        from_rank: z.enum(RANKS.slice(0, -1) as [Rank, ...Rank[]], { error: 'Unknown rank.' }),
        required_score: thresholdValue,
      }),
      {
        error: 'thresholds must be a list.',
      },
    )
    .max(RANKS.length),
})
export type ThresholdsInput = z.output<typeof thresholdsSchema>

/** The announcement channel: a Discord channel id, or blank (announcements off). */
export const promotionChannelSchema = z.object({
  channel_id: text()
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v === '' || /^\d{1,25}$/.test(v), 'A Discord id must contain digits only.'),
})

/** The intents of the roster admin's page forms. */
export const ROSTER_INTENTS = {
  addMember: 'add-member',
  editMember: 'edit-member',
  deleteMember: 'delete-member',
  banMember: 'ban-member',
  unbanMember: 'unban-member',
  graduate: 'graduate-bmts',
  saveQualification: 'save-qualification',
  deleteQualification: 'delete-qualification',
  saveChannel: 'save-channel',
  saveThresholds: 'save-thresholds',
  runPromotions: 'run-promotions',
} as const

/** GET /api/roster's query (docs/rules/api.md, Pagination): malformed values fall back to their defaults. */
export const ROSTER_MAX_LIMIT = 9999
const ROSTER_SEARCH_TYPES = ['name', 'rank', 'discord_id', 'bohemia_uuid'] as const

export const rosterQuerySchema = z.object({
  page: numberInput('page must be a whole number.', { integer: true })
    .pipe(z.number().min(1, 'page starts at 1.').max(1_000_000))
    .catch(1),
  limit: numberInput('limit must be a whole number.', { integer: true })
    .pipe(z.number().min(1, 'limit must be at least 1.').max(ROSTER_MAX_LIMIT, `limit is at most ${ROSTER_MAX_LIMIT}.`))
    .catch(ROSTER_PAGE_SIZES[0]),
  term: text().trim().max(100).catch(''),
  type: z.enum(ROSTER_SEARCH_TYPES).catch('name'),
  qualification: idInput('qualification must be an id.').optional().catch(undefined),
  is_banned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .catch(undefined),
})
export type RosterQuery = z.output<typeof rosterQuerySchema>

type PromotionMove = { name: string; from: Rank; to: Rank }

/** How many a run would move from one rank to the next (a dry run's count, lowest starting rank first). */
type PromotionStep = { from: Rank; to: Rank; count: number }

/** The question Run Promotions asks first, from a dry run: how many would be promoted, and to what. */
export function runPromotionsQuestion(preview: { steps: readonly PromotionStep[] } | null): string {
  if (!preview) return ROSTER_MESSAGES.runPromotionsUnknown
  const n = preview.steps.reduce((sum, step) => sum + step.count, 0)
  if (n === 0)
    return 'Run promotions now? No member meets a promotion threshold at the moment, so nobody would be promoted.'
  // "2 from BMT to JNCO, 1 from JNCO to NCO": how many move, from which rank to which.
  const steps = preview.steps.map((step) => `${step.count} from ${step.from} to ${step.to}`).join(', ')
  return `Run promotions now? ${countOf(n, 'member')} would be promoted: ${steps}.`
}

/** How many promoted members a toast names before "and N more". */
const TOAST_NAMES = 8

/** The toast after a run: the rules' text for the case, naming who moved up. */
export function promotionRunToast(promoted: readonly PromotionMove[]): string {
  if (promoted.length === 0) return ROSTER_MESSAGES.noPromotions
  const named = promoted.slice(0, TOAST_NAMES).map((p) => `${p.name} (${p.from} to ${p.to})`)
  const more = promoted.length - named.length
  return `${ROSTER_MESSAGES.promotionsDone} Promoted: ${named.join(', ')}${more ? ` and ${more} more` : ''}.`
}
