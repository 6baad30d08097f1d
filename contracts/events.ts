import { z } from 'zod'
import { isHttpUrl, requiredText, text } from './fields.ts'
import { isCalendarDay, isDateTime } from './time.ts'

// Roster events (spec 2 §2 Events tab, §5 Event, §7): the Add/Edit Event form and POST/PUT /api/roster/events parse
// with this one schema. The form sends a day (YYYY-MM-DD); the API may send a date-time too.

export const eventSchema = z.object({
  name: requiredText('Event name is required.', 200, 'Event names are limited to 200 characters.'),
  date: text({ error: 'Event date is required.' })
    .trim()
    .min(1, { error: 'Event date is required.', abort: true })
    .refine((v) => isCalendarDay(v) || isDateTime(v), 'Please enter a valid date.'),
  orbat_image_url: text()
    .trim()
    .max(2000, 'The ORBAT image URL is too long.')
    .refine((v) => !v || isHttpUrl(v), 'The ORBAT image URL must start with http:// or https://.')
    .nullish()
    .transform((v) => v || null),
})
export type EventInput = z.output<typeof eventSchema>

/** An event as GET /api/roster/events lists it. */
export interface EventItem {
  id: number
  name: string
  /** An ISO instant; the form edits its day (UTC). */
  date: string
  orbat_image_url: string | null
  attendance_count: number
}
