import { and, asc, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm'
import type { AttendanceResult } from '#contracts/attendance.ts'
import {
  HISTORY_MESSAGES,
  type HeldButAbsent,
  type OrbatSnapshot,
  type SnapshotSquad,
} from '#contracts/orbat-history.ts'
import type { DbOrTx } from '#db/client.ts'
import { eventOrbatHolders, eventOrbatSnapshots } from '#db/schema/orbat-history.ts'
import { platoons, slots, squads } from '#db/schema/orbat.ts'
import { eventAttendance, events, members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, NotFound } from '../errors.ts'
import { memberOfUser } from '../people.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { isSpacer } from './orbat.ts'

// An operation's ORBAT (docs/rules/orbat-history.md): the ORBAT as it stood at a linked event's start, frozen by the
// job runner once (the snapshot's key is the event, so racing instances insert one row between them), or again by an
// admin's hand until the operation is over. event_orbat_holders lists the roster members who held a slot in it.

/** An event counts as under way this long after its start (events have no end): the runner freezes within it, and
 * an admin may freeze again until it has passed. */
export const OPERATION_HOURS = 12
const OPERATION_MS = OPERATION_HOURS * 3_600_000

type Holder = { member_id: number; squad: string; team: string; slot: string }

/** The ORBAT as it stands, as a snapshot keeps it, and the roster members holding its slots. */
export async function captureOrbat(
  db: DbOrTx,
): Promise<{ squads: SnapshotSquad[]; waitlist: OrbatSnapshot['waitlist']; holders: Holder[] }> {
  const holderName = sql<
    string | null
  >`case when ${slots.user_id} is null then ${slots.manual_username} else coalesce(${members.ingame_name}, ${users.display_name}, ${users.username}) end`
  const [squadRows, slotRows, waitRows] = await Promise.all([
    db
      .select({ id: squads.id, name: squads.name, platoon: platoons.name })
      .from(squads)
      .leftJoin(platoons, eq(platoons.id, squads.platoon_id))
      .orderBy(asc(squads.pos_x), asc(squads.id)),
    db
      .select({
        id: slots.id,
        squad_id: slots.squad_id,
        team: slots.team,
        role: slots.role,
        required_role_id: slots.required_role_id,
        holder: holderName,
        member_id: members.id,
        // Joint operations (docs/rules/joint-operations.md): a guest's allied unit, the slot's reservation while it held.
        guest_of: sql<
          string | null
        >`(select a.tag from allied_guests g join allied_units a on a.id = g.allied_unit_id where g.user_id = ${slots.user_id})`,
        reserved_for: sql<string | null>`(select a.tag from squads q join allied_units a
            on a.id = coalesce(${slots.reserved_for}, ${slots.team_reserved_for}, q.reserved_for)
          where q.id = ${slots.squad_id} and allied_reservation_holds(a.id))`,
      })
      .from(slots)
      .leftJoin(users, eq(users.id, slots.user_id))
      .leftJoin(members, memberOfUser)
      .orderBy(asc(slots.squad_id), asc(slots.team_order), asc(slots.slot_order), asc(slots.id)),
    db
      .select({
        name: sql<string>`coalesce(${members.ingame_name}, ${users.display_name}, ${users.username})`,
        member_id: members.id,
        squad: squads.name,
      })
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.user_id))
      .leftJoin(members, memberOfUser)
      .leftJoin(squads, eq(squads.id, waitlistEntries.squad_id))
      .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id)),
  ])
  const bySquad = new Map<number, SnapshotSquad>(
    squadRows.map((s) => [s.id, { id: s.id, name: s.name, platoon: s.platoon, teams: [] }]),
  )
  const holders: Holder[] = []
  for (const slot of slotRows) {
    const squad = bySquad.get(slot.squad_id)
    if (!squad) continue
    let team = squad.teams.at(-1)
    if (!team || team.name !== slot.team) squad.teams.push((team = { name: slot.team, slots: [] }))
    const spacer = isSpacer(slot.role)
    team.slots.push({
      id: slot.id,
      role: slot.role,
      required_role_id: slot.required_role_id,
      holder: spacer ? null : slot.holder,
      member_id: spacer ? null : slot.member_id,
      guest_of: spacer ? null : slot.guest_of,
      reserved_for: spacer ? null : slot.reserved_for,
    })
    if (!spacer && slot.member_id !== null)
      holders.push({ member_id: slot.member_id, squad: squad.name, team: slot.team, slot: slot.role })
  }
  return {
    squads: [...bySquad.values()],
    waitlist: waitRows.map((w, i) => ({
      position: i + 1,
      name: w.name,
      member_id: w.member_id,
      squad_preference: w.squad,
    })),
    holders,
  }
}

