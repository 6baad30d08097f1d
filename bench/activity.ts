// activity: the activity report on a big unit beside the demo unit (docs/rules/activity.md). Two app processes
// (bench/app-server.ts, demo data); one grows into the big unit of bench/scale-fixture.ts (5,040 members, 306 events
// with ~907,000 attendance rows, 206 trainings), and here gets training attendance (~100,000 rows: about a million
// attendance rows in all), the last twelve operations' frozen ORBATs (who held which squad's slot) and some leave.
// Each call is asked one request at a time on both units in alternating rounds: median and p95, and the page's weight
// on the wire. Targets on the big unit: p95 < 300 ms for GET /api/activity and /admin/activity, the page < 150 KB
// compressed.
import http from 'node:http'
import postgres from 'postgres'
import { DEMO_USERS } from '#db/seed/demo-guild.ts'
import { login, request } from './http-client.ts'
import { cpuSeconds, machineMeter, ms, percentile, printTable, progress, type Child } from './lib.ts'
import { growBigUnit } from './scale-fixture.ts'

const TARGET_P95_MS = 300
const TARGET_PAGE_KB = 150
const SAMPLES = 30
const ROUNDS = 3
const WARM_UP = 3

interface Target {
  name: string
  path: string
  html?: boolean
  /** Held to the targets (the others are measured alongside). */
  probed?: boolean
}

const TARGETS: Target[] = [
  { name: 'GET /api/activity', path: '/api/activity', probed: true },
  { name: 'GET /api/activity?weeks=26', path: '/api/activity?weeks=26' },
  { name: '/admin/activity', path: '/admin/activity', html: true, probed: true },
  { name: '/admin/activity?weeks=26&sort=last', path: '/admin/activity?weeks=26&sort=last', html: true },
  { name: 'GET /api/activity.csv', path: '/api/activity.csv' },
]

interface Unit {
  name: string
  /** The app's process: its CPU time and its PostgreSQL's (descendants) is what a request costs. */
  pid: number
  url: string
  cookie: string
  agent: http.Agent
}

/** Training attendance, frozen ORBATs and leave on top of the big unit: set-based, a few seconds. */
export async function growActivity(sql: postgres.Sql): Promise<Record<string, number>> {
  await sql.begin(async (tx) => {
    // About 500 members at each past training, most of those who signed up among them.
    await tx`
      insert into training_attendance (training_id, member_id)
      select t.id, m.id from trainings t cross join members m
       where t.date < now() and not m.is_banned and (hashint4(m.id * 7919 + t.id) & 1023) < 100
      on conflict do nothing`
    await tx`
      insert into event_orbat_snapshots (event_id, squads, waitlist)
      select id, '[]'::jsonb, '[]'::jsonb from events where date < now() order by date desc limit 12
      on conflict do nothing`
    // About 60 slots per operation, in six squads.
    await tx`
      insert into event_orbat_holders (event_id, member_id, squad, team, slot)
      select s.event_id, m.id, 'Squad ' || (m.id % 6 + 1), 'Team 1', 'Rifleman'
        from event_orbat_snapshots s cross join members m
       where not m.is_banned and (hashint4(m.id * 31 + s.event_id) & 127) = 0
      on conflict do nothing`
    // 2% of the unit on leave now, 3% back from a month away.
    await tx`
      insert into leaves (member_id, start_date, end_date, reason, status)
      select id, current_date - 5, current_date + 20, 'Bench', 'approved' from members where id % 50 = 7
      union all
      select id, current_date - 60, current_date - 30, 'Bench', 'approved' from members where id % 33 = 5`
  })
  // As autovacuum leaves a live database: visibility maps set, so attendance is read from its indexes alone.
  await sql`vacuum analyze`
  const [counts] = await sql<[Record<string, number>]>`
    select (select count(*)::int from members) as members,
           (select count(*)::int from events) as events,
           (select count(*)::int from trainings) as trainings,
           (select count(*)::int from event_attendance) + (select count(*)::int from training_attendance) as attendance,
           (select count(*)::int from event_orbat_holders) as slot_holders`
  return counts!
}

async function ask(unit: Unit, target: Target) {
  return request(unit.agent, `${unit.url}${target.path}`, {
    headers: { cookie: unit.cookie, 'accept-encoding': 'br, gzip', accept: target.html ? 'text/html' : '*/*' },
  })
}

