// npm run bench: the app under load, each scenario printed as a table with its targets.
//   endpoints  health check, anonymous session call, home hub SSR: the app side by side with a bare node:http server
//              sending the same bytes (bench/app-server.ts: demo data).
//   poll       GET /api/orbat of a realistic ORBAT, app vs bare, 200 and 304 (bench/orbat-server.ts from here on).
//   herd       500 logged-in members sign up at the same instant for 100 slots: against a floor (a bare UPDATE server),
//              round 1, round 2 (2,500 requests), a round across the lock's end, round 1 on two app instances.
//   roster     GET /api/roster paging and searching over 2,000 members (p99 < 50 ms).
//   streams    3,000 live streams asked at once from one address, /healthz asked beside (p99 < 100 ms) (bench/streams.ts).
//   viewers    1,000 open pages (live SSE connections, then 5 s polling) for 60 s while members sign up and leave.
//   history    the ORBAT's memory on 300 slots: the freeze of an operation's ORBAT (< 50 ms), GET of a version and of
//              a snapshot (p95 < 30 ms one request at a time; p99 under 10 connections beside) (bench/orbat-history.ts).
//   mission    the import of a 5 MB mission.sqm, parse and proposal, in this process (< 1 s), and of the same mission
//              binarized (< 1.5 s) (bench/mission-import.ts).
//   scale      only when named (--only=scale): the demo unit beside a big unit with years of history (bench/scale.ts),
//              each page and call one request at a time, and the promotion run of 3,427 members.
//   activity   only when named (--only=activity): the activity report and dashboard on the big unit with about a
//              million attendance rows beside the demo unit (bench/activity.ts).
//   push       only when named (--only=push): "sign-ups open" pushed to 2,000 subscribed members at the instant the
//              herd's lock ends, against the unlock round alone (bench/push.ts).
//   joint      only when named (--only=joint): the herd's round 1 beside 50 guests of an allied unit pressing for
//              100 reserved slots, against the round alone; the members' p99 within the herd's target
//              (bench/joint.ts).
//   webhooks   only when named (--only=webhooks): the herd's unlock round with two webhook endpoints subscribed to
//              slot.taken, against the round with none; every delivery within 30 s (bench/webhooks.ts).
//   import     only when named (--only=import): a 5,000-row roster file and a 5,000-row rank record export, each
//              previewed and applied through the CSV import on the demo unit (targets: preview < 2 s, apply < 5 s).
//   backup     only when named (--only=backup): the big unit backed up by the running app while members read (its
//              time, the reads' p99 beside it), then restored, every table compared (bench/backup.ts).
// The servers run in child processes; this process is only the load generator. Loopback only.
// Options: --only=poll,herd (any of endpoints, streams, poll, herd, roster, viewers, record, history, mission, scale, activity, import, push, webhooks, backup, joint), --no-polling / --no-sse (viewers: one variant only),
// --profile=<dir> (CPU profiles of the app processes). BENCH_DEBUG=1 prints per-second poll latencies (viewers).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { compare, comparisonCells, comparisonHeader, record, startBare, type LoadSpec } from './compare.ts'
import { herdScenario, HERD_USERS, loginMembers } from './herd.ts'
import { loadAverage, machineMeter, printTable, progress, sleep, startProcess, verdict, type Child } from './lib.ts'
import { arrangeOrbat } from './orbat-fixture.ts'
import { pollScenario } from './poll.ts'
import { recordScenario } from './record.ts'
import { historyScenario } from './orbat-history.ts'
import { missionImportScenario } from './mission-import.ts'
import { rosterScenario } from './roster.ts'
import { activityScenario } from './activity.ts'
import { pushScenario } from './push.ts'
import { webhooksScenario } from './webhooks.ts'
import { jointScenario } from './joint.ts'
import { scaleScenario } from './scale.ts'
import { backupScenario } from './backup.ts'
import { importScenario } from './import.ts'
import { streamsScenario } from './streams.ts'
import { viewersScenario } from './viewers.ts'

/** The whole run stops by itself after this, whatever hangs. */
const WATCHDOG_MS = 10 * 60 * 1000

