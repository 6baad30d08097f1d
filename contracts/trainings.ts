import { z } from 'zod'
import { DISCORD_EVENT_FLAG, discordEventId } from './discord-events.ts'
import { flagSchema, keptFlagSchema, requiredText, SNOWFLAKE, text, unitDateTime } from './fields.ts'
import { isCalendarDay, isDateTime, looksLikeDay, normalizeTime, TIME_FORMAT_SUBMIT } from './time.ts'

// Trainings (docs/rules/roster.md, Trainings). The Add/Edit Training form and POST/PUT /api/roster/trainings parse with
// one schema: the API sends `date` as an ISO date-time; the form sends a day, a 24-hour `time` and the page's zone `tz`
// (the admin's, or the unit's without JavaScript), which the server turns into the instant.

const DATE_REQUIRED = 'Training date is required.'
const VALID_DATE_TIME = 'Please enter a valid date and time.'

// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const trainingSchema = z
  .object({
    name: requiredText('Training name is required.', 200, 'Training names are limited to 200 characters.'),
    description: text()
      .nullish()
      .transform((v) => (v ?? '').trim() || null)
      .refine((v) => v === null || v.length <= 5000, 'The description is limited to 5,000 characters.'),
    date: text({ error: DATE_REQUIRED })
      .trim()
      .min(1, { error: DATE_REQUIRED, abort: true })
      .refine((v) => isCalendarDay(v) || isDateTime(v), {
        error: (issue) => (looksLikeDay(String(issue.input)) ? 'Please enter a valid date.' : VALID_DATE_TIME),
      })
      .meta({
        description:
          "An ISO date-time (with Z or an offset; without one it is read on the unit's clock); or a day YYYY-MM-DD with `time` (HH:mm) on the clock of `tz`.",
      }),
    time: text({ error: TIME_FORMAT_SUBMIT })
      .refine((v) => normalizeTime(v) !== null, TIME_FORMAT_SUBMIT)
      .optional(),
    tz: text().max(100).optional(),
    is_hidden: flagSchema,
    is_bmt_training: flagSchema,
    discord_event: keptFlagSchema.meta({ description: DISCORD_EVENT_FLAG }),
  })
  .superRefine((input, ctx) => {
    // A day needs its time: the form's time field was left empty, or the API sent a day without one.
    if (isCalendarDay(input.date) && input.time === undefined) {
      if (input.tz === undefined) ctx.addIssue({ code: 'custom', path: ['date'], message: VALID_DATE_TIME })
      else ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_FORMAT_SUBMIT })
    }
  })
export type TrainingInput = z.output<typeof trainingSchema>

/** Post Training on Discord needs a channel and at least one cadre role. */
export const POST_TRAINING_NEEDS = 'Please choose a channel and at least one cadre role.'
/** A failed action shows the server's error; this one starts like the page's own fallback. */
export const POST_TRAINING_FAILED = 'Failed to post training.'
export const postTrainingSchema = z.object({
  channelId: text({ error: POST_TRAINING_NEEDS }).trim().regex(SNOWFLAKE, POST_TRAINING_NEEDS),
  cadreRoleIds: z
    .array(text().trim().regex(SNOWFLAKE, 'Choose roles from the list.'), { error: POST_TRAINING_NEEDS })
    .min(1, POST_TRAINING_NEEDS)
    .max(25)
    .transform((ids) => [...new Set(ids)]),
})
export type PostTrainingInput = z.output<typeof postTrainingSchema>

/** A training as GET /api/roster/trainings lists it (and POST / PUT answer it). */
export const trainingItemSchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text().nullable(),
  date: unitDateTime('The start'),
  is_hidden: z.boolean(),
  is_bmt_training: z.boolean(),
  signup_count: z.number().int(),
  discord_event: z.boolean().meta({
    description: 'Published as a Discord scheduled event while visible (the wish; see discord_event_id).',
  }),
  discord_event_id: discordEventId,
})
export type TrainingItem = z.output<typeof trainingItemSchema>

/** POST /api/roster/trainings and PUT /api/roster/trainings/{id}. */
export const trainingSavedSchema = z.object({ message: text(), training: trainingItemSchema })

/** A training on the public page (GET /api/roster/trainings/public). */
export const publicTrainingSchema = trainingItemSchema.extend({
  is_signed_up: z.boolean(),
  has_started: z.boolean().meta({
    description: 'Started already (shown for a few hours after its start): sign-up and leave are closed.',
  }),
})
export type PublicTraining = z.output<typeof publicTrainingSchema>

export interface TrainingSignupItem {
  id: number
  ingame_name: string
  rank: string
  discord_id: string | null
  avatar: string | null
}
