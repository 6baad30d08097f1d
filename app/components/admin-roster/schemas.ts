import { z } from 'zod'
import { RANKS, type Rank } from './types.ts'

// Names and messages the roster admin forms share between the browser and the actions. The forms' zod schemas that
// reuse the services' own schemas live in forms.server.ts (the services cannot reach the client bundle); the
// threshold form's rule is repeated here so the browser can check it too, and schemas.test.ts keeps both in step.

export const INTENTS = {
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

/** URL query names that hold dialog state (the rest of the query is the list's search, filters and page). */
export const DIALOG_PARAMS = ['dialog', 'edit', 'member', 'confirm'] as const

/** Spec 2 §5 and §8, word for word (the same strings as server/roster/*.ts; schemas.test.ts checks). */
export const BAN_MEMBER_REQUIRED = 'Please select a valid member from the list.'
export const BAN_REASON_REQUIRED = 'Please provide a reason for the ban.'
export const GRADUATE_REQUIRED = 'Please select at least one BMT to graduate.'
export const THRESHOLDS_INTEGERS_ONLY = 'Thresholds must be whole numbers (0 or more).'
export const NO_PROMOTIONS = 'No members were eligible for promotion.'
export const PROMOTIONS_DONE = 'Promotions check complete.'

// NOTE: a string, not the service's number-or-string union: conform would coerce '1e3' or '0x10' to a number for
// the union's number branch. The browser sends text; only digits pass.
const thresholdValue = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? '').trim()
    if (text === '') return null
    if (!/^\d{1,9}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: THRESHOLDS_INTEGERS_ONLY })
      return z.NEVER
    }
    return Number(text)
  })

const FROM_RANKS = RANKS.slice(0, -1) as [Rank, ...Rank[]]

/** Promotion thresholds: one integer (or blank = none) per rank BMT..SOFC, as `thresholds[i].required_score`. */
export const thresholdsFormSchema = z.object({
  thresholds: z
    .array(
      z.object({
        from_rank: z.enum(FROM_RANKS, { error: 'Unknown rank.' }),
        required_score: thresholdValue,
      }),
    )
    .max(RANKS.length),
})

/** The announcement channel: a Discord channel id, or blank (announcements off). */
export const channelFormSchema = z.object({
  channel_id: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v === '' || /^\d{1,25}$/.test(v), 'A Discord id must contain digits only.'),
})
