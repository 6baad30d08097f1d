import { z } from 'zod'
import { normalizeTime } from '#app/components/admin-settings/schemas.ts'

// One zod schema per form of the Events and Trainings tabs and Manage Library (STYLE.md 2), used by the browser
// (conform) and by the route actions. The services' own schemas (server/roster/events.ts, trainings.ts,
// server/discord/pings.ts, server/library/library.ts) cannot reach the client bundle; the actions run those too,
// so both sides enforce the same rules. Messages are the spec's where it has one (spec 2 §5, §8).

export { maskTimeInput, normalizeTime } from '#app/components/admin-settings/schemas.ts'

export const INTENTS = {
  saveEvent: 'save-event',
  deleteEvent: 'delete-event',
  saveTraining: 'save-training',
  deleteTraining: 'delete-training',
  attendance: 'attendance',
  ping: 'ping',
  postTraining: 'post-training',
  removeSignup: 'remove-signup',
  savePacket: 'save-packet',
  deletePacket: 'delete-packet',
} as const

/** Spec 2 §5 time fields: on blur, and on submit of the training form. */
export const TIME_FORMAT_BLUR = 'Please enter time in HH:mm format.'
export const TIME_FORMAT_SUBMIT = 'Please enter a valid time in 24-hour format (HH:mm).'
export const DEFAULT_TRAINING_TIME = '20:00'
/** Spec 2 §5 Schedule ping (the same texts as server/discord/pings.ts). */
export const FILL_ALL_FIELDS = 'Please fill out all fields.'
export const SELECT_A_ROLE = 'Please select at least one role to ping.'
export const DEFAULT_ROLE = 'default'
export const DEFAULT_ROLE_LABEL = 'Default (Event Ping Role)'
export const DEFAULT_EXCLUSIVE = "'Default (Event Ping Role)' cannot be combined with other roles."
export const POST_TRAINING_NEEDS = 'Please choose a channel and at least one cadre role.'
/** Spec 2 §5 confirmation before deleting a library document. */
export const DELETE_PACKET_CONFIRM = 'Are you sure you want to delete this knowledge packet?'
/** Spec 2 §9: quick offsets before the event/training, default 1 hour. */
export const PING_OFFSETS = [24, 4, 1] as const
export const DEFAULT_PING_OFFSET = 1

const ID = /^\d{1,10}$/
const SNOWFLAKE = /^\d{1,25}$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

const optionalId = z
  .string()
  .regex(ID)
  .transform(Number)
  .optional()

const flag = z
  .enum(['on', 'true', '1', '0', 'false', ''])
  .optional()
  .transform((v) => v === 'on' || v === 'true' || v === '1')

function isHttpUrl(value: string) {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const validDate = (v: string) => DATE.test(v) && Number.isFinite(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)

/** Add/Edit Event (spec 2 §5 Event: name and date required; image URL optional). */
export const eventFormSchema = z.object({
  id: optionalId,
  name: z.string({ error: 'Event name is required.' }).trim().min(1, 'Event name is required.').max(200, 'Event names are limited to 200 characters.'),
  date: z.string({ error: 'Event date is required.' }).trim().refine(validDate, 'Please enter a valid date.'),
  orbat_image_url: z
    .string()
    .trim()
    .max(2000, 'The ORBAT image URL is too long.')
    .refine(isHttpUrl, 'The ORBAT image URL must start with http:// or https://.')
    .optional(),
})

/** Add Training / Create BMT Training / Edit Training (spec 2 §5 Training, time fields). */
export const trainingFormSchema = z.object({
  id: optionalId,
  name: z.string({ error: 'Training name is required.' }).trim().min(1, 'Training name is required.').max(200, 'Training names are limited to 200 characters.'),
  description: z.string().trim().max(5000, 'The description is limited to 5,000 characters.').optional(),
  date: z.string({ error: 'Training date is required.' }).trim().refine(validDate, 'Please enter a valid date.'),
  time: z.string({ error: TIME_FORMAT_SUBMIT }).refine((v) => normalizeTime(v) !== null, TIME_FORMAT_SUBMIT),
  is_hidden: flag,
  is_bmt_training: flag,
  // The admin's IANA time zone (from the browser); 'UTC' without JavaScript.
  tz: z.string().max(100).optional(),
})

/**
 * Schedule Ping (spec 2 §5): channel, date, time and message are all required ('Please fill out all fields.', once,
 * for the form); the time must be HH:mm; 'Default (Event Ping Role)' is exclusive. An event with no role chosen falls
 * back to the default role (the action decides, it knows whether one is set).
 */
// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const pingFormSchema = z
  .object({
    channelId: z.string().trim().optional(),
    date: z.string().trim().optional(),
    time: z.string().trim().optional(),
    messageContent: z.string().trim().max(1800, 'The message is limited to 1,800 characters.').optional(),
    rolesToPing: z.array(z.string().trim().regex(new RegExp(`^(${DEFAULT_ROLE}|\\d{1,25})$`), 'Choose roles from the list.')).max(25, 'At most 25 roles.').optional(),
    tz: z.string().max(100).optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.channelId || !input.date || !input.time || !input.messageContent) {
      ctx.addIssue({ code: 'custom', path: [], message: FILL_ALL_FIELDS })
      return
    }
    if (!SNOWFLAKE.test(input.channelId)) ctx.addIssue({ code: 'custom', path: ['channelId'], message: 'Choose a channel from the list.' })
    if (!validDate(input.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Please enter a valid date.' })
    if (normalizeTime(input.time) === null) ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_FORMAT_SUBMIT })
    const roles = input.rolesToPing ?? []
    if (roles.includes(DEFAULT_ROLE) && roles.length > 1) ctx.addIssue({ code: 'custom', path: ['rolesToPing'], message: DEFAULT_EXCLUSIVE })
  })

/** Post Training on Discord: a channel and at least one cadre role. */
export const postTrainingFormSchema = z.object({
  channelId: z.string({ error: POST_TRAINING_NEEDS }).trim().regex(SNOWFLAKE, POST_TRAINING_NEEDS),
  cadreRoleIds: z.array(z.string().trim().regex(SNOWFLAKE, 'Choose roles from the list.'), { error: POST_TRAINING_NEEDS }).min(1, POST_TRAINING_NEEDS).max(25),
})

/** Attendance: the full list of attendees (none is a valid answer: nobody attended). */
export const attendanceFormSchema = z.object({
  memberIds: z.array(z.string().regex(ID, 'Member ids must be numbers.').transform(Number)).max(10_000).optional().default([]),
})

/** Manage Library (spec 2 §2, §5: Document Name and Google Doc URL both required; http(s) only). */
export const packetFormSchema = z.object({
  id: optionalId,
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(200, 'Names are limited to 200 characters.'),
  google_doc_url: z
    .string({ error: 'URL is required.' })
    .trim()
    .max(2000, 'The URL is too long.')
    .refine(isHttpUrl, 'Please enter a valid URL starting with http:// or https://.'),
})
