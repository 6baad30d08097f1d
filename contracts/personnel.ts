import { z } from 'zod'
import { requiredText, text } from './fields.ts'
import { RANKS } from './roster.ts'
import { RECORD_KINDS } from './personnel-kinds.ts'

// The service record and the public profile (docs/rules/personnel.md): what GET /api/roster/members/{id}/record and
// /profile answer, and the admin note's body.

export { RECORD_KINDS, type RecordKind } from './personnel-kinds.ts'

export const NOTE_MAX = 2000

export const PERSONNEL_MESSAGES = {
  noteRequired: 'Note text is required.',
  noteTooLong: `Note text must be at most ${NOTE_MAX.toLocaleString('en-US')} characters.`,
  noteAdded: 'Note added.',
  recordForbidden: 'Only admins and the member themselves can read this service record.',
} as const

export const noteSchema = z.object({
  text: requiredText(PERSONNEL_MESSAGES.noteRequired, NOTE_MAX, PERSONNEL_MESSAGES.noteTooLong),
})
export type NoteInput = z.infer<typeof noteSchema>

const rankSchema = z.enum(RANKS)
const day = text().meta({ description: 'A calendar day, YYYY-MM-DD.' })

/** One line of a member's timeline. */
export const recordEntrySchema = z.object({
  at: text().meta({
    description:
      "An instant (ISO 8601). A day-only fact (joined, an award, a leave) is that day's start in the unit's zone.",
  }),
  date_only: z.boolean().meta({ description: 'Only the day is known: show the date without a time.' }),
  kind: z.enum(RECORD_KINDS),
  text: text().meta({ description: 'The line as people read it ("Promoted from JNCO to NCO").' }),
  by: text().nullable().meta({ description: 'Who or what made it ("Cpt. Miller", "the promotion run"), when known.' }),
  detail: z.record(text(), z.unknown()).meta({
    description:
      'Kind-specific facts: `day` (YYYY-MM-DD) for a day-only entry, rank {from, to}, test and evaluation {passed, score (full record only)}.',
  }),
})
export type RecordEntry = z.output<typeof recordEntrySchema>

/** GET /api/roster/members/{id}/record. */
export const memberRecordSchema = z.object({
  member: z.object({
    id: z.number().int(),
    ingame_name: text(),
    rank: rankSchema,
    join_date: day,
    is_banned: z.boolean(),
  }),
  entries: z.array(recordEntrySchema).meta({ description: 'Newest first.' }),
})
export type MemberRecord = z.output<typeof memberRecordSchema>

export const profileAwardSchema = z.object({
  award_id: z.number().int().nullable(),
  name: text(),
  image_url: text().nullable(),
  count: z.number().int(),
})
export type ProfileAward = z.output<typeof profileAwardSchema>

export const attendanceWeekSchema = z.object({
  week_start: day.meta({ description: "Monday of the week, in the unit's zone." }),
  held: z.number().int().meta({
    description:
      'Events held that week (with attendance recorded) that the member could attend: since they joined, not on their leave, or attended.',
  }),
  attended: z.number().int().meta({ description: 'Of those, how many the member attended.' }),
})
export type AttendanceWeek = z.output<typeof attendanceWeekSchema>

/** GET /api/roster/members/{id}/profile. */
export const memberProfileSchema = z.object({
  member: z.object({
    id: z.number().int(),
    ingame_name: text(),
    rank: rankSchema,
    join_date: day,
    days_in_service: z.number().int(),
    on_loa: z.boolean(),
    slot: z
      .object({ squad: text(), team: text(), role: text() })
      .nullable()
      .meta({ description: 'Where they stand in the ORBAT now, if they hold a slot.' }),
  }),
  awards: z.array(profileAwardSchema).meta({ description: 'In precedence order, with how many times each is held.' }),
  qualifications: z.array(z.object({ id: z.number().int(), name: text(), since: text() })),
  attendance: z.object({
    weeks: z.array(attendanceWeekSchema).meta({ description: 'The last 12 weeks, oldest first.' }),
    held: z.number().int(),
    attended: z.number().int(),
  }),
  entries: z
    .array(recordEntrySchema)
    .meta({ description: 'The public part of the timeline: no notes, no bans, no test scores, no failed tests.' }),
})
export type MemberProfile = z.output<typeof memberProfileSchema>

/** POST /api/roster/members/{id}/notes answers the note. */
export const noteSavedSchema = z.object({
  message: text(),
  note: z.object({ id: z.number().int(), text: text(), author: text(), created_at: text() }),
})
