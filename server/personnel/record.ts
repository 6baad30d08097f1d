import { desc, eq, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { DbOrTx } from '#db/client.ts'
import { testAttempts, testEvaluations, tests } from '#db/schema/assessments.ts'
import { squads, slots } from '#db/schema/orbat.ts'
import { awardGrants, awards, leaves, memberHistory, memberNotes } from '#db/schema/personnel.ts'
import {
  eventAttendance,
  events,
  memberQualifications,
  members,
  qualifications,
  RANKS,
  trainingAttendance,
  trainings,
  type Rank,
} from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import type {
  AttendanceWeek,
  MemberProfile,
  MemberRecord,
  NoteInput,
  ProfileAward,
  RecordEntry,
} from '#contracts/personnel.ts'
import type { ChangeVia } from '#contracts/personnel-kinds.ts'
import { PERSONNEL_MESSAGES } from '#contracts/personnel.ts'
import { formatDay } from '#contracts/time-zone.ts'
import { heldSlotText, type HeldSlot } from '#contracts/orbat-history.ts'
import { eventOrbatHolders } from '#db/schema/orbat-history.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Forbidden, NotFound } from '../errors.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { runTransaction } from '../transaction.ts'
import { isOnLeave } from '../leave/days.ts'
import { memberActivity, weeksOf } from '../activity/report.ts'

// A member's service record and public profile (docs/rules/personnel.md). The record is read from where each fact
// lives (the history the triggers keep, grants, attendance, attempts, evaluations, leaves, notes), one query per kind
// run side by side, so a member with years of weekly events still reads in a few milliseconds (bench/record.ts).

/** Who reads: the full record (admins see notes too), or the public part of it. */
export type RecordAudience = 'admin' | 'self' | 'public'

const ATTENDANCE_WEEKS = 12

interface MemberFacts {
  id: number
  ingame_name: string
  rank: Rank
  join_date: string
  is_banned: boolean
  discord_id: string | null
}

async function memberFacts(db: DbOrTx, id: number): Promise<MemberFacts> {
  const [row] = await db
    .select({
      id: members.id,
      ingame_name: members.ingame_name,
      rank: members.rank,
      join_date: members.join_date,
      is_banned: members.is_banned,
      discord_id: members.discord_id,
    })
    .from(members)
    .where(eq(members.id, id))
    .limit(1)
  if (!row) throw new NotFound('Member not found.')
  return row
}

/** The full record for an admin or the member themselves; anyone else is refused (403). */
export async function readMemberRecord(db: DbOrTx, viewer: User, memberId: number): Promise<MemberRecord> {
  const member = await memberFacts(db, memberId)
  const self = member.discord_id !== null && member.discord_id === viewer.discord_id
  if (!viewer.is_admin && !self) throw new Forbidden(PERSONNEL_MESSAGES.recordForbidden)
  const zone = await getUnitTimeZone(db)
  const entries = await timeline(db, member, viewer.is_admin ? 'admin' : 'self', zone)
  const { discord_id: _discordId, ...shown } = member
  return { member: shown, entries }
}

/** The public profile: no login needed; a banned member has none (404), as on the roster. */
export async function readMemberProfile(db: DbOrTx, memberId: number, now = new Date()): Promise<MemberProfile> {
  const member = await memberFacts(db, memberId)
  if (member.is_banned) throw new NotFound('Member not found.')
  const zone = await getUnitTimeZone(db)
  const today = DateTime.fromJSDate(now).setZone(zone).toISODate()!
  const [entries, slot, held, quals, attendance, onLeave] = await Promise.all([
    timeline(db, member, 'public', zone),
    slotOf(db, member.discord_id),
    awardsOf(db, memberId),
    db
      .select({ id: qualifications.id, name: qualifications.name, since: memberQualifications.granted_at })
      .from(memberQualifications)
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id))
      .where(eq(memberQualifications.member_id, memberId))
      .orderBy(qualifications.name),
    attendanceWeeks(db, memberId, now),
    isOnLeave(db, memberId, today),
  ])
  const joined = DateTime.fromISO(member.join_date, { zone })
  return {
    member: {
      id: member.id,
      ingame_name: member.ingame_name,
      rank: member.rank,
      join_date: member.join_date,
      days_in_service: Math.max(0, Math.floor(DateTime.fromISO(today, { zone }).diff(joined, 'days').days)),
      on_loa: onLeave,
      slot,
    },
    awards: held,
    qualifications: quals.map((q) => ({ id: q.id, name: q.name, since: q.since.toISOString() })),
    attendance,
    entries,
  }
}

