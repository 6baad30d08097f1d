import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { AttendanceResult } from '#contracts/attendance.ts'
import { DEFAULT_EVENT_TIME, type EventInput, type EventItem } from '#contracts/events.ts'
import type { ListCursor } from '#contracts/paging.ts'
import { isCalendarDay } from '#contracts/time.ts'
import type { DbOrTx } from '#db/client.ts'
import { eventAttendance, events, members } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit, type Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { enqueueDiscordEvent, publishedByDefault, wakeDiscordEvents } from '../discord/scheduled-events.ts'
import { assertMembersExist } from './attendance.ts'
import { pastPage, startsBefore, type PastPage } from './list-pages.ts'
import { dayIn, instantOf, zonedIso } from '../lib/wall-time.ts'

// Roster events and their attendance (docs/rules/roster.md: attendance moves the event score). Attendance is the source
// of attended_events_count changes: +1 per member added, -1 per member removed. The use cases (create, update, delete,
// set attendance) serve the Events tab's actions and /api/roster/events alike. An event starts at a date-time; a bare
// day starts at 20:00 in the unit's time zone (docs/rules/settings.md). Lists read the stored attendance_count (kept by
// a trigger) and walk the (date, id) index: no list counts rows or sorts every event
// (docs/decisions/033-stored-counts-and-keyset-pages.md).

export type { EventInput, EventItem }

/** Past events a page of the Events tab shows. */
export const EVENTS_PAGE = 25

const itemColumns = {
  id: events.id,
  name: events.name,
  date: events.date,
  orbat_image_url: events.orbat_image_url,
  attendance_count: events.attendance_count,
  orbat_linked: events.orbat_linked,
  discord_event: events.discord_event,
  discord_event_id: events.discord_event_id,
}

type EventRow = { date: Date } & Omit<EventItem, 'date'>
const toItems = (rows: EventRow[], zone: string): EventItem[] =>
  rows.map((r) => ({ ...r, date: zonedIso(r.date, zone) }))

/**
 * Events, newest first; their starts on the unit's clock (zonedIso). With a page: at most `limit` of them, those
 * before the cursor (GET /api/roster/events?limit=&before=).
 */
export async function listEvents(
  db: DbOrTx,
  page: { limit: number; before: ListCursor | null } | null = null,
): Promise<EventItem[]> {
  const query = db
    .select(itemColumns)
    .from(events)
    .where(page?.before ? startsBefore(events.date, events.id, page.before) : undefined)
    .orderBy(desc(events.date), desc(events.id))
    .$dynamic()
  const [zone, rows] = await Promise.all([getUnitTimeZone(db), page ? query.limit(page.limit) : query])
  return toItems(rows, zone)
}

/** Events since `since` (the calendar feeds' window), soonest first. */
export async function eventsSince(db: DbOrTx, since: Date): Promise<EventItem[]> {
  const [zone, rows] = await Promise.all([
    getUnitTimeZone(db),
    db.select(itemColumns).from(events).where(gte(events.date, since)).orderBy(asc(events.date), asc(events.id)),
  ])
  return toItems(rows, zone)
}

/** One event as the lists give it, or null. */
export async function findEvent(db: DbOrTx, id: number): Promise<EventItem | null> {
  const [zone, rows] = await Promise.all([
    getUnitTimeZone(db),
    db.select(itemColumns).from(events).where(eq(events.id, id)).limit(1),
  ])
  return toItems(rows, zone)[0] ?? null
}

/** The Events tab: every upcoming event (soonest first), one page of past ones (newest first), and how many in all. */
export interface EventsTab extends PastPage<EventItem> {
  upcoming: EventItem[]
  total: number
}

export async function eventsTab(
  db: DbOrTx,
  options: { before: ListCursor | null; now?: Date; pageSize?: number },
): Promise<EventsTab> {
  const now = options.now ?? new Date()
  const pageSize = options.pageSize ?? EVENTS_PAGE
  const before = options.before ?? { start: now, id: null }
  const [zone, upcoming, past, [total]] = await Promise.all([
    getUnitTimeZone(db),
    db.select(itemColumns).from(events).where(gte(events.date, now)).orderBy(asc(events.date), asc(events.id)),
    db
      .select(itemColumns)
      .from(events)
      .where(and(lt(events.date, now), startsBefore(events.date, events.id, before)))
      .orderBy(desc(events.date), desc(events.id))
      .limit(pageSize + 1),
    db.select({ n: count() }).from(events),
  ])
  return { upcoming: toItems(upcoming, zone), ...pastPage(toItems(past, zone), pageSize), total: total?.n ?? 0 }
}

