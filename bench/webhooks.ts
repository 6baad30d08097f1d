// Scenario "webhooks" (only when named): the herd's unlock round (bench/herd-unlock.ts: 500 logged-in members firing
// while the time lock ends) with two webhook endpoints subscribed to slot.taken, against the same round with none.
// Each sign-up that takes a slot writes one delivery per endpoint in its own statement (db/functions/orbat.sql); the
// app's job runner sends them to a receiver of our own (bench/webhook-receiver-server.ts, https, a child process).
// Rounds alternate: endpoints paused (nothing is written), then active, PAIRS times each; the table shows the herd's
// medians side by side and their ratio, and how soon after the unlock every slot.taken reached both endpoints.
import postgres from 'postgres'
import { HERD_USERS, loginMembers, type BenchMember } from './herd.ts'
import type { Target } from './herd-shots.ts'
import { unlockRound, type UnlockResult } from './herd-unlock.ts'
import { cpuSeconds, machineMeter, ms, percentile, printTable, progress, sleep, verdict, type Child } from './lib.ts'
import { arrangeOrbat, HERD_SLOTS, type Arrangement } from './orbat-fixture.ts'
import type { StartChild } from './push.ts'
import type { ReceiverStats } from './webhook-receiver-server.ts'

/** The herd's deciding answers with the endpoints subscribed: p99 (and p50) at most this many times those without. */
const TARGET_HERD_RATIO = 1.2
/** Every slot.taken at both endpoints within this long after the unlock. */
const TARGET_DELIVERED_S = 30
const PAIRS = 3
const ENDPOINTS = ['/planner', '/bot'] as const
/** Gives up waiting for the deliveries this long after the unlock. */
const WAIT_LIMIT_MS = 60_000

interface RoundFigures {
  subscribed: boolean
  unlock: UnlockResult
  /** slot.taken deliveries written in the round (both endpoints), and at each endpoint what arrived. */
  written: number
  arrived: Record<string, { messages: number; ids: number; signed: boolean }>
  /** Unlock -> the last delivery at either endpoint. */
  lastMs: number | null
  appCpu: number
  /** The deliveries' states at the end of the wait, and the first error any recorded. */
  states: string
}

export async function webhooksScenario(start: StartChild): Promise<{ ok: boolean; figures: string }> {
  progress('webhooks: starting the receiver')
  const receiver = await start('bench/webhook-receiver-server.ts', [])
  const [origin, caFile, controlUrl] = receiver.ready as [string, string, string]
  let app: Child | null = null
  let sql: postgres.Sql | null = null
  try {
    progress('webhooks: starting the app (no demo data, Discord stand-in with 500 bench users), trusting the receiver')
    app = await start('bench/orbat-server.ts', [String(HERD_USERS)], {
      NODE_EXTRA_CA_CERTS: caFile,
      WEBHOOK_ENDPOINT_ALLOW: origin,
    })
    const [appUrl, databaseUrl] = app.ready as [string, string]
    sql = postgres(databaseUrl, { max: 4, onnotice: () => {} })
    const arrangement = await arrangeOrbat(sql)
    progress(`webhooks: logging in ${HERD_USERS} members through the Discord stand-in`)
    const { members } = await loginMembers(appUrl, sql, HERD_USERS)
    for (const path of ENDPOINTS)
      await sql`insert into webhook_endpoints (url, description, events, active, secret)
                values (${origin + path}, 'bench', ${['slot.taken']}, false, ${`whsec_${Buffer.alloc(24, 7).toString('base64')}`})`
    const target = { url: appUrl, pid: app.child.pid! }
    const rounds: RoundFigures[] = []
    const machine = machineMeter()
    for (let i = 0; i < PAIRS * 2; i++) {
      const subscribed = i % 2 === 1
      progress(`webhooks round ${i + 1}/${PAIRS * 2}: the unlock round ${subscribed ? 'with 2 endpoints' : 'alone'}`)
      rounds.push(await webhookRound(sql, target, arrangement, members, subscribed, controlUrl))
    }
    return report(rounds, machine())
  } finally {
    await sql?.end({ timeout: 5 })
    await app?.stop()
    await receiver.stop()
  }
}

