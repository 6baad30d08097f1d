import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { eventAttendance, events, members } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { Invalid, NotFound } from '../errors.ts'

// Roster events and their attendance (spec 2 §2 Events tab, §5 Event; ARCHITECTURE §5: attendance moves the event
// score). Attendance is the source of attended_events_count changes: +1 per member added, -1 per member removed.

const MAX_INT = 2_147_483_647
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

export const httpUrl = (message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => {
      if (v === null) return true
      if (v.length > 2000) return false
      try {
        const url = new URL(v)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    }, message)

export const eventInputSchema = z.object({
  name: z.string({ error: 'Event name is required.' }).trim().min(1, 'Event name is required.').max(200, 'Event names are limited to 200 characters.'),
  date: z
    .string({ error: 'Event date is required.' })
    .trim()
    .min(1, { error: 'Event date is required.', abort: true })
    .refine((v) => ISO_DATE_TIME.test(v) && Number.isFinite(Date.parse(v)), 'Please enter a valid date.')
    .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v)),
  orbat_image_url: httpUrl('The ORBAT image URL must start with http:// or https://.'),
})
export type EventInput = z.output<typeof eventInputSchema>

export const attendanceSchema = z.object({
  memberIds: z
    .array(z.coerce.number({ error: 'Member ids must be numbers.' }).int().min(1).max(MAX_INT), { error: 'memberIds must be a list of member ids.' })
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
})

export interface EventItem {
  id: number
  name: string
  date: string
  orbat_image_url: string | null
  attendance_count: number
}

export async function listEvents(db: DbOrTx): Promise<EventItem[]> {
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      date: events.date,
      orbat_image_url: events.orbat_image_url,
      attendance_count: sql<number>`(select count(*) from ${eventAttendance} a where a.event_id = ${events.id})`.mapWith(Number),
    })
    .from(events)
    .orderBy(desc(events.date), desc(events.id))
  return rows.map((r) => ({ ...r, date: r.date.toISOString() }))
}

async function eventRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1)
  if (!row) throw new NotFound('Event not found.')
  return row
}

export async function createEvent(tx: DbOrTx, admin: User, input: EventInput): Promise<EventItem> {
  const [row] = await tx.insert(events).values(input).returning()
  await recordAudit(tx, admin, 'Event added', `${input.name} (${input.date.toISOString().slice(0, 10)})`)
  return { id: row!.id, name: row!.name, date: row!.date.toISOString(), orbat_image_url: row!.orbat_image_url, attendance_count: 0 }
}

export async function updateEvent(tx: DbOrTx, admin: User, id: number, input: EventInput): Promise<EventItem> {
  const before = await eventRow(tx, id)
  await tx.update(events).set(input).where(eq(events.id, id))
  await recordAudit(tx, admin, 'Event updated', before.name === input.name ? input.name : `${before.name} -> ${input.name}`)
  return (await listEvents(tx)).find((e) => e.id === id)!
}

/** Deleting an event takes its attendance back out of its attendees' scores. */
export async function deleteEvent(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const attendees = (await tx.select({ id: eventAttendance.member_id }).from(eventAttendance).where(eq(eventAttendance.event_id, id))).map((r) => r.id)
  const [removed] = await tx.delete(events).where(eq(events.id, id)).returning({ name: events.name })
  if (!removed) throw new NotFound('Event not found.')
  await adjustCount(tx, attendees, -1)
  await recordAudit(tx, admin, 'Event deleted', `${removed.name}${attendees.length ? ` (${attendees.length} attendance records removed)` : ''}`)
}

async function adjustCount(tx: DbOrTx, memberIds: number[], delta: 1 | -1) {
  if (!memberIds.length) return
  await tx
    .update(members)
    .set({ attended_events_count: sql`greatest(0, ${members.attended_events_count} + ${delta})` })
    .where(inArray(members.id, memberIds))
}

export async function getEventAttendance(db: DbOrTx, eventId: number): Promise<{ memberIds: number[] }> {
  await eventRow(db, eventId)
  const rows = await db.select({ id: eventAttendance.member_id }).from(eventAttendance).where(eq(eventAttendance.event_id, eventId)).orderBy(eventAttendance.member_id)
  return { memberIds: rows.map((r) => r.id) }
}

/** POST /api/roster/events/{id}/attendance: the full list of attendees; scores move by the difference. */
export async function setEventAttendance(tx: DbOrTx, admin: User, eventId: number, memberIds: number[]): Promise<{ memberIds: number[] }> {
  // The row lock serialises attendance edits of one event (two admins ticking at once must not double-count).
  const [event] = await tx.select({ name: events.name }).from(events).where(eq(events.id, eventId)).for('update').limit(1)
  if (!event) throw new NotFound('Event not found.')
  if (memberIds.length) {
    const found = new Set((await tx.select({ id: members.id }).from(members).where(inArray(members.id, memberIds))).map((r) => r.id))
    const missing = memberIds.find((id) => !found.has(id))
    if (missing !== undefined) throw new Invalid(`Member ${missing} does not exist.`)
  }
  const current = (await tx.select({ id: eventAttendance.member_id }).from(eventAttendance).where(eq(eventAttendance.event_id, eventId))).map((r) => r.id)
  const added = memberIds.filter((id) => !current.includes(id))
  const removed = current.filter((id) => !memberIds.includes(id))
  if (removed.length) await tx.delete(eventAttendance).where(and(eq(eventAttendance.event_id, eventId), inArray(eventAttendance.member_id, removed)))
  if (added.length) await tx.insert(eventAttendance).values(added.map((member_id) => ({ event_id: eventId, member_id })))
  await adjustCount(tx, added, 1)
  await adjustCount(tx, removed, -1)
  await recordAudit(tx, admin, 'Attendance recorded', `${event.name}: ${memberIds.length} attended (+${added.length}, -${removed.length}).`)
  return { memberIds: [...memberIds].sort((a, b) => a - b) }
}