const ENDPOINTS: LoadSpec[] = [
  { name: 'health check', path: '/healthz', connections: 50, seconds: 8 },
  { name: 'session call (anonymous)', path: '/auth/user', connections: 50, seconds: 8 },
  { name: 'home hub (SSR)', path: '/', connections: 50, seconds: 8 },
]

const args = process.argv.slice(2)
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const wanted = (name: string) => !only || only.includes(name)
/** Scenarios that run only when named: they build their own data and take minutes. */
const named = (name: string) => Boolean(only?.includes(name))
/** --profile=<dir>: the app processes write V8 CPU profiles (node --cpu-prof) there when they stop. */
const profileDir = args.find((a) => a.startsWith('--profile='))?.slice('--profile='.length)
/** An app server in its own Node process (tsx as a loader: one process, so --cpu-prof sees the app). */
const startApp = (script: string, ...rest: string[]) => startAppWith({}, script, ...rest)
const startAppWith = (env: NodeJS.ProcessEnv, script: string, ...rest: string[]) =>
  startProcess(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
      '--import',
      'tsx',
      script,
      ...rest,
    ],
    { env },
  )
const children: Child[] = []
const summary: string[][] = []
const row = (name: string, result: { ok: boolean; figures: string }) => [name, verdict(result.ok), result.figures]

async function endpointsScenario() {
  progress('endpoints: starting the app (demo data)')
  const app = await startApp('bench/app-server.ts')
  children.push(app)
  const appUrl = app.ready[0]!
  const bare = await startBare(await record(appUrl, ENDPOINTS))
  children.push(bare)
  try {
    const rows: string[][] = []
    const machine = machineMeter()
    for (const spec of ENDPOINTS) {
      progress(`endpoints: ${spec.name}`)
      const {
        app: a,
        bare: b,
        ratio,
      } = await compare(appUrl, bare.ready[0]!, spec, { app: app.child.pid, bare: bare.child.pid })
      rows.push([...comparisonCells(spec, a, b, ratio), `${a.cpuUs.toFixed(0)} / ${b.cpuUs.toFixed(0)}`, `${a.errors}`])
    }
    printTable(
      'endpoints: app vs bare node:http (same bytes)',
      [...comparisonHeader('scenario'), 'CPU us/req app / bare', 'app errors (5xx, timeouts)'],
      rows,
      [
        `Each side ${ENDPOINTS[0]!.seconds} s in 2 alternating rounds after 2 s warm-up. CPU us/req: server CPU time per answered request. ${machine()}.`,
      ],
    )
  } finally {
    await bare.stop()
    await app.stop()
  }
}

async function orbatScenarios() {
  progress('orbat: starting the app (no demo data, Discord stand-in with 500 bench users)')
  const app = await startApp('bench/orbat-server.ts', String(HERD_USERS))
  children.push(app)
  const [appUrl, databaseUrl, discordApiUrl, discordAuthorizeUrl] = app.ready as [string, string, string, string]
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} })
  try {
    const arrangement = await arrangeOrbat(sql)
    // The app hears the NOTIFY and rebuilds its snapshot.
    for (let i = 0; i < 50; i++) {
      const orbat = (await (await fetch(`${appUrl}/api/orbat`)).json()) as { slots: unknown[] }
      if (orbat.slots.length === arrangement.rows) break
      await sleep(100)
    }

    if (wanted('poll')) summary.push(row('poll', await pollScenario(app.child.pid, appUrl, arrangement)))
    if (wanted('roster')) summary.push(row('roster', await rosterScenario(app.child.pid, appUrl, sql)))
    if (wanted('history')) summary.push(row('history', await historyScenario(app.child.pid, appUrl, sql, databaseUrl)))
    if (!wanted('herd') && !wanted('viewers') && !wanted('record')) return

    const logins = wanted('herd') || wanted('viewers') ? HERD_USERS : 1
    progress(`logging in ${logins} members through the Discord stand-in`)
    const { members, seconds, failures } = await loginMembers(appUrl, sql, logins)
    if (wanted('record')) summary.push(row('record', await recordScenario(app.child.pid, appUrl, sql, members[0]!)))
    if (wanted('herd')) {
      progress('herd: starting the floor server and a second app instance on the same database')
      const [floor, second] = await Promise.all([
        startApp('bench/floor-server.ts', databaseUrl),
        startApp('bench/orbat-server.ts', '--join', databaseUrl, discordApiUrl, discordAuthorizeUrl),
      ])
      children.push(floor, second)
      try {
        const servers = {
          app: { url: appUrl, pid: app.child.pid! },
          second: { url: second.ready[0]!, pid: second.child.pid! },
          floor: { url: floor.ready[0]!, pid: floor.child.pid! },
        }
        summary.push(row('herd', await herdScenario(servers, sql, arrangement, members, seconds, failures)))
      } finally {
        await Promise.all([floor.stop(), second.stop()])
      }
    }
    if (wanted('viewers')) {
      const variants = { sse: !args.includes('--no-sse'), polling: !args.includes('--no-polling') }
      summary.push(row('viewers', await viewersScenario(app.child.pid, appUrl, sql, arrangement, members, variants)))
    }
  } finally {
    await sql.end({ timeout: 5 })
    await app.stop()
  }
}