async function receiverStats(controlUrl: string): Promise<ReceiverStats> {
  return (await (await fetch(`${controlUrl}/stats`)).json()) as ReceiverStats
}

async function webhookRound(
  sql: postgres.Sql,
  app: Target,
  a: Arrangement,
  members: BenchMember[],
  subscribed: boolean,
  controlUrl: string,
): Promise<RoundFigures> {
  await sql`delete from webhook_deliveries`
  await sql`update webhook_endpoints set active = ${subscribed}`
  await fetch(`${controlUrl}/reset`, { method: 'POST' })
  const cpuBefore = cpuSeconds(app.pid).self
  let unlockAt = Number.NaN
  const oneEach = (m: BenchMember) => a.herdSlotIds[m.index % HERD_SLOTS]!
  const unlock = await unlockRound(app, sql, a, members, oneEach, {
    beforeFire: async (at) => {
      unlockAt = at
    },
  })
  const [{ n: written } = { n: 0 }] = await sql<Array<{ n: number }>>`
    select count(*)::int as n from webhook_deliveries where type = 'slot.taken'`
  let stats = await receiverStats(controlUrl)
  const arrivedAll = () => ENDPOINTS.reduce((sum, p) => sum + (stats.paths[p]?.ids ?? 0), 0)
  if (subscribed)
    for (const deadline = unlockAt + WAIT_LIMIT_MS; arrivedAll() < written && Date.now() < deadline; await sleep(100))
      stats = await receiverStats(controlUrl)
  else {
    // Nothing is written while the endpoints are paused: checked after a short wait, in case something went out.
    await sleep(1000)
    stats = await receiverStats(controlUrl)
  }
  const states = await sql<Array<{ status: string; n: number; error: string | null }>>`
    select status, count(*)::int as n, min(coalesce(error, 'HTTP ' || response_status)) as error
      from webhook_deliveries group by status order by status`
  const lasts = ENDPOINTS.map((p) => stats.paths[p]?.last).filter((v): v is number => v !== undefined)
  return {
    subscribed,
    unlock,
    written,
    arrived: Object.fromEntries(
      ENDPOINTS.map((p) => [
        p,
        {
          messages: stats.paths[p]?.messages ?? 0,
          ids: stats.paths[p]?.ids ?? 0,
          signed: stats.paths[p]?.signed ?? true,
        },
      ]),
    ),
    lastMs: lasts.length ? Math.max(...lasts) - unlockAt : null,
    appCpu: cpuSeconds(app.pid).self - cpuBefore,
    states:
      states
        .map((r) => `${r.status} ${r.n}${r.status === 'delivered' || !r.error ? '' : ` (${r.error})`}`)
        .join(', ') || 'none',
  }
}

const median = (values: number[]) => percentile(values, 50)

