// record: a member with five years of weekly operations (260 events, 100 trainings, 30 rank and qualification
// changes, tests and evaluations) read as their own full service record (GET /api/roster/members/{id}/record), as the
// public profile (the /api call and the /roster/{id} page, every timeline line shown), side by side with a bare
// node:http server sending the same bytes. Target: renders in under 100 ms at p95 on the server. Measured one request
// at a time, so the figure is the render time, not a queue of concurrent readers; the bench holds the stricter p99 to
// it. Runs on the ORBAT bench app.
import type postgres from 'postgres'
import { compare, comparisonCells, comparisonHeader, record, startBare, type LoadSpec } from './compare.ts'
import type { BenchMember } from './herd.ts'
import { machineMeter, printTable, progress } from './lib.ts'

const P99_TARGET_MS = 100
const WEEKS = 260
const TRAININGS = 100
const CHANGES = 30

/** The member of `who` (a logged-in bench user) gets five years of history. Answers the member's id. */
export async function arrangeRecord(sql: postgres.Sql, who: BenchMember): Promise<number> {
  const [member] = await sql<{ id: number }[]>`
    insert into members (ingame_name, rank, join_date, discord_id, attended_events_count)
    values ('Record Bench', 'SNCO', (now() - interval '5 years')::date, ${who.discordId}, ${WEEKS})
    on conflict (discord_id) do update set ingame_name = excluded.ingame_name
    returning id`
  const id = member!.id
  await sql`
    with e as (
      insert into events (name, date)
      select 'Weekly operation ' || g, now() - make_interval(weeks => g) from generate_series(1, ${WEEKS}) g
      returning id
    )
    insert into event_attendance (event_id, member_id) select e.id, ${id} from e`
  await sql`
    with t as (
      insert into trainings (name, date, is_bmt_training)
      select 'Training ' || g, now() - make_interval(days => g * 17), g = ${TRAININGS}
      from generate_series(1, ${TRAININGS}) g
      returning id
    )
    insert into training_attendance (training_id, member_id) select t.id, ${id} from t`
  await sql`
    insert into member_history (member_id, at, kind, detail, via)
    select ${id}, now() - make_interval(days => g * 55),
           case when g % 2 = 0 then 'rank' else 'qualification' end,
           case when g % 2 = 0 then jsonb_build_object('from', 'JNCO', 'to', 'NCO')
                else jsonb_build_object('qualification_id', g, 'name', 'Qualification ' || g, 'granted', true) end,
           'admin'
    from generate_series(1, ${CHANGES}) g`
  const [qualification] = await sql<{ id: number }[]>`
    insert into qualifications (name) values ('Record bench qualification')
    on conflict (name) do update set name = excluded.name returning id`
  await sql`
    with t as (
      insert into tests (name, qualification_id)
      select 'Record bench test ' || g, ${qualification!.id} from generate_series(1, 12) g returning id
    )
    insert into test_attempts (test_id, member_id, score, passed) select t.id, ${id}, 85, true from t`
  await sql`analyze`
  return id
}

export async function recordScenario(
  appPid: number | undefined,
  appUrl: string,
  sql: postgres.Sql,
  who: BenchMember,
): Promise<{ ok: boolean; figures: string }> {
  progress(`record: one member with ${WEEKS} events, ${TRAININGS} trainings and ${CHANGES} changes`)
  const id = await arrangeRecord(sql, who)
  const specs: LoadSpec[] = [
    {
      name: 'full record (own, /api)',
      path: `/api/roster/members/${id}/record`,
      headers: { cookie: who.cookie },
      connections: 1,
      seconds: 6,
      status: 200,
    },
    {
      name: 'public profile (/api)',
      path: `/api/roster/members/${id}/profile`,
      connections: 1,
      seconds: 6,
      status: 200,
    },
    {
      name: 'profile page, every line',
      path: `/roster/${id}?record=all`,
      connections: 1,
      seconds: 6,
      status: 200,
    },
  ]
  const bare = await startBare(await record(appUrl, specs))
  try {
    const machine = machineMeter()
    const rows: string[][] = []
    let worst = 0
    let errors = 0
    for (const spec of specs) {
      progress(`record: ${spec.name}`)
      const { app, bare: b, ratio } = await compare(appUrl, bare.ready[0]!, spec, { app: appPid, bare: bare.child.pid })
      worst = Math.max(worst, app.p99)
      errors += app.errors
      rows.push([
        ...comparisonCells(spec, app, b, ratio),
        (app.cpuUs / 1000).toFixed(1),
        `${app.errors}`,
        app.p99 < P99_TARGET_MS ? 'yes' : 'NO',
      ])
    }
    printTable(
      `record: a member's ${WEEKS + TRAININGS + CHANGES + 13}-line service record, app vs bare node:http (same bytes)`,
      [...comparisonHeader('read'), 'app CPU ms/req', 'app errors', `p99 < ${P99_TARGET_MS} ms`],
      rows,
      [
        `Each side 6 s in 2 alternating rounds after 2 s warm-up; p99 = worst round. App CPU ms/req: the app process's own CPU per answer (less moved than latency by other work on the machine). ${machine()}.`,
      ],
    )
    return {
      ok: worst < P99_TARGET_MS && errors === 0,
      figures: `worst p99 ${worst} ms (target < ${P99_TARGET_MS} ms), ${errors} errors`,
    }
  } finally {
    await bare.stop()
  }
}
