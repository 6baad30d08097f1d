import { sql, type SQL } from 'drizzle-orm'
import { DateTime } from 'luxon'
import {
  INACTIVITY_WEEKS_DEFAULT,
  isInactivityWeeks,
  type ActivityMember,
  type ActivityReport,
  type ActivitySession,
  type ActivityWeek,
  type MemberActivity,
  type MemberActivitySession,
  type Trend,
} from '#contracts/activity.ts'
import { addDays } from '#contracts/leave.ts'
import type { DbOrTx } from '#db/client.ts'
import { NotFound } from '../errors.ts'
import { approvedLeaves, lastLeaveDay, type LeaveSpan } from '../leave/days.ts'
import { dayIn, zonedIso } from '../lib/wall-time.ts'
import { getSetting } from '../unit/settings.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'

// Activity (docs/rules/activity.md): the numbers of the dashboard, the API, the CSV, a member's small chart and the
// weekly digest, from one computation. The database does the set work (a handful of aggregate queries run side by
// side, none per member). Only one of them reads every attendance row of the two windows, and it groups them by
// member without joining anything per row; what depends on a member's join day, ban or leave (attendance before
// joining, banned members' attendance, what members on leave came to) concerns few members and is read through the
// attendance's member index. What is left is arithmetic over sorted days in memory: how many operations were held on
// or after a member's join day is a binary search, and only the few members with leave in the window are looked at
// one by one.

/** Two rates closer than this are the same trend ("flat"). */
const FLAT_BELOW = 0.05

export interface ActivityWindow {
  weeks: number
  zone: string
  now: Date
  /** First day of the window (a Monday in the unit's zone) and today. */
  from: string
  to: string
  fromAt: Date
  /** The window before, of the same length, for the trend. */
  prevFrom: string
  prevFromAt: Date
}

/** The window of `weeks` whole weeks, Monday to Sunday in the unit's zone, ending with this week (up to now). */
export function activityWindow(zone: string, now: Date, weeks: number): ActivityWindow {
  const monday = DateTime.fromJSDate(now).setZone(zone).startOf('week')
  const first = monday.minus({ weeks: weeks - 1 })
  const prev = first.minus({ weeks })
  return {
    weeks,
    zone,
    now,
    from: first.toISODate()!,
    to: dayIn(now, zone),
    fromAt: first.toJSDate(),
    prevFrom: prev.toISODate()!,
    prevFromAt: prev.toJSDate(),
  }
}

type SessionRow = {
  kind: 'event' | 'training'
  id: number
  name: string
  at_ms: number
  /** Attendance rows of anyone (held when > 0). */
  rows: number
}

export interface SessionFacts extends SessionRow {
  day: string
  current: boolean
  held: boolean
}

type MemberRow = {
  id: number
  ingame_name: string
  join_date: string
  squad: string | null
}

type MemberAgg = {
  member_id: number
  /** Operations attended in the window and in the one before. */
  cur: number
  prev: number
  last_ms: number | null
}

/** A session attended before the member's join day. */
type EarlyRow = {
  member_id: number
  kind: 'event' | 'training'
  id: number
  cur: boolean
}

/** A member's row and what the dashboard reads beyond the API's fields. */
export interface MemberFacts extends ActivityMember {
  join_date: string
  previous_rate: number | null
  /** When the member became inactive (epoch ms); null while active. */
  inactive_since: number | null
  /** The rate fell to half of the previous window's or less. */
  rate_halved: boolean
}

export interface SquadTurnout {
  squad: string | null
  attended: number
  possible: number
  rate: number | null
}

export interface ActivityData {
  window: ActivityWindow
  inactivityWeeks: number
  unitSize: number
  members: MemberFacts[]
  sessions: SessionFacts[]
  sessionStats: Map<string, { attended: number; roster_size: number }>
  squads: SquadTurnout[]
  /** Approved leave per member within the two windows, merged. */
  spans: Map<number, LeaveSpan[]>
}

const key = (kind: string, id: number) => `${kind}:${id}`

/** Index of the first element >= value in a sorted array. */
function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}
/** Index of the first element > value in a sorted array. */
function upperBound(sorted: readonly string[], value: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! <= value) lo = mid + 1
    else hi = mid
  }
  return lo
}

const covers = (spans: readonly LeaveSpan[] | undefined, day: string) =>
  !!spans && spans.some((s) => s.from <= day && day <= s.to)

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )

/** The setting inactivity_weeks, or its default. */
export async function inactivityWeeksOf(db: DbOrTx): Promise<number> {
  const value = await getSetting(db, 'inactivity_weeks')
  return isInactivityWeeks(value) ? Number(value) : INACTIVITY_WEEKS_DEFAULT
}

interface Options {
  weeks: number
  now?: Date
  /** One member (their own page): the unit-wide figures (sessions, squads) are not computed. */
  memberId?: number
}

/** Everything the activity screens read, in one pass. */
export async function computeActivity(db: DbOrTx, options: Options): Promise<ActivityData> {
  const now = options.now ?? new Date()
  const [zone, inactivityWeeks] = await Promise.all([getUnitTimeZone(db), inactivityWeeksOf(db)])
  const window = activityWindow(zone, now, options.weeks)
  const one = options.memberId
  const memberFilter = (column: SQL) => (one === undefined ? sql`true` : sql`${column} = ${one}::int`)
  const nowIso = now.toISOString()
  const prevIso = window.prevFromAt.toISOString()
  const fromIso = window.fromAt.toISOString()

  // Member sets as arrays, so the planner reads these few members' attendance through the member's index rather
  // than scanning the window's attendance for them. Members on leave in the two windows (or the one member): which
  // sessions they attended (a handful of rows), to excuse leave days and still count what they came to anyway.
  const onLeaveInWindow =
    one !== undefined
      ? sql`array[${one}::int]`
      : sql`array(select l.member_id from leaves l where l.status = 'approved' and l.start_date <= ${window.to}::date and l.end_date >= ${window.prevFrom}::date)`
  const recentJoiners =
    one === undefined
      ? sql`array(select id from members where join_date > ${window.prevFrom}::date and not is_banned)`
      : sql`array[${one}::int]`
  const banned = sql`array(select id from members where is_banned)`
  const detail = attendedSessions(db, onLeaveInWindow, window)
  // Read alongside the rest, awaited below; a failure of the batch first must not leave this one unhandled.
  detail.catch(() => {})
  const [memberRows, sessionRows, memberAggs, earlyRows, bannedRows, leaveRows, reliabilityRows, holderRows] =
    await Promise.all([
      db.execute<MemberRow>(sql`
      select m.id, m.ingame_name, m.join_date::text as join_date, sq.name as squad
      from members m
      left join users u on u.discord_id = m.discord_id
      left join slots s on s.user_id = u.id
      left join squads sq on sq.id = s.squad_id
      where ${one === undefined ? sql`not m.is_banned` : sql`m.id = ${one}::int`}
      order by lower(m.ingame_name), m.id`),
      db.execute<SessionRow>(sql`
      select 'event' as kind, e.id, e.name, (extract(epoch from e.date) * 1000)::float8 as at_ms, e.attendance_count as rows
      from events e where e.date >= ${prevIso}::timestamptz and e.date <= ${nowIso}::timestamptz
      union all
      select 'training', t.id, t.name, (extract(epoch from t.date) * 1000)::float8,
             (select count(*) from training_attendance x where x.training_id = t.id)::int
      from trainings t where t.date >= ${prevIso}::timestamptz and t.date <= ${nowIso}::timestamptz
      order by at_ms, kind, id`),
      // One pass over the attendance of both windows, per member: operations attended in each window, and the last
      // attendance. The rows are read from the attendance keys alone and grouped by member, nothing joined per row.
      db.execute<MemberAgg>(sql`
      select a.member_id,
        count(*) filter (where a.ev and a.date >= ${fromIso}::timestamptz)::int as cur,
        count(*) filter (where a.ev and a.date < ${fromIso}::timestamptz)::int as prev,
        (extract(epoch from max(a.date)) * 1000)::float8 as last_ms
      from (
        select ea.member_id, true as ev, e.date
        from events e join event_attendance ea on ea.event_id = e.id
        where e.date >= ${prevIso}::timestamptz and e.date <= ${nowIso}::timestamptz and e.attendance_count > 0
          and ${memberFilter(sql`ea.member_id`)}
        union all
        select ta.member_id, false, t.date
        from trainings t join training_attendance ta on ta.training_id = t.id
        where t.date >= ${prevIso}::timestamptz and t.date <= ${nowIso}::timestamptz and ${memberFilter(sql`ta.member_id`)}
      ) a
      group by a.member_id`),
      // Attendance before the member's join day: only a member who joined after the previous window began can have
      // any, so only their (few) rows are read, through the member's key.
      db.execute<EarlyRow>(sql`
      select m.id as member_id, 'event' as kind, e.id, e.date >= ${fromIso}::timestamptz as cur
      from event_attendance ea join members m on m.id = ea.member_id join events e on e.id = ea.event_id
      where ea.member_id = any(${recentJoiners})
        and e.date >= ${prevIso}::timestamptz and e.date <= ${nowIso}::timestamptz and e.attendance_count > 0
        and (e.date at time zone ${zone})::date < m.join_date
      union all
      select m.id, 'training', t.id, t.date >= ${fromIso}::timestamptz
      from training_attendance ta join members m on m.id = ta.member_id join trainings t on t.id = ta.training_id
      where ta.member_id = any(${recentJoiners})
        and t.date >= ${prevIso}::timestamptz and t.date <= ${nowIso}::timestamptz
        and (t.date at time zone ${zone})::date < m.join_date`),
      // Banned members' attendance per session, taken off the sessions' row counts (unit-wide only): few members, read
      // through their key.
      one !== undefined
        ? Promise.resolve([])
        : db.execute<{ kind: 'event' | 'training'; id: number; n: number }>(sql`
          select 'event' as kind, e.id, count(*)::int as n
          from event_attendance ea join events e on e.id = ea.event_id
          where ea.member_id = any(${banned}) and e.date >= ${prevIso}::timestamptz and e.date <= ${nowIso}::timestamptz
          group by e.id
          union all
          select 'training', t.id, count(*)::int
          from training_attendance ta join trainings t on t.id = ta.training_id
          where ta.member_id = any(${banned}) and t.date >= ${prevIso}::timestamptz and t.date <= ${nowIso}::timestamptz
          group by t.id`),
      approvedLeaves(db, { to: window.to, memberIds: one === undefined ? undefined : [one] }),
      // Reliability: trainings signed up to and operations where a slot was held in the frozen ORBAT, in the window,
      // with attendance recorded; how many of them were attended.
      db.execute<{ member_id: number; held: number; attended: number }>(sql`
      select r.member_id, count(*)::int as held, count(*) filter (where r.attended)::int as attended
      from (
        select ts.member_id, ta.member_id is not null as attended
        from trainings t join training_signups ts on ts.training_id = t.id
          left join training_attendance ta on ta.training_id = ts.training_id and ta.member_id = ts.member_id
        where t.date >= ${fromIso}::timestamptz and t.date <= ${nowIso}::timestamptz
          and exists(select 1 from training_attendance x where x.training_id = t.id) and ${memberFilter(sql`ts.member_id`)}
        union all
        select h.member_id, ea.member_id is not null
        from events e join event_orbat_holders h on h.event_id = e.id
          left join event_attendance ea on ea.event_id = h.event_id and ea.member_id = h.member_id
        where e.date >= ${fromIso}::timestamptz and e.date <= ${nowIso}::timestamptz and e.attendance_count > 0
          and ${memberFilter(sql`h.member_id`)}
      ) r group by r.member_id`),
      // Who held which squad's slot in the window's operations (the squads' turnout), unit-wide only.
      one !== undefined
        ? Promise.resolve([])
        : db.execute<{ event_id: number; member_id: number; squad: string; attended: boolean }>(sql`
          select h.event_id, h.member_id, h.squad,
                 exists(select 1 from event_attendance ea where ea.event_id = h.event_id and ea.member_id = h.member_id) as attended
          from events e join event_orbat_holders h on h.event_id = e.id join members m on m.id = h.member_id
          where e.date >= ${fromIso}::timestamptz and e.date <= ${nowIso}::timestamptz and e.attendance_count > 0
            and not m.is_banned`),
    ])
  if (one !== undefined && !memberRows.length) throw new NotFound('Member not found.')

  const fromMs = window.fromAt.getTime()
  const sessions: SessionFacts[] = sessionRows.map((r) => ({
    ...r,
    day: dayIn(new Date(r.at_ms), zone),
    current: r.at_ms >= fromMs,
    held: r.rows > 0,
  }))
  const heldEventDays = (current: boolean) =>
    sessions.filter((s) => s.kind === 'event' && s.held && s.current === current).map((s) => s.day)
  const curDays = heldEventDays(true)
  const prevDays = heldEventDays(false)

  // Leave: spans in the two windows (merged per member), and the last day of the latest leave up to today.
  const spans = new Map<number, LeaveSpan[]>()
  const lastLeave = new Map<number, string>()
  for (const row of [...leaveRows].sort(
    (a, b) => a.member_id - b.member_id || (a.start_date < b.start_date ? -1 : 1),
  )) {
    const covered = lastLeaveDay(row, zone)
    if (covered < row.start_date) continue
    const upToToday = covered < window.to ? covered : window.to
    if ((lastLeave.get(row.member_id) ?? '') < upToToday) lastLeave.set(row.member_id, upToToday)
    const first = row.start_date > window.prevFrom ? row.start_date : window.prevFrom
    const last = upToToday
    if (last < first) continue
    const list = spans.get(row.member_id) ?? []
    const previous = list.at(-1)
    if (previous && first <= addDays(previous.to, 1)) {
      if (last > previous.to) previous.to = last
    } else list.push({ from: first, to: last })
    spans.set(row.member_id, list)
  }

  const byMember = new Map(memberAggs.map((r) => [r.member_id, r]))
  // Operations attended before the join day, per member and window; attendance before it per session.
  const earlyOf = new Map<number, { cur: number; prev: number }>()
  const earlyIn = new Map<string, number>()
  for (const row of earlyRows) {
    const k = key(row.kind, row.id)
    earlyIn.set(k, (earlyIn.get(k) ?? 0) + 1)
    if (row.kind !== 'event') continue
    const early = earlyOf.get(row.member_id) ?? { cur: 0, prev: 0 }
    if (row.cur) early.cur++
    else early.prev++
    earlyOf.set(row.member_id, early)
  }
  const bannedIn = new Map(bannedRows.map((r) => [key(r.kind, r.id), r.n]))
  const reliability = new Map(reliabilityRows.map((r) => [r.member_id, r]))

  const attendedBy = await detail

  // Last attendance before the two windows, for the members with none in them.
  const older = memberRows.filter((m) => !byMember.get(m.id)?.last_ms).map((m) => m.id)
  const olderLast = new Map<number, number>()
  if (older.length) {
    // One grouped pass over these members' attendance, not a search per member: when most of the unit is dormant,
    // a query per member added up to most of a second on a big unit.
    const rows = await db.execute<{ id: number; last_ms: number | null }>(sql`
      select a.member_id as id, (extract(epoch from max(a.at)) * 1000)::float8 as last_ms from (
        select ea.member_id, e.date as at from event_attendance ea join events e on e.id = ea.event_id
         where ea.member_id in (${idList(older)}) and e.date <= ${nowIso}::timestamptz
        union all
        select ta.member_id, t.date from training_attendance ta join trainings t on t.id = ta.training_id
         where ta.member_id in (${idList(older)}) and t.date <= ${nowIso}::timestamptz
      ) a group by a.member_id`)
    for (const row of rows) if (row.last_ms !== null) olderLast.set(row.id, row.last_ms)
  }

  const sessionByKey = new Map(sessions.map((s) => [key(s.kind, s.id), s]))
  const inactiveMs = inactivityWeeks * 7 * 86_400_000
  const startOfDay = (day: string) => DateTime.fromISO(day, { zone }).toMillis()
  const cutoffMs = now.getTime() - inactiveMs
  const cutoffDay = dayIn(new Date(cutoffMs), zone)

  const members: MemberFacts[] = memberRows.map((m) => {
    const agg = byMember.get(m.id)
    const memberSpans = spans.get(m.id)
    const attendedKeys = attendedBy.get(m.id)
    const possibleOf = (days: readonly string[], current: boolean, attendedCount: number, early: number) => {
      let base = days.length - lowerBound(days, m.join_date)
      let extra = early
      if (memberSpans) {
        for (const day of days) if (day >= m.join_date && covers(memberSpans, day)) base--
        for (const k of attendedKeys ?? []) {
          const s = sessionByKey.get(k)
          if (s && s.kind === 'event' && s.current === current && s.day >= m.join_date && covers(memberSpans, s.day))
            extra++
        }
      }
      const possible = base + extra
      return { attended: attendedCount, possible, rate: possible ? attendedCount / possible : null }
    }
    const early = earlyOf.get(m.id)
    const cur = possibleOf(curDays, true, agg?.cur ?? 0, early?.cur ?? 0)
    const prev = possibleOf(prevDays, false, agg?.prev ?? 0, early?.prev ?? 0)
    const lastMs = agg?.last_ms ?? olderLast.get(m.id) ?? null
    const onLoa = covers(memberSpans, window.to)
    const leaveEnded = lastLeave.get(m.id)
    // Inactive when every start of the clock (last attendance, join day, the day after the last leave) is at or before
    // the cutoff; a day's midnight is, exactly when the day is the cutoff's day or earlier, so days compare as text and
    // only the inactive need their clock as an instant.
    const inactive =
      !onLoa &&
      (lastMs ?? -Infinity) <= cutoffMs &&
      m.join_date <= cutoffDay &&
      (!leaveEnded || addDays(leaveEnded, 1) <= cutoffDay)
    const clock = inactive
      ? Math.max(
          lastMs ?? -Infinity,
          startOfDay(m.join_date),
          leaveEnded ? startOfDay(addDays(leaveEnded, 1)) : -Infinity,
        )
      : 0
    const rel = reliability.get(m.id)
    let trend: Trend | null = null
    if (cur.rate !== null && prev.rate !== null)
      trend = Math.abs(cur.rate - prev.rate) < FLAT_BELOW ? 'flat' : cur.rate > prev.rate ? 'up' : 'down'
    return {
      member_id: m.id,
      ingame_name: m.ingame_name,
      squad: m.squad,
      attended: cur.attended,
      possible: cur.possible,
      rate: cur.rate,
      last_attended: lastMs === null ? null : zonedIso(new Date(lastMs), zone),
      on_loa: onLoa,
      inactive,
      reliability: rel && rel.held ? rel.attended / rel.held : null,
      trend,
      join_date: m.join_date,
      previous_rate: prev.rate,
      inactive_since: inactive ? clock + inactiveMs : null,
      rate_halved: prev.rate !== null && prev.rate > 0 && cur.rate !== null && cur.rate <= prev.rate / 2,
    }
  })

  const sessionStats = new Map<string, { attended: number; roster_size: number }>()
  const squads: SquadTurnout[] = []
  if (one === undefined) {
    const joinDays = memberRows.map((m) => m.join_date).sort()
    const joinOf = new Map(memberRows.map((m) => [m.id, m.join_date]))
    const onLeaveOn = (day: string) => {
      let n = 0
      for (const [id, list] of spans) if ((joinOf.get(id) ?? '9999') <= day && covers(list, day)) n++
      return n
    }
    // Attendees excused that day (on leave) who came anyway, per session.
    const cameOnLeave = new Map<string, number>()
    for (const [id, keys] of attendedBy) {
      for (const k of keys) {
        const s = sessionByKey.get(k)
        if (s && (joinOf.get(id) ?? '9999') <= s.day && covers(spans.get(id), s.day))
          cameOnLeave.set(k, (cameOnLeave.get(k) ?? 0) + 1)
      }
    }
    for (const s of sessions) {
      const k = key(s.kind, s.id)
      const base = upperBound(joinDays, s.day) - onLeaveOn(s.day)
      sessionStats.set(k, {
        // The session's attendance rows (kept by the database's triggers) less the banned members'.
        attended: s.rows - (bannedIn.get(k) ?? 0),
        roster_size: base + (earlyIn.get(k) ?? 0) + (cameOnLeave.get(k) ?? 0),
      })
    }
    squads.push(...squadTurnout(members, holderRows, sessionByKey, spans))
  }

  return {
    window,
    inactivityWeeks,
    unitSize: memberRows.length,
    members,
    sessions,
    sessionStats,
    squads,
    spans,
  }
}

