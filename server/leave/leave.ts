import { inEveryLanguage } from '../notifications/texts.ts'
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  addDays,
  DEFAULT_LEAVE_MAX_DAYS,
  daysInclusive,
  LEAVE_MAX_PENDING,
  LEAVE_MESSAGES,
  LEAVE_PAST_DAYS,
  LEAVE_PHASE_LABELS,
  type LeaveDenyInput,
  type LeaveFilter,
  type LeaveItem,
  type LeavePhase,
  type LeaveRequestInput,
} from '#contracts/leave.ts'
import { isLeaveMaxDays } from '#contracts/settings.ts'
import type { DbOrTx } from '#db/client.ts'
import { leaves, type Leave } from '#db/schema/personnel.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Forbidden, Invalid, NotFound } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { getSetting } from '../unit/settings.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { announceLeave, type LeaveNews } from './announcements.ts'
import { lastLeaveDay, unitToday } from './days.ts'

// Leave of absence (docs/rules/personnel.md, Leave of absence): a member on the roster asks for leave (from, to, a
// reason); an admin approves or denies it; the member withdraws a pending request; the member or an admin ends an
// approved leave early. Each is one use case: its transaction (the member's row locked while a request is checked
// against their other leave), its audit entry, the Discord role sync it queues and, after the commit, the post to
// the leave channel. Which days a leave covers: leave-days.ts.

/** The longest leave a member may ask for (setting leave_max_days; unset: 90 days). */
export async function leaveMaxDays(db: DbOrTx): Promise<number> {
  const value = await getSetting(db, 'leave_max_days')
  return isLeaveMaxDays(value) ? Number(value) : DEFAULT_LEAVE_MAX_DAYS
}

/** Where a leave stands today: its stored status, or for an approved one its place in time (contracts/leave.ts). */
function phaseOf(row: Pick<Leave, 'status' | 'start_date' | 'end_date' | 'ended_at'>, today: string): LeavePhase {
  if (row.status !== 'approved') return row.status
  if (row.ended_at) return 'ended_early'
  if (today < row.start_date) return 'upcoming'
  return today > row.end_date ? 'over' : 'active'
}

const decider = alias(users, 'leave_decider')
const ender = alias(users, 'leave_ender')
const nameOf = (user: typeof decider | typeof ender) =>
  sql<string | null>`coalesce(${user.display_name}, ${user.username})`

/** The leaves a condition picks, newest first, as the API answers them. */
async function readLeaves(db: DbOrTx, where: SQL | undefined, today: string, limit = 500): Promise<LeaveItem[]> {
  const rows = await db
    .select({
      leave: leaves,
      member_name: members.ingame_name,
      decided_by: nameOf(decider),
      ended_by: nameOf(ender),
    })
    .from(leaves)
    .innerJoin(members, eq(members.id, leaves.member_id))
    .leftJoin(decider, eq(decider.id, leaves.decided_by_user_id))
    .leftJoin(ender, eq(ender.id, leaves.ended_by_user_id))
    .where(where)
    .orderBy(desc(leaves.start_date), desc(leaves.id))
    .limit(limit)
  return rows.map(({ leave, member_name, decided_by, ended_by }) => ({
    id: leave.id,
    member_id: leave.member_id,
    member_name,
    start_date: leave.start_date,
    end_date: leave.end_date,
    days: daysInclusive(leave.start_date, leave.end_date),
    reason: leave.reason,
    status: leave.status,
    phase: phaseOf(leave, today),
    created_at: leave.created_at.toISOString(),
    decided_at: leave.decided_at?.toISOString() ?? null,
    decided_by: leave.decided_at ? decided_by : null,
    deny_reason: leave.deny_reason,
    ended_at: leave.ended_at?.toISOString() ?? null,
    ended_by: leave.ended_at ? ended_by : null,
  }))
}

async function leaveItem(db: DbOrTx, id: number, today: string): Promise<LeaveItem> {
  const [item] = await readLeaves(db, eq(leaves.id, id), today, 1)
  if (!item) throw new NotFound(LEAVE_MESSAGES.notFound)
  return item
}

/** The SQL of a list filter on `today` (active: approved, not ended early, today between its first and last day). */
function filterSql(filter: LeaveFilter, today: string): SQL {
  if (filter !== 'active') return eq(leaves.status, filter)
  return sql`${leaves.status} = 'approved' and ${leaves.ended_at} is null and ${leaves.start_date} <= ${today}::date and ${leaves.end_date} >= ${today}::date`
}