/** Where the viewer reads this member's full record: admins on the roster admin, the member on their account. */
export async function fullRecordHref(db: DbOrTx, viewer: User | null, memberId: number): Promise<string | null> {
  if (!viewer) return null
  if (viewer.is_admin) return `/admin/roster/members/${memberId}/record`
  const [row] = await db.select({ discord_id: members.discord_id }).from(members).where(eq(members.id, memberId))
  return row?.discord_id && row.discord_id === viewer.discord_id ? '/account/record' : null
}

/** An admin's dated note on a member (never shown to members). */
export async function addMemberNote(services: AppServices, admin: User, memberId: number, input: NoteInput) {
  return runTransaction(
    services,
    async (tx) => {
      const member = await memberFacts(tx, memberId)
      const [note] = await tx
        .insert(memberNotes)
        .values({
          member_id: memberId,
          text: input.text,
          author_user_id: admin.id,
          author_name: admin.display_name || admin.username,
        })
        .returning()
      await recordAudit(tx, admin, 'Member note added', member.ingame_name)
      return { id: note!.id, text: note!.text, author: note!.author_name, created_at: note!.created_at.toISOString() }
    },
    { name: 'add member note', changes: [] },
  )
}

async function slotOf(db: DbOrTx, discordId: string | null): Promise<MemberProfile['member']['slot']> {
  if (!discordId) return null
  const [row] = await db
    .select({ squad: squads.name, team: slots.team, role: slots.role })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.user_id))
    .innerJoin(squads, eq(squads.id, slots.squad_id))
    .where(eq(users.discord_id, discordId))
    .limit(1)
  return row ?? null
}

async function awardsOf(db: DbOrTx, memberId: number): Promise<ProfileAward[]> {
  const rows = await db
    .select({
      award_id: awardGrants.award_id,
      name: sql<string>`coalesce(${awards.name}, ${awardGrants.award_name})`,
      image_url: awards.image_url,
      count: sql<number>`count(*)::int`,
      precedence: sql<number>`coalesce(min(${awards.precedence}), 2147483647)`,
    })
    .from(awardGrants)
    .leftJoin(awards, eq(awards.id, awardGrants.award_id))
    .where(eq(awardGrants.member_id, memberId))
    .groupBy(awardGrants.award_id, awards.name, awardGrants.award_name, awards.image_url)
  return rows
    .sort((a, b) => a.precedence - b.precedence || a.name.localeCompare(b.name))
    .map(({ precedence: _p, ...award }) => award)
}

/**
 * Operations per week (Monday to Sunday in the unit's zone), the last 12 weeks, oldest first: those the member could
 * attend (held, since they joined, not on their leave) and those attended, as the activity report counts them
 * (docs/rules/activity.md).
 */
async function attendanceWeeks(db: DbOrTx, memberId: number, now: Date): Promise<MemberProfile['attendance']> {
  const activity = await memberActivity(db, memberId, ATTENDANCE_WEEKS, now)
  const weeks: AttendanceWeek[] = weeksOf(activity).map((w) => ({
    week_start: w.week_start,
    held: w.possible,
    attended: w.attended,
  }))
  return {
    weeks,
    held: weeks.reduce((n, w) => n + w.held, 0),
    attended: weeks.reduce((n, w) => n + w.attended, 0),
  }
}

const VIA_TEXT: Record<ChangeVia, string | null> = {
  admin: null,
  promotion_run: 'the promotion run',
  bmt_graduation: 'BMT graduation',
  test: 'a test',
  evaluation: 'an evaluation',
  import: 'an import',
  seed: null,
}

function nameOf(user: { display_name: string | null; username: string | null } | null): string | null {
  if (!user || !user.username) return null
  return user.display_name || user.username
}