/**
 * Freezes the ORBAT into an event's snapshot. `replace` (an admin's hand) takes the place of an earlier one; without
 * it a snapshot already there wins and nothing is written. Answers whether it froze.
 */
export async function freeze(tx: DbOrTx, eventId: number, by: User | null, replace: boolean): Promise<boolean> {
  const captured = await captureOrbat(tx)
  const values = {
    event_id: eventId,
    taken_at: new Date(),
    taken_by_user_id: by?.id ?? null,
    squads: captured.squads,
    waitlist: captured.waitlist,
  }
  const inserted = replace
    ? await tx
        .insert(eventOrbatSnapshots)
        .values(values)
        .onConflictDoUpdate({
          target: eventOrbatSnapshots.event_id,
          set: {
            taken_at: values.taken_at,
            taken_by_user_id: values.taken_by_user_id,
            squads: values.squads,
            waitlist: values.waitlist,
          },
        })
        .returning({ id: eventOrbatSnapshots.event_id })
    : await tx
        .insert(eventOrbatSnapshots)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: eventOrbatSnapshots.event_id })
  if (!inserted.length) return false
  await tx.delete(eventOrbatHolders).where(eq(eventOrbatHolders.event_id, eventId))
  if (captured.holders.length)
    await tx.insert(eventOrbatHolders).values(captured.holders.map((h) => ({ event_id: eventId, ...h })))
  return true
}

/**
 * The job runner's freeze: every linked event that has started within the operation window and has no snapshot.
 * Each event in its own transaction, so a crash loses at most the one under way, which the next run takes.
 */
export async function freezeDueOperations(services: AppServices, now = new Date()): Promise<number[]> {
  const due = await services.db
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(
      and(
        eq(events.orbat_linked, true),
        lte(events.date, now),
        gte(events.date, new Date(now.getTime() - OPERATION_MS)),
        notExists(
          services.db
            .select({ one: sql`1` })
            .from(eventOrbatSnapshots)
            .where(eq(eventOrbatSnapshots.event_id, events.id)),
        ),
      ),
    )
    .orderBy(asc(events.date), asc(events.id))
  const frozen: number[] = []
  for (const event of due) {
    const took = await runTransaction(
      services,
      async (tx) => {
        const done = await freeze(tx, event.id, null, false)
        if (done) {
          await recordAudit(tx, SYSTEM_ACTOR, 'Operation ORBAT frozen', `${event.name} (at its start).`)
          // The snapshot as GET /api/roster/events/{id}/orbat-snapshot answers it.
          await emitWebhook(tx, 'operation.frozen', () => getSnapshot(tx, event.id))
        }
        return done
      },
      { name: 'freeze operation ORBAT', changes: [] },
    )
    if (took) frozen.push(event.id)
  }
  return frozen
}

/** Whether an operation is over: its window after the start has passed. */
export function operationOver(start: Date, now = new Date()): boolean {
  return now.getTime() >= start.getTime() + OPERATION_MS
}

/** POST /api/roster/events/{id}/orbat-snapshot: an admin freezes the ORBAT now (again), until the operation is over. */
export async function freezeNow(services: AppServices, admin: User, eventId: number): Promise<OrbatSnapshot> {
  await runTransaction(
    services,
    async (tx) => {
      const [event] = await tx
        .select({ name: events.name, date: events.date })
        .from(events)
        .where(eq(events.id, eventId))
        .for('update')
        .limit(1)
      if (!event) throw new NotFound('Event not found.')
      if (operationOver(event.date)) throw new Conflict(HISTORY_MESSAGES.freezeOver)
      await freeze(tx, eventId, admin, true)
      await recordAudit(tx, admin, 'Operation ORBAT frozen', `${event.name} (by hand).`)
      await emitWebhook(tx, 'operation.frozen', () => getSnapshot(tx, eventId))
    },
    { name: 'freeze operation ORBAT by hand', changes: [] },
  )
  return getSnapshot(services.db, eventId)
}

