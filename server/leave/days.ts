import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { addDays, daysInclusive } from '#contracts/leave.ts'
import type { DbOrTx } from '#db/client.ts'
import { leaves, type Leave } from '#db/schema/personnel.ts'
import { dayIn } from '../lib/wall-time.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'

// Which days a member is on leave (docs/rules/personnel.md, Leave of absence): the one statement of the rule, for the
// roster, the ORBAT and Discord roles (on leave today) and for later work on activity (days on leave in a period).
// Days are calendar days in the unit's time zone. An approved leave covers its days from start_date to end_date; one
// ended early covers only its days before the day it was ended (from that moment it is no longer active).

/** The unit's zone and the calendar day it is there now. */
export async function unitToday(db: DbOrTx, now = new Date()): Promise<{ zone: string; today: string }> {
  const zone = await getUnitTimeZone(db)
  return { zone, today: dayIn(now, zone) }
}

/** When the unit's today ends (its next midnight, epoch ms): a copy showing who is on leave today is stale then. */
export function unitDayEndsAt(zone: string, now = Date.now()): number {
  return DateTime.fromMillis(now, { zone }).startOf('day').plus({ days: 1 }).toMillis()
}

/**
 * SQL: the roster member of the row has an active leave on `today` (YYYY-MM-DD). Active means approved, not ended
 * early, and `today` between its first and last day. One indexed probe per row (leaves_member_idx), so a list reads
 * it in the same query as its rows. The query must read `members` under its own name.
 */
// NOTE: names spelled out: drizzle leaves columns unqualified in a one-table select, and an unqualified "id" inside
// the subquery would be the leave's own id.
export function onLeaveSql(today: string): SQL<boolean> {
  return sql<boolean>`exists(select 1 from leaves loa where loa.member_id = "members"."id" and loa.status = 'approved' and loa.ended_at is null and loa.start_date <= ${today}::date and loa.end_date >= ${today}::date)`
}

/** A run of calendar days, both ends included. */
export interface LeaveSpan {
  from: string
  to: string
}

/**
 * The last day an approved leave covers: its end_date, or the day before it was ended early (in the unit's zone).
 * Before its start_date when it was ended before it began: it covers no day.
 */
export function lastLeaveDay(leave: { end_date: string; ended_at: Date | null }, zone: string): string {
  if (!leave.ended_at) return leave.end_date
  const dayBefore = addDays(dayIn(leave.ended_at, zone), -1)
  return dayBefore < leave.end_date ? dayBefore : leave.end_date
}

/** An approved leave's days as stored (see lastLeaveDay for the days it covers once ended early). */
export type ApprovedLeave = Pick<Leave, 'member_id' | 'start_date' | 'end_date' | 'ended_at'>

/**
 * The approved leave that starts on or before `to` (and, given `from`, ends on or after it), of the given members or
 * of everyone, in member and start order: what every count of days on leave reads.
 */
export function approvedLeaves(
  db: DbOrTx,
  within: { to: string; from?: string; memberIds?: readonly number[] },
): Promise<ApprovedLeave[]> {
  return db
    .select({
      member_id: leaves.member_id,
      start_date: leaves.start_date,
      end_date: leaves.end_date,
      ended_at: leaves.ended_at,
    })
    .from(leaves)
    .where(
      and(
        eq(leaves.status, 'approved'),
        lte(leaves.start_date, within.to),
        within.from === undefined ? undefined : gte(leaves.end_date, within.from),
        within.memberIds === undefined ? undefined : inArray(leaves.member_id, [...within.memberIds]),
      ),
    )
    .orderBy(asc(leaves.member_id), asc(leaves.start_date))
}

/**
 * For each member, the days from `from` to `to` (YYYY-MM-DD, both included) on which they were or will be on
 * approved leave, as merged spans in order; members without any are absent. One query for all the members, so
 * activity reports can excuse the weeks a member was away without a query per member.
 */
export async function leaveSpansByMember(
  db: DbOrTx,
  memberIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, LeaveSpan[]>> {
  const spans = new Map<number, LeaveSpan[]>()
  if (!memberIds.length || to < from) return spans
  const [zone, rows] = await Promise.all([
    getUnitTimeZone(db),
    approvedLeaves(db, { memberIds: [...new Set(memberIds)], from, to }),
  ])
  for (const row of rows) {
    const first = row.start_date > from ? row.start_date : from
    const covered = lastLeaveDay(row, zone)
    const last = covered < to ? covered : to
    if (last < first) continue
    const list = spans.get(row.member_id) ?? []
    const previous = list.at(-1)
    // Rows come in start order: a span that touches or overlaps the previous one extends it.
    if (previous && first <= addDays(previous.to, 1)) {
      if (last > previous.to) previous.to = last
    } else list.push({ from: first, to: last })
    spans.set(row.member_id, list)
  }
  return spans
}

/** For each member, how many days from `from` to `to` (both included) they were on approved leave (absent: none). */
export async function leaveDaysByMember(
  db: DbOrTx,
  memberIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, number>> {
  const days = new Map<number, number>()
  for (const [memberId, spans] of await leaveSpansByMember(db, memberIds, from, to))
    days.set(
      memberId,
      spans.reduce((sum, span) => sum + daysInclusive(span.from, span.to), 0),
    )
  return days
}

/** Whether the member is on leave on `day` (YYYY-MM-DD; today in the unit's zone when omitted). */
export async function isOnLeave(db: DbOrTx, memberId: number, day?: string): Promise<boolean> {
  const on = day ?? (await unitToday(db)).today
  return (await leaveSpansByMember(db, [memberId], on, on)).has(memberId)
}