/** The slots a member held in operations' frozen ORBATs, newest operation first. */
export async function heldSlotsOf(db: DbOrTx, memberId: number, limit?: number): Promise<HeldSlot[]> {
  const query = db
    .select({
      event_id: events.id,
      event: events.name,
      date: events.date,
      squad: eventOrbatHolders.squad,
      team: eventOrbatHolders.team,
      slot: eventOrbatHolders.slot,
    })
    .from(eventOrbatHolders)
    .innerJoin(events, eq(events.id, eventOrbatHolders.event_id))
    .where(eq(eventOrbatHolders.member_id, memberId))
    .orderBy(desc(events.date), desc(events.id))
    .$dynamic()
  const rows = await (limit ? query.limit(limit) : query)
  return rows.map((r) => ({ ...r, date: r.date.toISOString() }))
}

/** Every entry the audience may read, newest first. */
async function timeline(
  db: DbOrTx,
  member: MemberFacts,
  audience: RecordAudience,
  zone: string,
): Promise<RecordEntry[]> {
  const full = audience !== 'public'
  const dayStart = (day: string) => DateTime.fromISO(day, { zone }).toUTC().toISO()!
  const id = member.id
  const [history, grants, eventRows, trainingRows, attempts, evaluations, leaveRows, notes, held] = await Promise.all([
    db
      .select({
        at: memberHistory.at,
        kind: memberHistory.kind,
        detail: memberHistory.detail,
        via: memberHistory.via,
        actor_name: users.display_name,
        actor_username: users.username,
      })
      .from(memberHistory)
      .leftJoin(users, eq(users.id, memberHistory.actor_user_id))
      .where(eq(memberHistory.member_id, id))
      .orderBy(desc(memberHistory.at), desc(memberHistory.id)),
    db
      .select({
        date: awardGrants.date,
        name: awardGrants.award_name,
        citation: awardGrants.citation,
        award_id: awardGrants.award_id,
        by_name: users.display_name,
        by_username: users.username,
      })
      .from(awardGrants)
      .leftJoin(users, eq(users.id, awardGrants.granted_by_user_id))
      .where(eq(awardGrants.member_id, id)),
    db
      .select({ id: events.id, name: events.name, date: events.date })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.event_id))
      .where(eq(eventAttendance.member_id, id)),
    db
      .select({ id: trainings.id, name: trainings.name, date: trainings.date, bmt: trainings.is_bmt_training })
      .from(trainingAttendance)
      .innerJoin(trainings, eq(trainings.id, trainingAttendance.training_id))
      .where(eq(trainingAttendance.member_id, id)),
    db
      .select({ at: testAttempts.created_at, test: tests.name, passed: testAttempts.passed, score: testAttempts.score })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.test_id))
      .where(eq(testAttempts.member_id, id)),
    db
      .select({
        at: testEvaluations.created_at,
        test: tests.name,
        passed: testEvaluations.passed,
        score: testEvaluations.score,
        evaluator: testEvaluations.evaluator_name,
      })
      .from(testEvaluations)
      .innerJoin(tests, eq(tests.id, testEvaluations.test_id))
      .where(eq(testEvaluations.evaluatee_member_id, id)),
    db.select().from(leaves).where(eq(leaves.member_id, id)),
    audience === 'admin' ? db.select().from(memberNotes).where(eq(memberNotes.member_id, id)) : Promise.resolve([]),
    heldSlotsOf(db, id),
  ])

  const entries: RecordEntry[] = [
    {
      at: dayStart(member.join_date),
      date_only: true,
      kind: 'joined',
      text: 'Joined the unit',
      by: null,
      detail: { day: member.join_date },
    },
  ]
  for (const h of history) {
    const by = (h.via ? VIA_TEXT[h.via] : null) ?? nameOf({ display_name: h.actor_name, username: h.actor_username })
    const at = h.at.toISOString()
    const detail = h.detail as Record<string, unknown>
    if (h.kind === 'rank') {
      const from = detail.from as Rank
      const to = detail.to as Rank
      const up = RANKS.indexOf(to) > RANKS.indexOf(from)
      entries.push({
        at,
        date_only: false,
        kind: 'rank',
        // An imported record may give the rank a member already had (their first record, say): no move either way.
        text: from === to ? `Given the rank ${to}` : `${up ? 'Promoted' : 'Reduced'} from ${from} to ${to}`,
        by,
        detail: { from, to, via: h.via },
      })
    } else if (h.kind === 'qualification') {
      const granted = detail.granted === true
      entries.push({
        at,
        date_only: false,
        kind: 'qualification',
        text: granted ? `Qualified: ${String(detail.name)}` : `Qualification removed: ${String(detail.name)}`,
        by,
        detail: { qualification_id: detail.qualification_id, name: detail.name, granted, via: h.via },
      })
    } else if (h.kind === 'ban' && full) {
      const banned = detail.banned === true
      entries.push({
        at,
        date_only: false,
        kind: 'ban',
        text: banned ? `Banned${detail.reason ? `: ${String(detail.reason)}` : ''}` : 'Unbanned',
        by,
        detail: { banned },
      })
    }
  }
  for (const g of grants)
    entries.push({
      at: dayStart(g.date),
      date_only: true,
      kind: 'award',
      text: `Awarded the ${g.name}${g.citation ? `: ${g.citation}` : ''}`,
      by: nameOf({ display_name: g.by_name, username: g.by_username }),
      detail: { day: g.date, award_id: g.award_id, name: g.name, citation: g.citation },
    })
  for (const e of eventRows)
    entries.push({
      at: e.date.toISOString(),
      date_only: false,
      kind: 'event',
      text: `Attended ${e.name}`,
      by: null,
      detail: { event_id: e.id },
    })
  // The slot held in each operation's frozen ORBAT (docs/rules/orbat-history.md); the member reads it as theirs.
  for (const h of held)
    entries.push({
      at: h.date,
      date_only: false,
      kind: 'slot',
      text: `${audience === 'self' ? 'You held' : 'Held'} ${heldSlotText(h)} in ${h.event}`,
      by: null,
      detail: { event_id: h.event_id, squad: h.squad, team: h.team, slot: h.slot },
    })
  for (const t of trainingRows)
    entries.push({
      at: t.date.toISOString(),
      date_only: false,
      kind: 'training',
      text: `${t.bmt ? 'Completed BMT training' : 'Attended training'} ${t.name}`,
      by: null,
      detail: { training_id: t.id, is_bmt_training: t.bmt },
    })
  for (const a of attempts) {
    if (!full && !a.passed) continue
    entries.push({
      at: a.at.toISOString(),
      date_only: false,
      kind: 'test',
      text: `${a.passed ? 'Passed' : 'Failed'} the ${a.test} test${full ? ` (${Number(a.score)}%)` : ''}`,
      by: null,
      detail: full ? { test: a.test, passed: a.passed, score: Number(a.score) } : { test: a.test, passed: a.passed },
    })
  }
  for (const e of evaluations) {
    if (!full && !e.passed) continue
    entries.push({
      at: e.at.toISOString(),
      date_only: false,
      kind: 'evaluation',
      text: `${e.passed ? 'Passed' : 'Failed'} the ${e.test} evaluation${full ? ` (${Number(e.score)}%)` : ''}`,
      by: e.evaluator,
      detail: full ? { test: e.test, passed: e.passed, score: Number(e.score) } : { test: e.test, passed: e.passed },
    })
  }
  for (const l of leaveRows) {
    if (!full && l.status !== 'approved') continue
    // Days as the page shows every other date (the entry's own date above it).
    const span = `${formatDay(l.start_date)} to ${formatDay(l.end_date)}`
    const text =
      l.status === 'approved'
        ? `Leave of absence, ${span}${l.ended_at ? ` (ended early)` : ''}`
        : l.status === 'pending'
          ? `Asked for leave, ${span}`
          : l.status === 'denied'
            ? `Leave denied, ${span}${l.deny_reason ? `: ${l.deny_reason}` : ''}`
            : `Leave request withdrawn, ${span}`
    entries.push({
      at: dayStart(l.start_date),
      date_only: true,
      kind: 'loa',
      text: full && l.status !== 'denied' ? `${text}. Reason: ${l.reason}` : text,
      by: null,
      detail: { day: l.start_date, leave_id: l.id, status: l.status, start_date: l.start_date, end_date: l.end_date },
    })
  }
  for (const n of notes)
    entries.push({
      at: n.created_at.toISOString(),
      date_only: false,
      kind: 'note',
      text: n.text,
      by: n.author_name,
      detail: { note_id: n.id },
    })
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
}
