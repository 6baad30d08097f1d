import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { ROSTER_CSV_COLUMNS, type ExportList } from '#contracts/moving.ts'
import { isCalendarDay } from '#contracts/time.ts'
import { Invalid } from '../errors.ts'
import { toCsv, type CsvValue } from '../lib/csv.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'

// Everything out again (docs/rules/roster.md, Moving in and out): the roster in exactly the columns the CSV import
// reads (an export imports back with no change), every admin list as CSV (formula-safe: server/lib/csv.ts), and a
// member's own data as JSON. Times in the CSV files are the unit's wall clock (YYYY-MM-DD HH:MM, the time zone the
// unit's settings name), dates YYYY-MM-DD; a list inside a cell is joined with "; ".

type Row = Record<string, CsvValue>

async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  return [...(await db.execute<Row>(query))]
}

/** A timestamp as the unit's wall clock reads it, `YYYY-MM-DD HH:MM` (what spreadsheets read as a date and time). */
const iso = (column: SQL, zone: string) => sql`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI')`

/** The roster: one row per member (banned ones too), the import's columns. */
export async function rosterCsv(db: DbOrTx): Promise<string> {
  const list = await rows(
    db,
    sql`
      select m.ingame_name, m.discord_id, m.rank::text as rank, m.join_date::text as join_date, m.bohemia_uuid, m.notes,
        (select string_agg(q.name, '; ' order by q.name) from member_qualifications mq
          join qualifications q on q.id = mq.qualification_id where mq.member_id = m.id) as qualifications,
        m.attended_events_count,
        (select string_agg(distinct g.award_name, '; ') from award_grants g where g.member_id = m.id) as awards
      from members m order by m.rank desc, lower(m.ingame_name), m.id`,
  )
  return toCsv(
    ROSTER_CSV_COLUMNS,
    list.map((row) => ROSTER_CSV_COLUMNS.map((column) => row[column])),
  )
}

/** A day range for the audit log export: `from` and `to` (YYYY-MM-DD, both included), the last 30 days by default. */
export function auditRange(url: URL): { from: string | null; to: string | null } {
  const from = url.searchParams.get('from') || null
  const to = url.searchParams.get('to') || null
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (value !== null && !isCalendarDay(value)) throw new Invalid(`${name} must be a date (YYYY-MM-DD).`)
  if (from && to && from > to) throw new Invalid('from must be on or before to.')
  return { from, to }
}

/** An admin list as CSV: its header row and one row per item. */
export async function listCsv(
  db: DbOrTx,
  list: ExportList,
  range: { from: string | null; to: string | null } = { from: null, to: null },
): Promise<string> {
  const zone = await getUnitTimeZone(db)
  const at = (column: SQL) => iso(column, zone)
  const queries: Record<ExportList, { columns: string[]; query: SQL }> = {
    events: {
      columns: ['id', 'name', 'date', 'attendance_count', 'attendees'],
      query: sql`
        select e.id, e.name, ${at(sql`e.date`)} as date, e.attendance_count,
          (select string_agg(m.ingame_name, '; ' order by lower(m.ingame_name)) from event_attendance a
            join members m on m.id = a.member_id where a.event_id = e.id) as attendees
        from events e order by e.date desc, e.id`,
    },
    trainings: {
      columns: ['id', 'name', 'date', 'hidden', 'bmt', 'signup_count', 'signed_up', 'attended'],
      query: sql`
        select t.id, t.name, ${at(sql`t.date`)} as date, t.is_hidden as hidden, t.is_bmt_training as bmt, t.signup_count,
          (select string_agg(m.ingame_name, '; ' order by lower(m.ingame_name)) from training_signups s
            join members m on m.id = s.member_id where s.training_id = t.id) as signed_up,
          (select string_agg(m.ingame_name, '; ' order by lower(m.ingame_name)) from training_attendance a
            join members m on m.id = a.member_id where a.training_id = t.id) as attended
        from trainings t order by t.date desc, t.id`,
    },
    qualifications: {
      columns: ['id', 'name', 'description', 'discord_role_id', 'holders_count', 'holders'],
      query: sql`
        select q.id, q.name, q.description, q.discord_role_id,
          (select count(*)::int from member_qualifications mq where mq.qualification_id = q.id) as holders_count,
          (select string_agg(m.ingame_name, '; ' order by lower(m.ingame_name)) from member_qualifications mq
            join members m on m.id = mq.member_id where mq.qualification_id = q.id) as holders
        from qualifications q order by lower(q.name)`,
    },
    awards: {
      columns: ['award_id', 'award', 'precedence', 'grant_id', 'member', 'date', 'citation', 'granted_by'],
      query: sql`
        select a.id as award_id, a.name as award, a.precedence, g.id as grant_id, m.ingame_name as member,
          g.date::text as date, g.citation, coalesce(u.display_name, u.username) as granted_by
        from awards a
        left join award_grants g on g.award_id = a.id
        left join members m on m.id = g.member_id
        left join users u on u.id = g.granted_by_user_id
        order by a.precedence desc, lower(a.name), g.date, g.id`,
    },
    leave: {
      columns: ['id', 'member', 'start_date', 'end_date', 'reason', 'status', 'decided_at', 'deny_reason', 'ended_at'],
      query: sql`
        select l.id, m.ingame_name as member, l.start_date::text as start_date, l.end_date::text as end_date, l.reason,
          l.status, ${at(sql`l.decided_at`)} as decided_at, l.deny_reason, ${at(sql`l.ended_at`)} as ended_at
        from leaves l join members m on m.id = l.member_id order by l.start_date desc, l.id`,
    },
    applications: {
      columns: [
        'id',
        'discord_id',
        'discord_name',
        'status',
        'submitted_at',
        'decided_at',
        'reason',
        'member',
        'answers',
      ],
      query: sql`
        select a.id, a.discord_id, coalesce(u.display_name, u.username) as discord_name, a.status,
          ${at(sql`a.created_at`)} as submitted_at, ${at(sql`a.decided_at`)} as decided_at, a.reason,
          m.ingame_name as member,
          (select string_agg(coalesce(x->>'label', '') || ': ' || coalesce(x->>'value', ''), ' | ')
            from jsonb_array_elements(a.answers) x) as answers
        from applications a left join users u on u.id = a.user_id left join members m on m.id = a.member_id
        order by a.created_at desc, a.id`,
    },
    'audit-log': {
      columns: ['id', 'timestamp', 'actor', 'action', 'details'],
      query: sql`
        select l.id, ${at(sql`l.timestamp`)} as timestamp, l.actor, l.action, l.details from audit_log l
        where (${range.from}::date is null or l.timestamp >= (${range.from}::date::timestamp at time zone ${zone}))
          and (${range.to}::date is null or l.timestamp < ((${range.to}::date + 1)::timestamp at time zone ${zone}))
        order by l.timestamp desc, l.id desc`,
    },
  }
  const { columns, query } = queries[list]
  const found = await rows(db, query)
  return toCsv(
    columns,
    found.map((row) => columns.map((column) => row[column])),
  )
}

