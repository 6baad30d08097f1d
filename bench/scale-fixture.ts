// A big unit with years of history, grown in a few seconds with generate_series on top of the demo unit (bench/scale.ts):
// 5,040 members, 306 events with about 906,000 attendance rows, 206 trainings with about 8,000 sign-ups, 42 tests with
// about 5,000 attempts, 300,000 audit entries, 20,000 scheduled pings and 2,001 users with sessions. Plain SQL through
// postgres.js; every figure is deterministic, so runs compare.
import type postgres from 'postgres'

export const BIG_UNIT = {
  members: 5040,
  events: 306,
  /** Of the events, this many are still to come. */
  upcomingEvents: 6,
  /** An attendance row for about 600 in 1,000 (member, past event) pairs: ~907,000 rows. */
  attendancePerMille: 600,
  trainings: 206,
  /** Two a week for the next eight weeks. */
  upcomingTrainings: 16,
  /** Each training has the members whose (id, training) hash falls in 1 of 130 buckets: ~39 sign-ups each. */
  signupBuckets: 130,
  tests: 42,
  attempts: 5004,
  auditEntries: 300_000,
  pings: 20_000,
  users: 2001,
  /** Members the promotion run moves (the run of the probe), under BIG_UNIT_THRESHOLDS. */
  promotable: 3427,
} as const

/** Thresholds of the big unit: every member's score is set against them so that exactly `promotable` are due. */
export const BIG_UNIT_THRESHOLDS = [
  ['BMT', 'JNCO', 150],
  ['JNCO', 'NCO', 250],
  ['NCO', 'SNCO', 400],
  ['SNCO', 'JOFC', 600],
  ['JOFC', 'OFC', 800],
  ['OFC', 'SOFC', 1000],
  ['SOFC', 'TEAM', 1500],
] as const

export interface BigUnitFigures {
  seconds: number
  /** Seconds per step of the build, in order. */
  steps: Array<[string, number]>
  counts: Record<string, number>
}

/**
 * Grows the demo unit of `sql`'s database into the big unit. Members beyond the demo's are 'Trooper NNNN'; the first
 * of them log in as users with sessions (Discord ids 82...); the generated scores put exactly BIG_UNIT.promotable of
 * them at or past their rank's threshold and everyone else below it.
 */