/** The roster member a logged-in person is (by Discord id), if any; locked for the rest of the transaction when asked. */
async function memberOfUser(db: DbOrTx, user: Pick<User, 'discord_id'>, lock = false) {
  const query = db
    .select({ id: members.id, name: members.ingame_name, banned: members.is_banned, discord_id: members.discord_id })
    .from(members)
    .where(eq(members.discord_id, user.discord_id))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** Why this person cannot ask for leave (not on the roster, banned), or null. */
function requestRefusal(member: { banned: boolean } | null): string | null {
  if (!member) return LEAVE_MESSAGES.notOnRoster
  return member.banned ? LEAVE_MESSAGES.banned : null
}

/**
 * GET /api/loa: an admin sees every leave, anyone else their own (none when they are not on the roster); `filter`
 * narrows to a status or to the leaves active today.
 */
export async function listLeaves(db: DbOrTx, user: User, filter?: LeaveFilter): Promise<LeaveItem[]> {
  const { today } = await unitToday(db)
  const conditions: SQL[] = []
  if (!user.is_admin) {
    const member = await memberOfUser(db, user)
    if (!member) return []
    conditions.push(eq(leaves.member_id, member.id))
  }
  if (filter) conditions.push(filterSql(filter, today))
  return readLeaves(db, conditions.length ? and(...conditions) : undefined, today)
}

/** The account page: whether this person may ask, their leave, the limits and the unit's today. */
export async function accountLeave(db: DbOrTx, user: User) {
  const [{ zone, today }, member, maxDays] = await Promise.all([
    unitToday(db),
    memberOfUser(db, user),
    leaveMaxDays(db),
  ])
  const list = member ? await readLeaves(db, eq(leaves.member_id, member.id), today) : []
  return { refusal: requestRefusal(member), leaves: list, maxDays, unitTimeZone: zone, today }
}

/** The Leave tab: one filter's leaves (or all), how many each filter holds, and the unit's today. */
export async function leaveTab(db: DbOrTx, filter: LeaveFilter | 'all') {
  const { zone, today } = await unitToday(db)
  const [list, counts] = await Promise.all([
    readLeaves(db, filter === 'all' ? undefined : filterSql(filter, today), today),
    leaveCounts(db, today),
  ])
  return { filter, leaves: list, counts, today, unitTimeZone: zone }
}

async function leaveCounts(db: DbOrTx, today: string): Promise<Record<LeaveFilter, number>> {
  const [row] = await db
    .select({
      pending: sql<number>`(${count()} filter (where ${filterSql('pending', today)}))::int`,
      approved: sql<number>`(${count()} filter (where ${filterSql('approved', today)}))::int`,
      denied: sql<number>`(${count()} filter (where ${filterSql('denied', today)}))::int`,
      active: sql<number>`(${count()} filter (where ${filterSql('active', today)}))::int`,
    })
    .from(leaves)
  return row ?? { pending: 0, approved: 0, denied: 0, active: 0 }
}

/** The admin hub's count of requests waiting for a decision. */
export async function pendingLeaveCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leaves).where(eq(leaves.status, 'pending'))
  return row?.n ?? 0
}

// ---- the use cases ------------------------------------------------------------------------------------------------

/** What a decision or an ending answers, and what the post after the commit needs. */
interface LeaveChange {
  leave: LeaveItem
  discordId: string | null
  news: LeaveNews
}

/** Changes to an active leave show on the roster and the ORBAT (the LOA badge). */
const visibleIf = (wasActive: boolean, change: LeaveChange) =>
  wasActive || change.leave.phase === 'active' ? (['roster', 'orbat'] as const) : ([] as const)

/**
 * A member on the roster asks for leave: at most leave_max_days days, starting at most 7 days ago (in the unit's
 * zone), overlapping none of their pending or approved leave. Their member row is locked while this is checked, so
 * two requests at the same moment cannot both pass. At most LEAVE_MAX_PENDING requests wait for an admin at once.
 */