/**
 * For each member given (ids, or an SQL array of them), the sessions of the two windows they attended
 * ("event:12", "training:3").
 */
async function attendedSessions(
  db: DbOrTx,
  members: readonly number[] | SQL,
  window: ActivityWindow,
): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>()
  if (Array.isArray(members) && !members.length) return result
  const ids = Array.isArray(members) ? sql`array[${idList(members)}]` : (members as SQL)
  const rows = await db.execute<{ member_id: number; kind: string; id: number }>(sql`
    select ea.member_id, 'event' as kind, e.id from event_attendance ea join events e on e.id = ea.event_id
    where ea.member_id = any(${ids})
      and e.date >= ${window.prevFromAt.toISOString()}::timestamptz and e.date <= ${window.now.toISOString()}::timestamptz
    union all
    select ta.member_id, 'training', t.id from training_attendance ta join trainings t on t.id = ta.training_id
    where ta.member_id = any(${ids})
      and t.date >= ${window.prevFromAt.toISOString()}::timestamptz and t.date <= ${window.now.toISOString()}::timestamptz`)
  for (const row of rows) {
    const list = result.get(row.member_id) ?? []
    list.push(key(row.kind, row.id))
    result.set(row.member_id, list)
  }
  return result
}

/**
 * Turnout per squad over the window's operations: a member counts for the squad whose slot they held in the
 * operation's frozen ORBAT, else for their squad now.
 */