function report(rounds: RoundFigures[], machineUse: string): { ok: boolean; figures: string } {
  const alone = rounds.filter((r) => !r.subscribed)
  const withHooks = rounds.filter((r) => r.subscribed)
  const p = (r: RoundFigures, q: number) => percentile(r.unlock.latencies, q)
  const fig = (rs: RoundFigures[], f: (r: RoundFigures) => number) => median(rs.map(f))
  const p50 = [fig(alone, (r) => p(r, 50)), fig(withHooks, (r) => p(r, 50))] as const
  const p99 = [fig(alone, (r) => p(r, 99)), fig(withHooks, (r) => p(r, 99))] as const
  const ratio = (pair: readonly [number, number]) => pair[1] / pair[0]
  const slowest = Math.max(...withHooks.map((r) => r.lastMs ?? Number.POSITIVE_INFINITY))
  const arrivedOf = (r: RoundFigures) => ENDPOINTS.reduce((sum, e) => sum + r.arrived[e]!.ids, 0)
  const everyOne = withHooks.every(
    (r) =>
      r.written > 0 &&
      arrivedOf(r) === r.written &&
      ENDPOINTS.every((e) => r.arrived[e]!.messages === r.arrived[e]!.ids && r.arrived[e]!.signed),
  )
  const nothingAlone = alone.every((r) => r.written === 0 && arrivedOf(r) === 0)
  const herdOk = rounds.every((r) => r.unlock.ok)
  const ok = {
    p99: ratio(p99) <= TARGET_HERD_RATIO,
    delivered: slowest <= TARGET_DELIVERED_S * 1000,
    once: everyOne && nothingAlone,
    herd: herdOk,
  }
  const each = (rs: RoundFigures[], f: (r: RoundFigures) => string) => rs.map(f).join(', ')
  const secs = (v: number | null) => (v === null ? '-' : (v / 1000).toFixed(2))
  printTable(
    'webhooks: the unlock round with two endpoints subscribed to slot.taken',
    ['check', 'no endpoints', 'two endpoints', 'with / without', 'target', 'met'],
    [
      ['deciding answers p50 ms (median of rounds)', ms(p50[0]), ms(p50[1]), ratio(p50).toFixed(2), '', ''],
      [
        'deciding answers p99 ms (median of rounds)',
        ms(p99[0]),
        ms(p99[1]),
        ratio(p99).toFixed(2),
        `<= ${TARGET_HERD_RATIO}`,
        verdict(ok.p99),
      ],
      [
        'herd invariants (fill first, one slot each, no 5xx)',
        each(alone, (r) => verdict(r.unlock.ok)),
        each(withHooks, (r) => verdict(r.unlock.ok)),
        '',
        'all met',
        verdict(herdOk),
      ],
      [
        'slot.taken written / arrived (distinct ids) / messages',
        each(alone, (r) => `${r.written} / ${arrivedOf(r)}`),
        each(
          withHooks,
          (r) => `${r.written} / ${arrivedOf(r)} / ${ENDPOINTS.reduce((s, e) => s + r.arrived[e]!.messages, 0)}`,
        ),
        '',
        'all, once each, signed (none without)',
        verdict(ok.once),
      ],
      [
        'unlock -> last delivered s',
        '',
        each(withHooks, (r) => secs(r.lastMs)),
        '',
        `<= ${TARGET_DELIVERED_S}`,
        verdict(ok.delivered),
      ],
      ['deliveries at the end of the round', '', each(withHooks, (r) => r.states), '', '', ''],
      [
        'app CPU s per round',
        each(alone, (r) => r.appCpu.toFixed(1)),
        each(withHooks, (r) => r.appCpu.toFixed(1)),
        '',
        '',
        '',
      ],
    ],
    [
      `${PAIRS} rounds of each, alternating (no endpoints first). Each round: the unlock round of the herd (bench/herd-unlock.ts); with endpoints, every sign-up that takes a slot writes a slot.taken for each of the two.`,
      `Per round, p50 / p99 ms without: ${each(alone, (r) => `${ms(p(r, 50))} / ${ms(p(r, 99))}`)}; with: ${each(withHooks, (r) => `${ms(p(r, 50))} / ${ms(p(r, 99))}`)}.`,
      'The receiver is a child process of the bench over https on loopback, at nice 10: its CPU is on the same cores, which a real receiver is not.',
      `Over all rounds: ${machineUse}.`,
    ],
  )
  return {
    ok: Object.values(ok).every(Boolean),
    figures:
      `herd p99 ${ms(p99[0])} -> ${ms(p99[1])} ms (${ratio(p99).toFixed(2)}x) with two endpoints; ` +
      `every slot.taken delivered once within ${withHooks.map((r) => secs(r.lastMs)).join(', ')} s: ${everyOne ? 'yes' : 'NO'}`,
  }
}