/** GET /api/roster/events/{id}/orbat-snapshot; 404 when the event has none. */
export async function getSnapshot(db: DbOrTx, eventId: number): Promise<OrbatSnapshot> {
  const [row] = await db
    .select({
      taken_at: eventOrbatSnapshots.taken_at,
      squads: eventOrbatSnapshots.squads,
      waitlist: eventOrbatSnapshots.waitlist,
      by_name: users.display_name,
      by_username: users.username,
      by_id: eventOrbatSnapshots.taken_by_user_id,
    })
    .from(eventOrbatSnapshots)
    .leftJoin(users, eq(users.id, eventOrbatSnapshots.taken_by_user_id))
    .where(eq(eventOrbatSnapshots.event_id, eventId))
    .limit(1)
  if (!row) {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId))
    throw new NotFound(event ? HISTORY_MESSAGES.noSnapshot : 'Event not found.')
  }
  return {
    taken_at: row.taken_at.toISOString(),
    taken_by: row.by_id === null ? null : (row.by_name ?? row.by_username ?? null),
    squads: row.squads as SnapshotSquad[],
    waitlist: row.waitlist as OrbatSnapshot['waitlist'],
  }
}

/** GET /api/roster/events/{id}/attendance?suggest=orbat: the members who held a slot at the snapshot. */
export async function suggestAttendance(db: DbOrTx, eventId: number): Promise<AttendanceResult> {
  const [snapshot] = await db
    .select({ id: eventOrbatSnapshots.event_id })
    .from(eventOrbatSnapshots)
    .where(eq(eventOrbatSnapshots.event_id, eventId))
  if (!snapshot) {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId))
    throw new NotFound(event ? HISTORY_MESSAGES.noSnapshot : 'Event not found.')
  }
  const rows = await db
    .select({ id: eventOrbatHolders.member_id })
    .from(eventOrbatHolders)
    .where(eq(eventOrbatHolders.event_id, eventId))
    .orderBy(asc(eventOrbatHolders.member_id))
  return { memberIds: rows.map((r) => r.id) }
}

/** The members who held a slot at an operation and were not marked present, by slot. */
export async function heldButAbsent(db: DbOrTx, eventIds: number[]): Promise<Map<number, HeldButAbsent[]>> {
  const result = new Map<number, HeldButAbsent[]>()
  if (!eventIds.length) return result
  const rows = await db
    .select({
      event_id: eventOrbatHolders.event_id,
      member_id: eventOrbatHolders.member_id,
      name: members.ingame_name,
      squad: eventOrbatHolders.squad,
      team: eventOrbatHolders.team,
      slot: eventOrbatHolders.slot,
    })
    .from(eventOrbatHolders)
    .innerJoin(members, eq(members.id, eventOrbatHolders.member_id))
    .leftJoin(
      eventAttendance,
      and(
        eq(eventAttendance.event_id, eventOrbatHolders.event_id),
        eq(eventAttendance.member_id, eventOrbatHolders.member_id),
      ),
    )
    .where(and(inArray(eventOrbatHolders.event_id, eventIds), isNull(eventAttendance.member_id)))
    .orderBy(asc(eventOrbatHolders.squad), asc(eventOrbatHolders.team), asc(members.ingame_name))
  for (const { event_id, ...row } of rows) result.set(event_id, [...(result.get(event_id) ?? []), row])
  return result
}

/** Which of these events have a frozen ORBAT. */
export async function eventsWithSnapshot(db: DbOrTx, eventIds: number[]): Promise<Set<number>> {
  if (!eventIds.length) return new Set()
  const rows = await db
    .select({ id: eventOrbatSnapshots.event_id })
    .from(eventOrbatSnapshots)
    .where(inArray(eventOrbatSnapshots.event_id, eventIds))
  return new Set(rows.map((r) => r.id))
}