async function main() {
  // Another build may be replacing build/ right now: give it a minute.
  for (let i = 0; i < 60 && !fs.existsSync('build/server/index.js'); i++) await sleep(1000)
  if (!fs.existsSync('build/server/index.js')) throw new Error('Run "npm run build" first.')
  const started = Date.now()
  const loadBefore = loadAverage()
  // In this process, before any server starts: nothing else runs beside it.
  if (wanted('mission')) summary.push(row('mission', await missionImportScenario()))
  if (wanted('endpoints')) await endpointsScenario()
  if (wanted('streams'))
    summary.push(
      row(
        'streams',
        await streamsScenario(async () => {
          const app = await startApp('bench/app-server.ts')
          children.push(app)
          return app
        }),
      ),
    )
  if (
    wanted('poll') ||
    wanted('herd') ||
    wanted('roster') ||
    wanted('viewers') ||
    wanted('record') ||
    wanted('history')
  )
    await orbatScenarios()
  if (named('scale'))
    summary.push(
      row(
        'scale',
        await scaleScenario(async () => {
          const app = await startApp('bench/app-server.ts')
          children.push(app)
          return app
        }),
      ),
    )
  if (named('activity'))
    summary.push(
      row(
        'activity',
        await activityScenario(async () => {
          const app = await startApp('bench/app-server.ts')
          children.push(app)
          return app
        }),
      ),
    )
  if (named('import'))
    summary.push(
      row(
        'import',
        await importScenario(async () => {
          const app = await startApp('bench/app-server.ts')
          children.push(app)
          return app
        }),
      ),
    )
  if (named('backup'))
    summary.push(
      row(
        'backup',
        await backupScenario(async (env) => {
          const child = await startAppWith(env, 'bench/app-server.ts')
          children.push(child)
          return child
        }),
      ),
    )
  if (named('push'))
    summary.push(
      row(
        'push',
        await pushScenario(async (script, rest, env) => {
          const child = await startAppWith(env ?? {}, script, ...rest)
          children.push(child)
          return child
        }),
      ),
    )
  if (named('webhooks'))
    summary.push(
      row(
        'webhooks',
        await webhooksScenario(async (script, rest, env) => {
          const child = await startAppWith(env ?? {}, script, ...rest)
          children.push(child)
          return child
        }),
      ),
    )
  if (named('joint'))
    summary.push(
      row(
        'joint',
        await jointScenario(async (script, rest, env) => {
          const child = await startAppWith(env ?? {}, script, ...rest)
          children.push(child)
          return child
        }),
      ),
    )
  if (summary.length) printTable('summary', ['scenario', 'targets', 'figures'], summary)
  console.log(
    `\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${((Date.now() - started) / 1000).toFixed(0)} s. ` +
      `Load average (1/5/15 min) at start ${loadBefore}, at end ${loadAverage()}: anything above ~2 is other work competing for the 2 cores.`,
  )
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60000} minutes; stopping.`)
  // The servers stop their embedded PostgreSQL on SIGTERM (stop() insists with SIGKILL after 15 s).
  void Promise.race([Promise.all(children.map((c) => c.stop().catch(() => {}))), sleep(20_000)]).then(() =>
    process.exit(2),
  )
}, WATCHDOG_MS)
watchdog.unref()

main()
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(error)
    await Promise.all(children.map((c) => c.stop().catch(() => {})))
    process.exit(1)
  })
