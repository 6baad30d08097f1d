import { z } from 'zod'
import { DISCORD_EVENT_FLAG, discordEventId } from './discord-events.ts'
import { keptFlagSchema, isHttpUrl, requiredText, text, unitDateTime } from './fields.ts'
import { isCalendarDay, isDateTime, normalizeTime, TIME_FORMAT_SUBMIT } from './time.ts'

// Roster events (docs/rules/roster.md, Events and attendance): the Add/Edit Event form and POST/PUT /api/roster/events
// parse with this one schema. The form sends a day, a 24-hour `time` and the zone its fields were shown in (`tz`); the
// API sends an ISO date-time, or a bare day, which starts at 20:00 in the unit's time zone.

/** The time a new event starts, and the start of a bare day sent to the API (in the unit's zone). */
export const DEFAULT_EVENT_TIME = '20:00'

// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const eventSchema = z
  .object({
    name: requiredText('Event name is required.', 200, 'Event names are limited to 200 characters.'),
    date: text({ error: 'Event date is required.' })
      .trim()
      .min(1, { error: 'Event date is required.', abort: true })
      .refine((v) => isCalendarDay(v) || isDateTime(v), 'Please enter a valid date.')
      .meta({
        description:
          "An ISO date-time (with Z or an offset; without one it is read on the unit's clock), or a day YYYY-MM-DD: at `time` (HH:mm) on the clock of `tz` (the unit's without it), 20:00 unit time without `time`.",
      }),
    time: text({ error: TIME_FORMAT_SUBMIT })
      .refine((v) => normalizeTime(v) !== null, TIME_FORMAT_SUBMIT)
      .optional(),
    tz: text().max(100).optional(),
    orbat_image_url: text()
      .trim()
      .max(2000, 'The ORBAT image URL is too long.')
      .refine((v) => !v || isHttpUrl(v), 'The ORBAT image URL must start with http:// or https://.')
      .nullish()
      .transform((v) => v || null),
    orbat_linked: keptFlagSchema.meta({
      description:
        'Link to the ORBAT: the job runner freezes the ORBAT at the start (docs/rules/orbat-history.md). Absent: false for a new event, unchanged on an edit.',
    }),
    discord_event: keptFlagSchema.meta({ description: DISCORD_EVENT_FLAG }),
  })
  .superRefine((input, ctx) => {
    // The form's time field left empty (the form always sends its zone); the API may send a day alone.
    if (isCalendarDay(input.date) && input.time === undefined && input.tz !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_FORMAT_SUBMIT })
    }
  })
export type EventInput = z.output<typeof eventSchema>

/** An event as GET /api/roster/events lists it (and POST / PUT answer it). */
export const eventItemSchema = z.object({
  id: z.number().int(),
  name: text(),
  date: unitDateTime('The start'),
  orbat_image_url: text().nullable(),
  attendance_count: z.number().int(),
  orbat_linked: z.boolean().meta({ description: 'The ORBAT is frozen at its start.' }),
  discord_event: z
    .boolean()
    .meta({ description: 'Published as a Discord scheduled event (the wish; see discord_event_id).' }),
  discord_event_id: discordEventId,
})
export type EventItem = z.output<typeof eventItemSchema>

/** POST /api/roster/events and PUT /api/roster/events/{id}. */
export const eventSavedSchema = z.object({ message: text(), event: eventItemSchema })