function squadTurnout(
  members: readonly MemberFacts[],
  holders: ReadonlyArray<{ event_id: number; member_id: number; squad: string; attended: boolean }>,
  sessionByKey: ReadonlyMap<string, SessionFacts>,
  spans: ReadonlyMap<number, LeaveSpan[]>,
): SquadTurnout[] {
  const totals = new Map<string | null, { attended: number; possible: number }>()
  const add = (squad: string | null, attended: number, possible: number) => {
    const t = totals.get(squad) ?? { attended: 0, possible: 0 }
    t.attended += attended
    t.possible += possible
    totals.set(squad, t)
  }
  const byId = new Map(members.map((m) => [m.member_id, m]))
  for (const m of members) add(m.squad, m.attended, m.possible)
  for (const h of holders) {
    const m = byId.get(h.member_id)
    const s = sessionByKey.get(key('event', h.event_id))
    if (!m || !s || m.squad === h.squad) continue
    const possible = h.attended || (s.day >= m.join_date && !covers(spans.get(m.member_id), s.day))
    if (!possible) continue
    add(m.squad, h.attended ? -1 : 0, -1)
    add(h.squad, h.attended ? 1 : 0, 1)
  }
  return [...totals]
    .filter(([, t]) => t.possible > 0)
    .map(([squad, t]) => ({ squad, ...t, rate: t.attended / t.possible }))
    .sort((a, b) => (a.squad === null ? 1 : b.squad === null ? -1 : a.squad.localeCompare(b.squad)))
}

