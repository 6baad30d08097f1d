import { z } from 'zod'
import { SNOWFLAKE, text } from './fields.ts'
import { isCalendarDay, isDateTime, normalizeTime, TIME_FORMAT_SUBMIT } from './time.ts'

// Scheduled pings (docs/rules/discord.md, Scheduled pings; POST /api/roster/{events|trainings}/{id}/ping). The Schedule
// Ping form and the API parse with one schema: the API sends `pingTime` (an ISO instant); the form sends a day, a
// 24-hour `time` and the admin's zone `tz`, which the server turns into the instant.

/** The `{kind}` of POST /api/roster/{kind}/{id}/ping: what the ping is for. */
export const pingKindSchema = z.enum(['events', 'trainings'])

export const FILL_ALL_FIELDS = 'Please fill out all fields.'
export const SELECT_A_ROLE = 'Please select at least one role to ping.'
/** A rolesToPing entry meaning "the event ping role from settings". */
export const DEFAULT_PING_ROLE = 'default'
export const DEFAULT_PING_ROLE_LABEL = 'Default (Event Ping Role)'
const DEFAULT_EXCLUSIVE = "'Default (Event Ping Role)' cannot be combined with other roles."

/** What each missing field of Schedule Ping says beside it (the form's own message is FILL_ALL_FIELDS). */
export const MISSING_PING_FIELD = {
  channelId: 'Please choose a channel.',
  date: 'Please enter a date.',
  time: 'Please enter a time.',
  messageContent: 'Please enter a message.',
} as const
type PingField = keyof typeof MISSING_PING_FIELD

/** The required fields left empty, in the form's order (the API may send one `pingTime` instead of date and time). */
function missingPingFields(input: {
  channelId?: string
  pingTime?: string
  date?: string
  time?: string
  messageContent?: string
}): PingField[] {
  const missing: PingField[] = []
  if (!input.channelId) missing.push('channelId')
  if (!input.pingTime) {
    if (!input.date) missing.push('date')
    if (!input.time) missing.push('time')
  }
  if (!input.messageContent) missing.push('messageContent')
  return missing
}

// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const pingSchema = z
  .object({
    channelId: text().trim().optional(),
    pingTime: text().trim().optional(),
    date: text().trim().optional(),
    time: text().trim().optional(),
    tz: text().max(100).optional(),
    messageContent: text().trim().max(1800, 'The message is limited to 1,800 characters.').optional(),
    rolesToPing: z
      .array(
        text()
          .trim()
          .refine((v) => v === DEFAULT_PING_ROLE || SNOWFLAKE.test(v), 'Choose roles from the list.'),
        { error: 'rolesToPing must be a list.' },
      )
      .max(25, 'At most 25 roles.')
      .optional(),
  })
  .superRefine((input, ctx) => {
    // Channel, time and message are all required: one message for the whole form, and each missing field marked with
    // its own, so the form shows where (the API's answer names them in `fields`).
    const missing = missingPingFields(input)
    if (missing.length) {
      ctx.addIssue({ code: 'custom', path: [], message: FILL_ALL_FIELDS })
      for (const field of missing) ctx.addIssue({ code: 'custom', path: [field], message: MISSING_PING_FIELD[field] })
      return
    }
    if (!SNOWFLAKE.test(input.channelId!))
      ctx.addIssue({ code: 'custom', path: ['channelId'], message: 'Choose a channel from the list.' })
    if (input.pingTime) {
      if (!isDateTime(input.pingTime))
        ctx.addIssue({ code: 'custom', path: ['pingTime'], message: 'Please enter a valid date and time.' })
    } else {
      if (!isCalendarDay(input.date!))
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'Please enter a valid date.' })
      if (normalizeTime(input.time!) === null)
        ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_FORMAT_SUBMIT })
    }
    const roles = input.rolesToPing ?? []
    if (roles.includes(DEFAULT_PING_ROLE) && roles.length > 1)
      ctx.addIssue({ code: 'custom', path: ['rolesToPing'], message: DEFAULT_EXCLUSIVE })
  })
export type PingInput = z.output<typeof pingSchema>

export interface PingItem {
  id: number
  type: 'event' | 'training'
  /** The event's or the training's id, whichever `type` names. */
  target_id: number
  /** The event it belongs to (null for a training ping). */
  event_id: number | null
  /** The training it belongs to (null for an event ping). */
  training_id: number | null
  channel_id: string
  message_content: string
  roles_to_ping: string[]
  ping_time: string
  status: 'pending' | 'sent' | 'failed'
  error: string | null
}