/** Everything the app holds about the signed-in person, as one JSON document (GET /api/account/export). */
export async function accountExport(db: DbOrTx, user: User): Promise<Record<string, unknown>> {
  const one = async (query: SQL) => (await rows(db, query))[0] ?? null
  const many = (query: SQL) => rows(db, query)
  const member = await one(sql`
    select id, ingame_name, rank::text as rank, join_date::text as join_date, notes, discord_id, bohemia_uuid,
      attended_events_count, hidden_score, is_banned, banned_date, ban_reason, created_at, updated_at
    from members where discord_id = ${user.discord_id}`)
  const memberId = (member?.id as number | undefined) ?? null
  const byMember = (query: SQL) => (memberId === null ? Promise.resolve([]) : many(query))
  const [
    qualificationsHeld,
    history,
    awardsHeld,
    leave,
    notes,
    eventsAttended,
    trainingsSignedUp,
    trainingsAttended,
    testAttempts,
    applications,
    slot,
    waitlist,
    notificationChoices,
    devices,
    tokens,
  ] = await Promise.all([
    byMember(sql`select q.name, mq.granted_at from member_qualifications mq join qualifications q on q.id = mq.qualification_id
      where mq.member_id = ${memberId} order by mq.granted_at`),
    byMember(sql`select at, kind, detail, via from member_history where member_id = ${memberId} order by at, id`),
    byMember(sql`select award_name as award, date::text as date, citation from award_grants where member_id = ${memberId}
      order by date, id`),
    byMember(sql`select start_date::text as start_date, end_date::text as end_date, reason, status, decided_at, deny_reason,
      ended_at, created_at from leaves where member_id = ${memberId} order by start_date, id`),
    byMember(
      sql`select text, author_name, created_at from member_notes where member_id = ${memberId} order by created_at, id`,
    ),
    byMember(sql`select e.name, e.date from event_attendance a join events e on e.id = a.event_id
      where a.member_id = ${memberId} order by e.date`),
    byMember(sql`select t.name, t.date from training_signups s join trainings t on t.id = s.training_id
      where s.member_id = ${memberId} order by t.date`),
    byMember(sql`select t.name, t.date from training_attendance a join trainings t on t.id = a.training_id
      where a.member_id = ${memberId} order by t.date`),
    byMember(sql`select t.name as test, a.score, a.passed, a.created_at from test_attempts a join tests t on t.id = a.test_id
      where a.member_id = ${memberId} order by a.created_at, a.id`),
    many(sql`select id, status, answers, reason, created_at, decided_at from applications where user_id = ${user.id}
      order by created_at, id`),
    one(
      sql`select s.role, sq.name as squad from slots s join squads sq on sq.id = s.squad_id where s.user_id = ${user.id}`,
    ),
    one(sql`select created_at from waitlist_entries where user_id = ${user.id}`),
    many(sql`select kind, push, discord from notification_preferences where user_id = ${user.id} order by kind`),
    many(
      sql`select device, created_at, last_sent_at from push_subscriptions where user_id = ${user.id} order by created_at`,
    ),
    many(sql`select name, token_prefix, scopes, created_at, last_used_at from api_tokens where user_id = ${user.id}
      order by created_at`),
  ])
  return {
    exported_at: new Date().toISOString(),
    account: {
      discord_id: user.discord_id,
      username: user.username,
      display_name: user.display_name,
      is_admin: user.is_admin,
      created_at: user.created_at,
      last_login_at: user.last_login_at,
    },
    member,
    qualifications: qualificationsHeld,
    service_history: history,
    awards: awardsHeld,
    leave,
    admin_notes: notes,
    events_attended: eventsAttended,
    trainings_signed_up: trainingsSignedUp,
    trainings_attended: trainingsAttended,
    test_attempts: testAttempts,
    applications,
    orbat_slot: slot,
    waitlist: waitlist,
    notification_choices: notificationChoices,
    devices,
    api_tokens: tokens,
  }
}