/** The API's member row: exactly the contract's fields. */
export function memberRow(m: MemberFacts): ActivityMember {
  return {
    member_id: m.member_id,
    ingame_name: m.ingame_name,
    squad: m.squad,
    attended: m.attended,
    possible: m.possible,
    rate: m.rate,
    last_attended: m.last_attended,
    on_loa: m.on_loa,
    inactive: m.inactive,
    reliability: m.reliability,
    trend: m.trend,
  }
}

/**
 * The guests of allied units who held a slot at each operation, by allied unit (docs/rules/joint-operations.md): read
 * from the operations' frozen ORBATs, where each guest's slot keeps their unit's tag. Guests are not on the roster, so
 * they count here and never in the members' attendance.
 */
async function alliesAt(db: DbOrTx, eventIds: number[]): Promise<Map<number, ActivitySession['allies']>> {
  const byEvent = new Map<number, ActivitySession['allies']>()
  if (!eventIds.length) return byEvent
  const rows = await db.execute<{ event_id: number; tag: string; guests: number }>(sql`
    select s.event_id, slot->>'guest_of' as tag, count(*)::int as guests
      from event_orbat_snapshots s,
           jsonb_path_query(s.squads, '$[*].teams[*].slots[*] ? (@.guest_of != null)') as slot
     where s.event_id in (select jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb)::int)
     group by s.event_id, slot->>'guest_of'
     order by s.event_id, tag`)
  for (const row of rows)
    byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), { tag: row.tag, guests: row.guests }])
  return byEvent
}