/** The event's start: the form's day and time in its zone, an API date-time, or a bare day at 20:00 unit time. */
function startOf(input: EventInput, zone: string): Date {
  return instantOf(input, { zone, startTime: DEFAULT_EVENT_TIME })
}

/**
 * The stored columns of an event (the form's time and zone are folded into `date`). An input without orbat_linked or
 * discord_event leaves them as they were (`keep`), so an API client that never heard of them changes neither.
 */
function columns(
  { name, orbat_image_url, orbat_linked, discord_event }: EventInput,
  date: Date,
  keep: { orbat_linked: boolean; discord_event: boolean },
) {
  return {
    name,
    orbat_image_url,
    orbat_linked: orbat_linked ?? keep.orbat_linked,
    discord_event: discord_event ?? keep.discord_event,
    date,
  }
}

async function eventRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1)
  if (!row) throw new NotFound('Event not found.')
  return row
}

export async function createEvent(services: AppServices, admin: User, input: EventInput): Promise<EventItem> {
  return runTransaction(
    services,
    async (tx) => {
      const zone = await getUnitTimeZone(tx)
      // Published on Discord as the body says, or as the Discord settings' default for new ones.
      const published = input.discord_event ?? (await publishedByDefault(tx))
      const values = columns(input, startOf(input, zone), { orbat_linked: false, discord_event: published })
      const [row] = await tx.insert(events).values(values).returning()
      if (row!.discord_event) await enqueueDiscordEvent(tx, 'event', row!.id)
      await recordAudit(
        tx,
        admin,
        'Event added',
        // An instant, which the audit log shows in its viewer's zone.
        `${input.name} (${values.date.toISOString()})`,
      )
      const event: EventItem = {
        id: row!.id,
        name: row!.name,
        date: zonedIso(row!.date, zone),
        orbat_image_url: row!.orbat_image_url,
        attendance_count: row!.attendance_count,
        orbat_linked: row!.orbat_linked,
        discord_event: row!.discord_event,
        discord_event_id: row!.discord_event_id,
      }
      await emitWebhook(tx, 'event.created', event)
      return event
    },
    // Neither the ORBAT nor the public roster shows events; only attendance counts (the event score).
    { name: 'create event', changes: [], after: (event) => event.discord_event && wakeDiscordEvents(services) },
  )
}

/**
 * An API edit naming the event's current day (on the unit's clock) without a time keeps the event's start: a client
 * that edits only the day or the name does not move the event to 20:00.
 */
export async function updateEvent(
  services: AppServices,
  admin: User,
  id: number,
  input: EventInput,
): Promise<EventItem> {
  const { event } = await runTransaction(
    services,
    async (tx) => {
      const before = await eventRow(tx, id)
      const zone = await getUnitTimeZone(tx)
      const sameDay = isCalendarDay(input.date) && input.time === undefined && dayIn(before.date, zone) === input.date
      const values = columns(input, sameDay ? before.date : startOf(input, zone), before)
      await tx.update(events).set(values).where(eq(events.id, id))
      // Its Discord event follows: edited, or deleted when unticked.
      const queued = Boolean(values.discord_event || before.discord_event || before.discord_event_id)
      if (queued) await enqueueDiscordEvent(tx, 'event', id)
      await recordAudit(
        tx,
        admin,
        'Event updated',
        before.name === input.name ? input.name : `${before.name} -> ${input.name}`,
      )
      const event = (await findEvent(tx, id))!
      await emitWebhook(tx, 'event.updated', event)
      return { event, queued }
    },
    // The drain is woken only when there is something for it (an event never published queues nothing).
    { name: 'update event', changes: [], after: ({ queued }) => queued && wakeDiscordEvents(services) },
  )
  return event
}