export async function growBigUnit(sql: postgres.Sql): Promise<BigUnitFigures> {
  const started = performance.now()
  const B = BIG_UNIT
  const steps: Array<[string, number]> = []
  let last = performance.now()
  const done = (step: string) => {
    const now = performance.now()
    steps.push([step, (now - last) / 1000])
    last = now
  }
  await sql.begin(async (tx) => {
    const [{ n: demoMembers }] = await tx<[{ n: number }]>`select count(*)::int as n from members`
    const [{ n: demoUsers }] = await tx<[{ n: number }]>`select count(*)::int as n from users`
    const extraMembers = B.members - demoMembers
    const extraUsers = B.users - demoUsers
    // Members: ranks BMT..SOFC in turn, a few banned (never the promotable ones); scores come last.
    await tx`
      insert into members (ingame_name, rank, join_date, discord_id, is_banned, banned_date, ban_reason)
      select 'Trooper ' || lpad(g::text, 4, '0'),
             (enum_range(null::rank))[1 + (g % 7)],
             date '2019-01-01' + (g % 2400),
             case when g <= ${extraUsers} then '82' || lpad(g::text, 16, '0') end,
             g > ${B.promotable} and g % 33 = 0,
             case when g > ${B.promotable} and g % 33 = 0 then now() - interval '30 days' end,
             case when g > ${B.promotable} and g % 33 = 0 then 'Bench ban' end
        from generate_series(1, ${extraMembers}::int) g`
    await tx`
      insert into users (discord_id, username, display_name, last_login_at)
      select '82' || lpad(g::text, 16, '0'), 'trooper_' || g, 'Trooper ' || lpad(g::text, 4, '0'), now()
        from generate_series(1, ${extraUsers}::int) g`
    await tx`
      insert into sessions (id, user_id, expires_at)
      select encode(sha256(('bench-session-' || u.id)::bytea), 'hex'), u.id, now() + interval '30 days'
        from users u where u.discord_id like '82%'`
    done('members, users, sessions')

    // Events: weekly for years up to now, and a few to come; attendance for ~59 % of (member, event) pairs.
    const past = B.events - B.upcomingEvents
    const [{ n: demoEvents }] = await tx<[{ n: number }]>`select count(*)::int as n from events`
    await tx`
      insert into events (name, date)
      select case when g <= ${B.upcomingEvents} then 'Upcoming Operation ' else 'Operation ' end || g,
             date_trunc('hour', now()) + case when g <= ${B.upcomingEvents}
               then (g * 5 + 1) * interval '1 day'
               else -((g - ${B.upcomingEvents}) * 7) * interval '1 day' end
        from generate_series(1, ${past + B.upcomingEvents - demoEvents}::int) g`
    // NOTE: ~900,000 rows: the per-row foreign-key checks (the ids come from the tables themselves) and the count
    // trigger are off for this one statement (replica role, this transaction only); the counts are then filled in as
    // migration 0012 filled them.
    await tx`set local session_replication_role = replica`
    await tx`
      insert into event_attendance (event_id, member_id)
      select e.id, m.id from events e cross join members m
       where e.date < now() and (m.id * 7919 + e.id * 104729) % 1000 < ${B.attendancePerMille}
         and not exists (select 1 from event_attendance a where a.event_id = e.id and a.member_id = m.id)
       order by e.id, m.id`
    await tx`set local session_replication_role = origin`
    await tx`
      update events e set attendance_count = c.n
        from (select event_id, count(*)::int as n from event_attendance group by event_id) c
       where e.id = c.event_id`
    done('events, attendance')

    // Trainings: two a week for years, sixteen to come; ~40 sign-ups each.
    const [{ n: demoTrainings }] = await tx<[{ n: number }]>`select count(*)::int as n from trainings`
    await tx`
      insert into trainings (name, description, date, is_bmt_training, is_hidden)
      select case when g % 4 = 0 then 'Basic Military Training ' else 'Training ' end || g,
             'Drills, formations and radio procedure. Bring the kit on the list.',
             date_trunc('hour', now()) + case when g <= ${B.upcomingTrainings}
               then (g * 3.5 + 1) * interval '1 day'
               else -((g - ${B.upcomingTrainings}) * 3.5) * interval '1 day' end,
             g % 4 = 0, g % 29 = 0
        from generate_series(1, ${B.trainings - demoTrainings}::int) g`
    await tx`
      insert into training_signups (training_id, member_id, created_at)
      select t.id, m.id, t.date - interval '7 days' + m.id * interval '1 second'
        from trainings t cross join members m
       where (m.id * 31 + t.id * 17) % ${B.signupBuckets} = 0
      on conflict do nothing`
    done('trainings, sign-ups')

    // Scores: the attended count is at least the attendance rows; the hidden score places each member just past or
    // just short of their rank's threshold.
    await tx`
      with thresholds(from_rank, to_rank, required) as (
        values ${tx(BIG_UNIT_THRESHOLDS.map(([from, to, n]) => [from, to, n]))}
      ), attended as (
        select member_id, count(*)::int as n from event_attendance group by member_id
      )
      update members m
         set attended_events_count = coalesce(a.n, 0),
             hidden_score = coalesce(t.required::int, 5000) - coalesce(a.n, 0)
               + case when m.ingame_name like 'Trooper %'
                      then case when substr(m.ingame_name, 9)::int <= ${B.promotable} then 0.5 else -0.5 end
                      else -0.5 end
        from members m2
        left join attended a on a.member_id = m2.id
        left join thresholds t on t.from_rank = m2.rank::text
       where m2.id = m.id`
    await tx`delete from promotion_thresholds`
    await tx`
      insert into promotion_thresholds (from_rank, to_rank, required_score)
      select f::rank, t::rank, n::int from (values ${tx(BIG_UNIT_THRESHOLDS.map(([from, to, n]) => [from, to, n]))}) v(f, t, n)`
    done('scores, thresholds')

    // Qualification tests and their attempts.
    const [{ n: demoTests }] = await tx<[{ n: number }]>`select count(*)::int as n from tests`
    await tx`
      with quals as (
        insert into qualifications (name)
        select 'Bench Qualification ' || g from generate_series(1, ${B.tests - demoTests}::int) g
        returning id
      )
      insert into tests (name, qualification_id, passing_questions)
      select 'Bench Test ' || id, id, 1 from quals`
    await tx`
      insert into test_attempts (test_id, member_id, score, passed)
      select t.id, m.id, (m.id * 13 % 101), m.id * 13 % 101 >= 70
        from tests t cross join members m
       where (m.id + t.id * 11) % 42 = 0
       order by t.id, m.id
       limit ${B.attempts}
      on conflict do nothing`
    done('tests, attempts')

    // The audit log: six years of entries, System and people; and the scheduled pings, sent long ago.
    await tx`
      insert into audit_log (actor, action, details, timestamp)
      select case when g % 5 < 3 then 'System' else 'Trooper ' || lpad((g % 2000 + 1)::text, 4, '0') end,
             case when g % 5 < 3 then 'Discord role sync' else 'Training sign-up' end,
             'Bench entry ' || g,
             now() - (g * interval '10 minutes')
        from generate_series(1, ${B.auditEntries}::int) g`
    done('audit log')
    await tx`
      insert into scheduled_pings (type, event_id, channel_id, message_content, ping_time, status, sent_at)
      select 'event', e.id, '930000000000000003', 'Reminder: starts in 1 hour!',
             e.date - interval '1 hour' - (g % 50) * interval '1 minute', 'sent', e.date - interval '1 hour'
        from (select id, date from events where date < now()) e
        cross join generate_series(1, 70) g
       limit ${B.pings}`
    done('pings')
  })
  done('commit')
  for (const table of [
    'members',
    'users',
    'sessions',
    'events',
    'event_attendance',
    'trainings',
    'training_signups',
    'tests',
    'test_attempts',
    'audit_log',
    'scheduled_pings',
  ])
    await sql.unsafe(`analyze ${table}`)
  done('analyze')
  const counts: Record<string, number> = {}
  for (const table of [
    'members',
    'events',
    'event_attendance',
    'trainings',
    'training_signups',
    'tests',
    'test_attempts',
    'audit_log',
    'scheduled_pings',
    'users',
    'sessions',
  ]) {
    const [{ n }] = await sql.unsafe<[{ n: number }]>(`select count(*)::int as n from ${table}`)
    counts[table] = n
  }
  const [{ n: due }] = await sql<[{ n: number }]>`
    select count(*)::int as n from members m join promotion_thresholds t on t.from_rank = m.rank
     where not m.is_banned and m.attended_events_count + m.hidden_score >= t.required_score`
  counts['due for promotion'] = due
  return { seconds: (performance.now() - started) / 1000, steps, counts }
}