export async function activityScenario(startApp: () => Promise<Child>): Promise<{ ok: boolean; figures: string }> {
  progress('activity: starting two apps (demo data)')
  const [demoApp, bigApp] = await Promise.all([startApp(), startApp()])
  const units: Unit[] = []
  try {
    const bigSql = postgres(bigApp.ready[1]!, { max: 2, onnotice: () => {} })
    progress('activity: growing the big unit')
    const grown = await growBigUnit(bigSql)
    const counts = await growActivity(bigSql).finally(() => bigSql.end({ timeout: 5 }))
    progress(`activity: big unit ready in ${grown.seconds.toFixed(1)} s`)
    const admin = DEMO_USERS.find((u) => u.username === 'demo_admin')!.id
    for (const [name, app] of [
      ['demo', demoApp],
      ['big', bigApp],
    ] as const) {
      const url = app.ready[0]!
      units.push({
        name,
        pid: app.child.pid!,
        url,
        cookie: await login(url, admin),
        agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      })
    }

    const machine = machineMeter()
    const rows: string[][] = []
    let ok = true
    const misses: string[] = []
    for (const target of TARGETS) {
      progress(`activity: ${target.name}`)
      const latencies = new Map<string, number[]>(units.map((u) => [u.name, []]))
      const weight = new Map<string, number>()
      const cpu = new Map<string, number>(units.map((u) => [u.name, 0]))
      const statuses = new Set<number>()
      for (const unit of units) {
        const first = await ask(unit, target)
        weight.set(unit.name, first.body.length)
        statuses.add(first.status)
        for (let i = 1; i < WARM_UP; i++) await ask(unit, target)
      }
      for (let round = 0; round < ROUNDS; round++)
        for (const unit of units) {
          const before = cpuSeconds(unit.pid)
          for (let i = 0; i < SAMPLES / ROUNDS; i++) {
            const answer = await ask(unit, target)
            latencies.get(unit.name)!.push(answer.ms)
            statuses.add(answer.status)
          }
          const after = cpuSeconds(unit.pid)
          cpu.set(unit.name, cpu.get(unit.name)! + after.self + after.descendants - before.self - before.descendants)
        }
      const [d, b] = [latencies.get('demo')!, latencies.get('big')!]
      const bP95 = percentile(b, 95)
      const met = {
        p95: !target.probed || bP95 < TARGET_P95_MS,
        weight: !target.html || !target.probed || weight.get('big')! < TARGET_PAGE_KB * 1024,
        status: [...statuses].every((s) => s === 200),
      }
      const fine = Object.values(met).every(Boolean)
      ok &&= fine
      if (!fine) misses.push(target.name)
      rows.push([
        `${target.name}${target.probed ? ' *' : ''}`,
        `${ms(percentile(d, 50))} / ${ms(percentile(d, 95))}`,
        `${ms(percentile(b, 50))} / ${ms(bP95)}`,
        `${ms((1000 * cpu.get('demo')!) / d.length)} / ${ms((1000 * cpu.get('big')!) / b.length)}`,
        `${(weight.get('demo')! / 1024).toFixed(1)} / ${(weight.get('big')! / 1024).toFixed(1)}`,
        [...statuses].join(','),
        fine
          ? 'yes'
          : `NO (${Object.entries(met)
              .filter(([, v]) => !v)
              .map(([k]) => k)
              .join(', ')})`,
      ])
    }
    printTable(
      'activity: the demo unit and a big unit side by side (one request at a time, compressed as a browser asks)',
      [
        'call (* held to the targets)',
        'demo median / p95 ms',
        'big median / p95 ms',
        'CPU ms/req demo / big',
        'on the wire KB demo / big',
        'status',
        'targets met',
      ],
      rows,
      [
        `Targets on the big unit: p95 < ${TARGET_P95_MS} ms, the page < ${TARGET_PAGE_KB} KB compressed. ${SAMPLES} requests per unit after ${WARM_UP} warm-up, in ${ROUNDS} alternating rounds. CPU ms/req: the app's and its PostgreSQL's CPU time per request (what other work on the machine changes least). ${machine()}.`,
        `Big unit: ${Object.entries(counts)
          .map(([k, n]) => `${k.replace('_', ' ')} ${n.toLocaleString('en-US')}`)
          .join(', ')}.`,
      ],
    )
    return {
      ok,
      figures: ok ? `${rows.length} calls within their targets` : `not met: ${misses.join(', ')}`,
    }
  } finally {
    for (const unit of units) unit.agent.destroy()
    await Promise.all([demoApp.stop(), bigApp.stop()])
  }
}