/** Deleting an event takes its attendance back out of its attendees' scores. */
export async function deleteEvent(services: AppServices, admin: User, id: number): Promise<void> {
  await runTransaction(
    services,
    async (tx) => {
      const attendees = (
        await tx.select({ id: eventAttendance.member_id }).from(eventAttendance).where(eq(eventAttendance.event_id, id))
      ).map((r) => r.id)
      // The event as it was (a delete that finds nothing rolls back, and with it this).
      await emitWebhook(tx, 'event.deleted', () => findEvent(tx, id))
      const [removed] = await tx.delete(events).where(eq(events.id, id)).returning({
        name: events.name,
        discord_event: events.discord_event,
        discord_event_id: events.discord_event_id,
      })
      if (!removed) throw new NotFound('Event not found.')
      // Its Discord event is deleted too (after the commit, retried until Discord has it).
      const queued = Boolean(removed.discord_event || removed.discord_event_id)
      if (queued) await enqueueDiscordEvent(tx, 'event', id, removed.discord_event_id)
      await adjustCount(tx, attendees, -1)
      await recordAudit(
        tx,
        admin,
        'Event deleted',
        `${removed.name}${attendees.length ? ` (${attendees.length} attendance records removed)` : ''}`,
      )
      return queued
    },
    { name: 'delete event', changes: ['roster'], after: (queued) => queued && wakeDiscordEvents(services) },
  )
}

async function adjustCount(tx: DbOrTx, memberIds: number[], delta: 1 | -1) {
  if (!memberIds.length) return
  await tx
    .update(members)
    .set({ attended_events_count: sql`greatest(0, ${members.attended_events_count} + ${delta})` })
    .where(inArray(members.id, memberIds))
}

/**
 * Adds members to an event's attendance (those already there stay as they are), moving their scores: bulk actions'
 * Mark attended. Answers the ids added. The caller holds the transaction and audits.
 */
export async function addEventAttendees(tx: DbOrTx, eventId: number, memberIds: number[]): Promise<number[]> {
  const current = new Set(
    (
      await tx
        .select({ id: eventAttendance.member_id })
        .from(eventAttendance)
        .where(eq(eventAttendance.event_id, eventId))
    ).map((r) => r.id),
  )
  const added = memberIds.filter((id) => !current.has(id))
  if (added.length)
    await tx.insert(eventAttendance).values(added.map((member_id) => ({ event_id: eventId, member_id })))
  await adjustCount(tx, added, 1)
  return added
}

export async function getEventAttendance(db: DbOrTx, eventId: number): Promise<AttendanceResult> {
  await eventRow(db, eventId)
  const rows = await db
    .select({ id: eventAttendance.member_id })
    .from(eventAttendance)
    .where(eq(eventAttendance.event_id, eventId))
    .orderBy(eventAttendance.member_id)
  return { memberIds: rows.map((r) => r.id) }
}

/**
 * POST /api/roster/events/{id}/attendance: the full list of attendees; scores move by the difference. `attendees` may
 * derive the list from the current one under the event's lock (the game server adds its players to who is there).
 */
export async function setEventAttendance(
  services: AppServices,
  admin: Actor,
  eventId: number,
  attendees: number[] | ((current: number[]) => number[]),
): Promise<AttendanceResult> {
  return runTransaction(
    services,
    async (tx) => {
      // The row lock serialises attendance edits of one event (two admins ticking at once must not double-count).
      const [event] = await tx
        .select({ name: events.name })
        .from(events)
        .where(eq(events.id, eventId))
        .for('update')
        .limit(1)
      if (!event) throw new NotFound('Event not found.')
      const current = (
        await tx
          .select({ id: eventAttendance.member_id })
          .from(eventAttendance)
          .where(eq(eventAttendance.event_id, eventId))
      ).map((r) => r.id)
      const memberIds = typeof attendees === 'function' ? attendees(current) : attendees
      await assertMembersExist(tx, memberIds)
      const added = memberIds.filter((id) => !current.includes(id))
      const removed = current.filter((id) => !memberIds.includes(id))
      if (removed.length)
        await tx
          .delete(eventAttendance)
          .where(and(eq(eventAttendance.event_id, eventId), inArray(eventAttendance.member_id, removed)))
      if (added.length)
        await tx.insert(eventAttendance).values(added.map((member_id) => ({ event_id: eventId, member_id })))
      await adjustCount(tx, added, 1)
      await adjustCount(tx, removed, -1)
      // A post that changes nothing (a game server repeating itself) leaves no entry behind.
      if (added.length || removed.length)
        await recordAudit(
          tx,
          admin,
          'Attendance recorded',
          `${event.name}: ${memberIds.length} attended (+${added.length}, -${removed.length}).`,
        )
      return { memberIds: [...memberIds].sort((a, b) => a - b) }
    },
    { name: 'set event attendance', changes: ['roster'] },
  )
}
