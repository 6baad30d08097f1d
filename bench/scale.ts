// scale: a big unit with years of history beside the demo unit. Two app processes (bench/app-server.ts, demo data),
// one of them grown into the big unit (bench/scale-fixture.ts: 5,040 members, 306 events with ~907,000 attendance
// rows, 300,000 audit entries, ...). Each page and call is asked for one request at a time, as a person would, on both
// units in alternating rounds: median and p95 side by side, their ratio, and the page's weight. Then the promotion run
// that moves 3,427 members: how long its request takes, and when its announcement is out.
// Targets: big / demo <= 2 at the median, p95 < 100 ms on the big unit, HTML < 200 KB; the run's request < 300 ms and
// its announcement out within 10 s.
import http from 'node:http'
import postgres from 'postgres'
import { DEMO_USERS } from '#db/seed/demo-guild.ts'
import { login, request } from './http-client.ts'
import { cpuSeconds, machineMeter, ms, percentile, printTable, progress, sleep, type Child } from './lib.ts'
import { BIG_UNIT, growBigUnit } from './scale-fixture.ts'

const TARGET_RATIO = 2
const TARGET_P95_MS = 100
const TARGET_HTML_KB = 200
const TARGET_RUN_MS = 300
const TARGET_ANNOUNCED_S = 10
/** Requests per unit and target, after WARM_UP: in ROUNDS alternating rounds, so drift hits both sides alike. */
const SAMPLES = 60
const ROUNDS = 3
const WARM_UP = 5

interface Target {
  name: string
  path: string
  /** Who asks: the admin, a member, or nobody. */
  as: 'admin' | 'member' | 'anonymous'
  /** Pages are HTML; their raw weight has a target. */
  html?: boolean
  /** Named by the probe this bench answers (the others are measured alongside). */
  probed?: boolean
  /** A path that differs per unit (a member with the longest history), read from its database. */
  pathOn?: (sql: postgres.Sql) => Promise<string>
}

const TARGETS: Target[] = [
  { name: '/admin/roster/events', path: '/admin/roster/events', as: 'admin', html: true, probed: true },
  { name: '/api/roster/events', path: '/api/roster/events', as: 'admin', probed: true },
  { name: '/api/roster/events?limit=25', path: '/api/roster/events?limit=25', as: 'admin' },
  { name: '/trainings (member)', path: '/trainings', as: 'member', html: true, probed: true },
  { name: '/trainings (anonymous)', path: '/trainings', as: 'anonymous', html: true },
  { name: '/admin/roster/trainings', path: '/admin/roster/trainings', as: 'admin', html: true, probed: true },
  { name: '/api/roster/trainings', path: '/api/roster/trainings', as: 'admin' },
  { name: '/admin/roster/promotions', path: '/admin/roster/promotions', as: 'admin', html: true, probed: true },
  { name: '/api/roster/trainings/public', path: '/api/roster/trainings/public', as: 'member' },
  { name: '/admin (hub)', path: '/admin', as: 'admin', html: true, probed: true },
  { name: '/api/admin/audit-log', path: '/api/admin/audit-log', as: 'admin', probed: true },
  { name: '/calendar/unit.ics', path: '/calendar/unit.ics', as: 'anonymous', probed: true },
  { name: '/api/discord/pings?limit=50', path: '/api/discord/pings?limit=50', as: 'admin' },
  { name: '/roster', path: '/roster', as: 'anonymous', html: true },
  {
    name: '/roster/{id}?tab=events (most events)',
    path: '',
    as: 'anonymous',
    html: true,
    pathOn: async (sql) => {
      const [row] = await sql<{ id: number }[]>`
        select a.member_id as id from event_attendance a join members m on m.id = a.member_id
         where not m.is_banned group by a.member_id order by count(*) desc, a.member_id limit 1`
      return `/roster/${row!.id}?tab=events`
    },
  },
]

interface Unit {
  name: string
  /** The app's process: its CPU time and its PostgreSQL's (descendants) is what a request costs. */
  pid: number
  url: string
  sql: postgres.Sql
  cookies: Record<Target['as'], string>
  agent: http.Agent
  /** The paths of targets that differ per unit. */
  paths: Map<Target, string>
}

interface Sample {
  latencies: number[]
  /** CPU seconds of the app and its database over the samples. */
  cpu: number
  rawBytes: number
  wireBytes: number
  statuses: Set<number>
}

const demoId = (username: string) => DEMO_USERS.find((u) => u.username === username)!.id