export async function requestLeave(services: AppServices, user: User, input: LeaveRequestInput): Promise<LeaveItem> {
  return runTransaction(
    services,
    async (tx) => {
      const member = await memberOfUser(tx, user, true)
      const refusal = requestRefusal(member)
      if (refusal || !member) throw new Forbidden(refusal ?? LEAVE_MESSAGES.notOnRoster)
      const [{ zone, today }, maxDays] = await Promise.all([unitToday(tx), leaveMaxDays(tx)])
      if (input.start_date < addDays(today, -LEAVE_PAST_DAYS))
        throw new Invalid(LEAVE_MESSAGES.startTooEarly, { start_date: [LEAVE_MESSAGES.startTooEarly] })
      if (daysInclusive(input.start_date, input.end_date) > maxDays)
        throw new Invalid(LEAVE_MESSAGES.tooLong(maxDays), { end_date: [LEAVE_MESSAGES.tooLong(maxDays)] })
      const [{ waiting } = { waiting: 0 }] = await tx
        .select({ waiting: count() })
        .from(leaves)
        .where(and(eq(leaves.member_id, member.id), eq(leaves.status, 'pending')))
      if (waiting >= LEAVE_MAX_PENDING) throw new Conflict(LEAVE_MESSAGES.tooManyPending)
      const others = await tx
        .select()
        .from(leaves)
        .where(
          and(
            eq(leaves.member_id, member.id),
            inArray(leaves.status, ['pending', 'approved']),
            sql`${leaves.start_date} <= ${input.end_date}::date and ${leaves.end_date} >= ${input.start_date}::date`,
          ),
        )
      // An approved leave ended early no longer holds the days after it was ended.
      const clash = others.find((other) => other.status === 'pending' || lastLeaveDay(other, zone) >= input.start_date)
      if (clash) throw new Conflict(LEAVE_MESSAGES.overlap(clash.start_date, clash.end_date))
      const [created] = await tx
        .insert(leaves)
        .values({ member_id: member.id, start_date: input.start_date, end_date: input.end_date, reason: input.reason })
        .returning({ id: leaves.id })
      await recordAudit(tx, user, 'Leave requested', `${member.name}: ${input.start_date} to ${input.end_date}`)
      await notify(
        tx,
        { admins: true, except: user.id },
        {
          kind: 'admin_queue',
          event: `leave-requested:${created!.id}`,
          title: inEveryLanguage('notifications.leaveRequested.title'),
          body: inEveryLanguage('notifications.leaveRequested.body', {
            name: member.name,
            start: input.start_date,
            end: input.end_date,
          }),
          url: '/admin/roster/leave',
        },
      )
      const item = await leaveItem(tx, created!.id, today)
      await emitWebhook(tx, 'leave.requested', item)
      return item
    },
    // A pending request shows on no page anyone keeps a copy of.
    { name: 'request leave', changes: [] },
  )
}

/** The leave row, locked for the rest of the transaction, with its member's name and Discord id. */
async function lockLeave(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ leave: leaves, name: members.ingame_name, discord_id: members.discord_id })
    .from(leaves)
    .innerJoin(members, eq(members.id, leaves.member_id))
    .where(eq(leaves.id, id))
    .limit(1)
    .for('update', { of: leaves })
  if (!row) throw new NotFound(LEAVE_MESSAGES.notFound)
  return row
}

/** Only the member whose leave it is (admins too, for the calls that allow them). */
function assertOwner(user: User, owner: string | null, adminToo: boolean) {
  if (adminToo && user.is_admin) return
  if (!owner || owner !== user.discord_id) throw new Forbidden(LEAVE_MESSAGES.notYours)
}

type Decision = { kind: 'approve' } | { kind: 'deny'; input: LeaveDenyInput }

async function decide(services: AppServices, admin: User, id: number, decision: Decision): Promise<LeaveItem> {
  const result = await runTransaction(
    services,
    async (tx): Promise<LeaveChange> => {
      const { today } = await unitToday(tx)
      const { leave, name, discord_id } = await lockLeave(tx, id)
      if (leave.status !== 'pending')
        throw new Conflict(LEAVE_MESSAGES.notPending(LEAVE_PHASE_LABELS[phaseOf(leave, today)]))
      const approved = decision.kind === 'approve'
      await tx
        .update(leaves)
        .set({
          status: approved ? 'approved' : 'denied',
          decided_by_user_id: admin.id,
          decided_at: new Date(),
          deny_reason: approved ? null : decision.input.reason,
        })
        .where(eq(leaves.id, id))
      const dates = `${leave.start_date} to ${leave.end_date}`
      await recordAudit(
        tx,
        admin,
        approved ? 'Leave approved' : 'Leave denied',
        approved ? `${name}: ${dates}` : `${name}: ${dates}: ${decision.input.reason}`,
      )
      await notify(
        tx,
        { memberId: leave.member_id, except: admin.id },
        {
          kind: 'leave',
          event: `leave-decided:${id}`,
          title: inEveryLanguage(approved ? 'notifications.leaveApproved.title' : 'notifications.leaveDenied.title'),
          body: approved
            ? inEveryLanguage('notifications.leaveApproved.body', { start: leave.start_date, end: leave.end_date })
            : inEveryLanguage('notifications.leaveDenied.body', {
                start: leave.start_date,
                end: leave.end_date,
                reason: decision.input.reason,
              }),
          url: '/account',
        },
      )
      const item = await leaveItem(tx, id, today)
      await emitWebhook(tx, approved ? 'leave.approved' : 'leave.denied', item)
      return {
        leave: item,
        discordId: discord_id,
        news: { kind: approved ? 'approved' : 'denied', leave: item, discordId: discord_id },
      }
    },
    {
      name: decision.kind === 'approve' ? 'approve leave' : 'deny leave',
      changes: (change) => visibleIf(false, change),
      // The role follows the leave: the approval of an active leave gives it; a later start is the daily job's.
      syncRoles: (change) => (change.leave.status === 'approved' ? [change.discordId] : []),
      after: (change) => announceLeave(services, change.news),
    },
  )
  return result.leave
}