/** The window's sessions as the API gives them, oldest first. */
export async function sessionRows(db: DbOrTx, data: ActivityData): Promise<ActivitySession[]> {
  const current = data.sessions.filter((s) => s.current)
  const allies = await alliesAt(
    db,
    current.filter((s) => s.kind === 'event').map((s) => s.id),
  )
  return current.map((s) => {
    const stats = data.sessionStats.get(key(s.kind, s.id)) ?? { attended: 0, roster_size: 0 }
    return {
      kind: s.kind,
      id: s.id,
      name: s.name,
      at: zonedIso(new Date(s.at_ms), data.window.zone),
      attended: stats.attended,
      roster_size: stats.roster_size,
      allies: (s.kind === 'event' && allies.get(s.id)) || [],
    }
  })
}

/** GET /api/activity. */
export async function activityReport(db: DbOrTx, weeks: number, now?: Date): Promise<ActivityReport> {
  const data = await computeActivity(db, { weeks, now })
  return {
    weeks: data.window.weeks,
    from: data.window.from,
    to: data.window.to,
    unit_size: data.unitSize,
    members: data.members.map(memberRow),
    sessions: await sessionRows(db, data),
  }
}

/** GET /api/roster/members/{id}/activity: the member's row and their sessions (the caller has checked who asks). */
export async function memberActivity(db: DbOrTx, memberId: number, weeks: number, now?: Date): Promise<MemberActivity> {
  const data = await computeActivity(db, { weeks, now, memberId })
  const member = data.members[0]!
  const [attended, signedUp] = await Promise.all([
    attendedSessions(db, [memberId], data.window),
    db.execute<{ id: number }>(sql`
      select ts.training_id as id from training_signups ts join trainings t on t.id = ts.training_id
      where ts.member_id = ${memberId}::int and t.date >= ${data.window.fromAt.toISOString()}::timestamptz
        and t.date <= ${data.window.now.toISOString()}::timestamptz`),
  ])
  const came = new Set(attended.get(memberId) ?? [])
  const signed = new Set(signedUp.map((r) => r.id))
  const spans = data.spans.get(memberId)
  const sessions: MemberActivitySession[] = []
  for (const s of data.sessions) {
    if (!s.current) continue
    const wasThere = came.has(key(s.kind, s.id))
    const counted =
      wasThere ||
      (s.held && (s.kind === 'event' ? s.day >= member.join_date && !covers(spans, s.day) : signed.has(s.id)))
    if (!counted) continue
    sessions.push({
      kind: s.kind,
      id: s.id,
      name: s.name,
      at: zonedIso(new Date(s.at_ms), data.window.zone),
      attended: wasThere,
      possible: true,
    })
  }
  return { weeks: data.window.weeks, from: data.window.from, to: data.window.to, member: memberRow(member), sessions }
}

