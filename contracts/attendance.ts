import { z } from 'zod'
import { idInput } from './fields.ts'

// Attendance of an event or a training (GET/POST .../attendance; docs/rules/roster.md): the full list of attendees. The
// Attendance dialog's checkboxes and the JSON body {memberIds} parse with this schema; none is a valid answer.

export const attendanceSchema = z.object({
  memberIds: z
    .array(idInput('Member ids must be numbers.'), { error: 'memberIds must be a list of member ids.' })
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
})

/** GET /api/roster/events/{id}/attendance?suggest=orbat: who held a slot in the event's frozen ORBAT. */
export const attendanceQuerySchema = z.object({
  suggest: z
    .enum(['orbat'], { error: 'suggest must be orbat.' })
    .optional()
    .meta({ description: "orbat: the members who held a slot in the event's frozen ORBAT, not who attended." }),
})

export interface AttendanceResult {
  memberIds: number[]
}

/** A member in the attendance picker. */
export interface PickerMember {
  id: number
  ingame_name: string
  rank: string
  is_banned: boolean
}

/** What the Attendance dialog needs: every member, and who attended. */
export interface AttendanceData {
  members: PickerMember[]
  memberIds: number[]
  /**
   * An event with a frozen ORBAT (docs/rules/orbat-history.md): how many members held a slot in it, and whether the
   * ticks shown were filled from it (Fill from the ORBAT: `?fill=orbat`) rather than read from what was recorded.
   */
  orbat?: { holders: number; filled: boolean }
}

/** The Attendance dialog's query value that fills the ticks from the event's frozen ORBAT. */
export const FILL_FROM_ORBAT = 'orbat'