async function unitOf(name: string, app: Child): Promise<Unit> {
  const [url, databaseUrl] = app.ready as [string, string]
  const [admin, member] = await Promise.all([login(url, demoId('demo_admin')), login(url, demoId('reyes'))])
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} })
  const paths = new Map<Target, string>()
  for (const target of TARGETS) if (target.pathOn) paths.set(target, await target.pathOn(sql))
  return {
    name,
    pid: app.child.pid!,
    url,
    sql,
    cookies: { admin, member, anonymous: '' },
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    paths,
  }
}

async function ask(unit: Unit, target: Target, encoding: string) {
  const headers: Record<string, string> = { 'accept-encoding': encoding, accept: target.html ? 'text/html' : '*/*' }
  if (unit.cookies[target.as]) headers.cookie = unit.cookies[target.as]
  return request(unit.agent, `${unit.url}${unit.paths.get(target) ?? target.path}`, { headers })
}

/** One target on both units: warm-up, then SAMPLES requests each in alternating rounds (as a browser asks: compressed). */
async function measure(units: Unit[], target: Target): Promise<Map<string, Sample>> {
  const samples = new Map<string, Sample>()
  for (const unit of units) {
    const raw = await ask(unit, target, 'identity')
    const wire = await ask(unit, target, 'br, gzip')
    samples.set(unit.name, {
      latencies: [],
      cpu: 0,
      rawBytes: raw.body.length,
      wireBytes: wire.body.length,
      statuses: new Set([raw.status]),
    })
    for (let i = 0; i < WARM_UP; i++) await ask(unit, target, 'br, gzip')
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const unit of units) {
      const sample = samples.get(unit.name)!
      const before = cpuSeconds(unit.pid)
      for (let i = 0; i < SAMPLES / ROUNDS; i++) {
        const answer = await ask(unit, target, 'br, gzip')
        sample.latencies.push(answer.ms)
        sample.statuses.add(answer.status)
      }
      const after = cpuSeconds(unit.pid)
      sample.cpu += after.self + after.descendants - before.self - before.descendants
    }
  }
  return samples
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)}`

/**
 * The promotion run on one unit: the request's time, how many moved, and how long after the request the run's
 * announcement was recorded sent (promotion_runs.announced_at). Ranks are put back afterwards, so the run can be
 * repeated.
 */
async function promotionRun(unit: Unit) {
  await unit.sql`create temporary table if not exists bench_ranks as select id, rank from members`
  await unit.sql`truncate bench_ranks`
  await unit.sql`insert into bench_ranks select id, rank from members`
  const sent = performance.now()
  const answer = await request(unit.agent, `${unit.url}/api/roster/promotions/run`, {
    method: 'POST',
    headers: { cookie: unit.cookies.admin, origin: unit.url, 'content-type': 'application/json' },
  })
  const requestMs = answer.ms
  const promoted = answer.status === 200 ? (JSON.parse(answer.body.toString()) as { promotedMembers: unknown[] }) : null
  let announcedS = Number.NaN
  let state = 'none'
  for (let waited = 0; waited < 30_000; waited += 100) {
    const [run] = await unit.sql<[{ announcement: string; announced_at: Date | null }?]>`
      select announcement, announced_at from promotion_runs order by id desc limit 1`
    state = run?.announcement ?? 'no run'
    if (run?.announced_at) {
      announcedS = (performance.now() - sent) / 1000
      break
    }
    if (state !== 'pending') break
    await sleep(100)
  }
  await unit.sql`update members m set rank = b.rank from bench_ranks b where b.id = m.id and m.rank <> b.rank`
  return { status: answer.status, requestMs, promoted: promoted?.promotedMembers.length ?? 0, announcedS, state }
}

export async function scaleScenario(startApp: () => Promise<Child>): Promise<{ ok: boolean; figures: string }> {
  progress('scale: starting two apps (demo data)')
  const [demoApp, bigApp] = await Promise.all([startApp(), startApp()])
  const units: Unit[] = []
  try {
    const bigSql = postgres(bigApp.ready[1]!, { max: 2, onnotice: () => {} })
    progress('scale: growing the big unit')
    const grown = await growBigUnit(bigSql).finally(() => bigSql.end({ timeout: 5 }))
    progress(
      `scale: big unit ready in ${grown.seconds.toFixed(1)} s (${grown.steps.map(([step, n]) => `${step} ${n.toFixed(1)} s`).join(', ')})`,
    )
    units.push(await unitOf('demo', demoApp), await unitOf('big', bigApp))
    const [demo, big] = units as [Unit, Unit]

    const machine = machineMeter()
    const rows: string[][] = []
    let ok = true
    const misses: string[] = []
    for (const target of TARGETS) {
      progress(`scale: ${target.name}`)
      const samples = await measure(units, target)
      const d = samples.get('demo')!
      const b = samples.get('big')!
      const [dMed, dP95, bMed, bP95] = [
        percentile(d.latencies, 50),
        percentile(d.latencies, 95),
        percentile(b.latencies, 50),
        percentile(b.latencies, 95),
      ]
      const ratio = bMed / dMed
      const statuses = [...new Set([...d.statuses, ...b.statuses])]
      const met = {
        ratio: ratio <= TARGET_RATIO,
        p95: bP95 < TARGET_P95_MS,
        html: !target.html || b.rawBytes < TARGET_HTML_KB * 1024,
        status: statuses.every((s) => s === 200),
      }
      const fine = Object.values(met).every(Boolean)
      ok &&= fine
      if (!fine) misses.push(target.name)
      const [dCpu, bCpu] = [(1000 * d.cpu) / d.latencies.length, (1000 * b.cpu) / b.latencies.length]
      rows.push([
        `${target.name}${target.probed ? ' *' : ''}`,
        `${ms(dMed)} / ${ms(dP95)}`,
        `${ms(bMed)} / ${ms(bP95)}`,
        ratio.toFixed(2),
        `${ms(dCpu)} / ${ms(bCpu)}`,
        (bCpu / dCpu).toFixed(2),
        `${kb(d.rawBytes)} / ${kb(b.rawBytes)}`,
        `${kb(b.wireBytes)}`,
        statuses.join(','),
        fine
          ? 'yes'
          : `NO (${Object.entries(met)
              .filter(([, v]) => !v)
              .map(([k]) => k)
              .join(', ')})`,
      ])
    }

    progress('scale: promotion runs')
    const runRows: string[][] = []
    let runOk = true
    for (const unit of [demo, big]) {
      for (let i = 1; i <= 3; i++) {
        const run = await promotionRun(unit)
        const fine =
          unit.name === 'demo' ||
          (run.status === 200 &&
            run.requestMs < TARGET_RUN_MS &&
            run.announcedS <= TARGET_ANNOUNCED_S &&
            run.promoted === BIG_UNIT.promotable)
        runOk &&= fine
        runRows.push([
          `${unit.name} run ${i}`,
          `${run.status}`,
          run.promoted.toLocaleString('en-US'),
          ms(run.requestMs),
          Number.isFinite(run.announcedS) ? run.announcedS.toFixed(2) : `- (${run.state})`,
          unit.name === 'demo' ? 'n/a' : fine ? 'yes' : 'NO',
        ])
        // The role syncs the run queued drain in the background; the next run starts on a quiet app.
        await sleep(2000)
      }
    }
    ok &&= runOk

    const sizes = Object.entries(grown.counts)
      .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
      .join(', ')
    printTable(
      'scale: the demo unit and a big unit side by side (one request at a time, compressed as a browser asks)',
      [
        'page or call (* probed)',
        'demo median / p95 ms',
        'big median / p95 ms',
        'big/demo',
        'CPU ms/req demo / big',
        'CPU big/demo',
        'HTML KB demo / big',
        'big on wire KB',
        'status',
        'targets met',
      ],
      rows,
      [
        `Targets: big/demo <= ${TARGET_RATIO} at the median, big p95 < ${TARGET_P95_MS} ms, HTML < ${TARGET_HTML_KB} KB raw. ${SAMPLES} requests per unit after ${WARM_UP} warm-up, in ${ROUNDS} alternating rounds. CPU ms/req: the app's and its PostgreSQL's CPU time per request (what other work on the machine changes least). ${machine()}.`,
        `Big unit (built in ${grown.seconds.toFixed(1)} s): ${sizes}.`,
      ],
    )
    printTable(
      'scale: the promotion run (POST /api/roster/promotions/run; ranks put back between runs)',
      ['run', 'status', 'promoted', 'request ms', 'announced after s', 'targets met'],
      runRows,
      [`Targets on the big unit: request < ${TARGET_RUN_MS} ms, announcement out within ${TARGET_ANNOUNCED_S} s.`],
    )
    return {
      ok,
      figures: ok
        ? `${rows.length} pages and calls and the promotion run within their targets`
        : `not met: ${[...misses, ...(runOk ? [] : ['promotion run'])].join(', ')}`,
    }
  } finally {
    for (const unit of units) {
      unit.agent.destroy()
      await unit.sql.end({ timeout: 5 })
    }
    await Promise.all([demoApp.stop(), bigApp.stop()])
  }
}