/** A member's operations per week of the window (their small chart), oldest first. */
export function weeksOf(activity: Pick<MemberActivity, 'from' | 'weeks' | 'sessions'>): ActivityWeek[] {
  const weeks: ActivityWeek[] = Array.from({ length: activity.weeks }, (_, i) => ({
    week_start: addDays(activity.from, i * 7),
    possible: 0,
    attended: 0,
  }))
  for (const s of activity.sessions) {
    if (s.kind !== 'event') continue
    const index = Math.floor(
      (Date.parse(`${s.at.slice(0, 10)}T00:00:00Z`) - Date.parse(`${activity.from}T00:00:00Z`)) / (7 * 86_400_000),
    )
    const week = weeks[index]
    if (!week) continue
    if (s.possible) week.possible++
    if (s.attended) week.attended++
  }
  return weeks
}

/** Weekly operations possible and attended for a few members (the dashboard's sparklines), oldest week first. */
export async function sparklines(
  db: DbOrTx,
  data: ActivityData,
  memberIds: readonly number[],
): Promise<Map<number, ActivityWeek[]>> {
  const attended = await attendedSessions(db, memberIds, data.window)
  const result = new Map<number, ActivityWeek[]>()
  const byId = new Map(data.members.map((m) => [m.member_id, m]))
  for (const id of memberIds) {
    const m = byId.get(id)
    if (!m) continue
    const came = new Set(attended.get(id) ?? [])
    const spans = data.spans.get(id)
    const sessions: MemberActivitySession[] = []
    for (const s of data.sessions) {
      if (!s.current || s.kind !== 'event') continue
      const wasThere = came.has(key(s.kind, s.id))
      if (!wasThere && !(s.held && s.day >= m.join_date && !covers(spans, s.day))) continue
      sessions.push({ kind: s.kind, id: s.id, name: s.name, at: s.day, attended: wasThere, possible: true })
    }
    result.set(id, weeksOf({ from: data.window.from, weeks: data.window.weeks, sessions }))
  }
  return result
}