/** POST /api/loa/{id}/approve: a pending request becomes approved leave (active from its first day to its last). */
export function approveLeave(services: AppServices, admin: User, id: number): Promise<LeaveItem> {
  return decide(services, admin, id, { kind: 'approve' })
}

/** POST /api/loa/{id}/deny {reason}: a pending request is denied; the member reads the reason. */
export function denyLeave(services: AppServices, admin: User, id: number, input: LeaveDenyInput): Promise<LeaveItem> {
  return decide(services, admin, id, { kind: 'deny', input })
}

/**
 * POST /api/loa/{id}/end: the member or an admin ends an approved leave that is not over yet. It ends at once (an
 * upcoming one never starts); the planned days stay on record.
 */
export async function endLeave(services: AppServices, user: User, id: number): Promise<LeaveItem> {
  const result = await runTransaction(
    services,
    async (tx): Promise<LeaveChange & { wasActive: boolean }> => {
      const { today } = await unitToday(tx)
      const { leave, name, discord_id } = await lockLeave(tx, id)
      assertOwner(user, discord_id, true)
      const phase = phaseOf(leave, today)
      if (leave.status !== 'approved') throw new Conflict(LEAVE_MESSAGES.endNotApproved(LEAVE_PHASE_LABELS[phase]))
      if (phase === 'ended_early') throw new Conflict(LEAVE_MESSAGES.alreadyEnded)
      if (phase === 'over') throw new Conflict(LEAVE_MESSAGES.alreadyOver)
      await tx.update(leaves).set({ ended_at: new Date(), ended_by_user_id: user.id }).where(eq(leaves.id, id))
      await recordAudit(tx, user, 'Leave ended early', `${name}: ${leave.start_date} to ${leave.end_date}`)
      const item = await leaveItem(tx, id, today)
      await emitWebhook(tx, 'leave.ended', item)
      return {
        leave: item,
        discordId: discord_id,
        news: { kind: 'ended', leave: item, discordId: discord_id },
        wasActive: phase === 'active',
      }
    },
    {
      name: 'end leave',
      changes: (change) => visibleIf(change.wasActive, change),
      syncRoles: (change) => [change.discordId],
      after: (change) => announceLeave(services, change.news),
    },
  )
  return result.leave
}

/** DELETE /api/loa/{id}: the member withdraws their own pending request (it stays on record as withdrawn). */
export async function withdrawLeave(services: AppServices, user: User, id: number): Promise<LeaveItem> {
  return runTransaction(
    services,
    async (tx) => {
      const { today } = await unitToday(tx)
      const { leave, name, discord_id } = await lockLeave(tx, id)
      assertOwner(user, discord_id, false)
      if (leave.status !== 'pending')
        throw new Conflict(LEAVE_MESSAGES.withdrawNotPending(LEAVE_PHASE_LABELS[phaseOf(leave, today)]))
      await tx.update(leaves).set({ status: 'withdrawn' }).where(eq(leaves.id, id))
      await recordAudit(tx, user, 'Leave withdrawn', `${name}: ${leave.start_date} to ${leave.end_date}`)
      return leaveItem(tx, id, today)
    },
    { name: 'withdraw leave', changes: [] },
  )
}

/**
 * The daily job at midnight in the unit's zone: leave that starts today or ended yesterday (by the calendar, not
 * ended early) moves its members' Discord roles and their LOA badges. Queues their role syncs and tells the roster and
 * the live ORBAT; answers how many members it touched.
 */
export async function turnLeaveDay(services: AppServices): Promise<number> {
  const touched = await runTransaction(
    services,
    async (tx) => {
      const { today } = await unitToday(tx)
      return tx
        .selectDistinct({ member_id: leaves.member_id, discord_id: members.discord_id })
        .from(leaves)
        .innerJoin(members, eq(members.id, leaves.member_id))
        .where(
          and(
            eq(leaves.status, 'approved'),
            sql`${leaves.ended_at} is null`,
            or(eq(leaves.start_date, today), eq(leaves.end_date, addDays(today, -1))),
          ),
        )
    },
    {
      name: 'leave day turn',
      changes: (rows) => (rows.length ? ['roster', 'orbat'] : []),
      syncRoles: (rows) => rows.map((r) => r.discord_id),
    },
  )
  return touched.length
}
