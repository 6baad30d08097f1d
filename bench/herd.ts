// Scenario "herd": the moment sign-ups open. 500 distinct logged-in members press Sign up at the same instant for
// 100 open slots. The floor first: the same 500 requests against bench/floor-server.ts, which does nothing but the
// conditional UPDATE on the same database (and again with round 2's pattern). Round 1: one request each, every slot
// wanted by five people. Round 2:
// every member fires at five slots at once, 2,500 requests. The unlock round (bench/herd-unlock.ts): the members are
// already firing when the time lock ends. Round 1 again, split over two app instances on the one database. The
// database is read back after each round to check the invariants.
import http from 'node:http'
import type postgres from 'postgres'
import { burst, login, openPages, type Answer } from './http-client.ts'
import { appShot, cpuPerRequest, floorShot, pageOf, type CpuSplit, type Shot, type Target } from './herd-shots.ts'
import { unlockRound, type UnlockResult } from './herd-unlock.ts'
import { machineMeter, mapLimit, ms, percentile, printTable, progress, rng, verdict, withCpuOf } from './lib.ts'
import { sampleWaits } from './pg-waits.ts'
import { benchUser, HERD_SLOTS, openAllSlots, type Arrangement } from './orbat-fixture.ts'

export const HERD_USERS = 500
const LOGIN_CONCURRENCY = 20
/** The herd's targets: round 1 under 300 ms and at most twice the floor's p99; round 2 under 1 s. */
const TARGET_ROUND1_P99_MS = 300
const TARGET_FLOOR_RATIO = 2
const TARGET_ROUND2_P99_MS = 1000
const REQUEST_TIMEOUT_MS = 30_000

/** Where the CPU is counted: the servers' own processes, and the app process whose children are PostgreSQL. */
export interface CpuOwners {
  servers: number[]
  database: number
}

export interface BenchMember {
  index: number
  discordId: string
  cookie: string
  userId: number
}

/** Logs `count` stand-in users in through the real OAuth flow, LOGIN_CONCURRENCY at a time. */
export async function loginMembers(
  appUrl: string,
  sql: postgres.Sql,
  count: number,
): Promise<{ members: BenchMember[]; seconds: number; failures: number }> {
  const started = performance.now()
  let failures = 0
  const cookies = await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    LOGIN_CONCURRENCY,
    async (i) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          return await login(appUrl, benchUser(i).id)
        } catch (error) {
          failures++
          if (attempt === 2) throw error
        }
      }
      throw new Error('unreachable')
    },
  )
  const seconds = (performance.now() - started) / 1000
  const rows = await sql<
    Array<{ id: number; discord_id: string }>
  >`select id, discord_id from users where discord_id like '81%'`
  const ids = new Map(rows.map((r) => [r.discord_id, r.id]))
  const members = cookies.map((cookie, index) => {
    const discordId = benchUser(index).id
    const userId = ids.get(discordId)
    if (!userId) throw new Error(`bench user ${index} has no users row after login`)
    return { index, discordId, cookie, userId }
  })
  return { members, seconds, failures }
}

interface RoundResult {
  requests: number
  statuses: Map<number, number>
  latencies: number[]
  totalMs: number
  serverErrors: number
  /** A few distinct 5xx / network error answers, to name the failure. */
  errorSamples: string[]
  winners: number
  /** Slots of the herd set with someone in them after the round. */
  filled: number
  herdHolders: number
  waitlistPlaced: number
  /** Slots two members got a 200 for (round 1: a double booking; round 2: legitimate when the first moved on). */
  slotsWithTwoWinners: number
  /** Members who got a 200 but hold no slot afterwards (nobody leaves during the burst: must be 0). */
  wonButEmptyHanded: number
  peopleWithTwoSlots: number
  cpu: CpuSplit
  /** What the app's database connections were doing during the burst. */
  waits: string
  machineUse: string
  /** Holders whose slot is not one they got a 200 for (or slots held by someone the herd/fill cannot explain). */
  unexplained: number
}

async function waitForOpen(appUrl: string, a: Arrangement) {
  const herd = new Set(a.herdSlotIds)
  for (let i = 0; i < 50; i++) {
    const orbat = (await (await fetch(`${appUrl}/api/orbat`)).json()) as {
      slots: Array<{ id: number; user_id: number | null }>
    }
    if (orbat.slots.filter((s) => herd.has(s.id)).every((s) => s.user_id === null)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the app never showed the herd slots open after the reset')
}

/** Every slot open, then every shot sent in one synchronous loop; the database read back. */
async function round(
  appUrl: string,
  owners: CpuOwners,
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  shots: Shot[],
): Promise<RoundResult> {
  await openAllSlots(sql, a)
  await waitForOpen(appUrl, a)
  // One open keep-alive connection per request, as every member's browser already has the page open.
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Infinity,
    maxFreeSockets: shots.length + 10,
    keepAliveMsecs: 30_000,
  })
  try {
    await openPages(agent, shots.map(pageOf))
    const sampler = sampleWaits(sql)
    const machine = machineMeter()
    const measured = await withCpuOf([...owners.servers, owners.database], () =>
      burst(agent, shots, REQUEST_TIMEOUT_MS),
    )
    const machineUse = machine()
    const waits = await sampler.stop()
    const answers: Answer[] = measured.result
    const statuses = new Map<number, number>()
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    const latencies = answers.map((x) => x.ms)

    const wonBy = new Map<number, number[]>()
    const wonSlots = new Map<number, Set<number>>()
    answers.forEach((answer, i) => {
      if (answer.status !== 200) return
      const { member, slotId } = shots[i]!
      wonBy.set(slotId, [...(wonBy.get(slotId) ?? []), member.userId])
      wonSlots.set(member.userId, (wonSlots.get(member.userId) ?? new Set()).add(slotId))
    })

    const herdUsers = new Set(members.map((m) => m.userId))
    const waitlisted = new Set(a.waitlist.map((w) => w.userId))
    const held = await sql<
      Array<{ id: number; user_id: number | null }>
    >`select id, user_id from slots where id = any(${a.herdSlotIds})`
    const [twice] = await sql<
      Array<{ n: number }>
    >`select count(*)::int as n from (select user_id from slots where user_id is not null group by user_id having count(*) > 1) t`
    let unexplained = 0
    let herdHolders = 0
    let waitlistPlaced = 0
    for (const slot of held) {
      if (slot.user_id === null) continue
      if (herdUsers.has(slot.user_id)) {
        herdHolders++
        if (!wonSlots.get(slot.user_id)?.has(slot.id)) unexplained++
      } else if (waitlisted.has(slot.user_id)) waitlistPlaced++
      else unexplained++
    }
    const failed = answers.filter((x) => x.status === 0 || x.status >= 500)
    return {
      requests: shots.length,
      statuses,
      latencies,
      totalMs: Math.max(...latencies),
      serverErrors: failed.length,
      errorSamples: [...new Set(failed.map((x) => `${x.status} ${x.error ?? x.body.toString().slice(0, 200)}`))].slice(
        0,
        3,
      ),
      winners: statuses.get(200) ?? 0,
      filled: held.filter((s) => s.user_id !== null).length,
      herdHolders,
      waitlistPlaced,
      slotsWithTwoWinners: [...wonBy.values()].filter((winners) => winners.length > 1).length,
      wonButEmptyHanded: [...wonSlots.keys()].filter((userId) => !held.some((s) => s.user_id === userId)).length,
      peopleWithTwoSlots: twice?.n ?? 0,
      unexplained,
      cpu: cpuPerRequest(measured.cpu, shots.length),
      waits,
      machineUse,
    }
  } finally {
    agent.destroy()
  }
}

export interface HerdServers {
  /** The app; PostgreSQL runs as its child. */
  app: Target
  /** A second app instance on the same database. */
  second: Target
  floor: Target
}

export async function herdScenario(
  servers: HerdServers,
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  loginSeconds: number,
  loginRetries: number,
): Promise<{ ok: boolean; figures: string }> {
  const { app, second, floor } = servers
  const slots = a.herdSlotIds
  const oneEach = (m: BenchMember) => slots[m.index % HERD_SLOTS]!
  const appOwners = { servers: [app.pid], database: app.pid }

  progress(`herd floor: ${members.length} requests -> ${slots.length} slots on the bare node:http + postgres.js server`)
  const f = await round(
    app.url,
    { servers: [floor.pid], database: app.pid },
    sql,
    a,
    members,
    members.map((m) => floorShot(floor, m, oneEach(m))),
  )
  progress(`herd round 1: ${members.length} members -> ${slots.length} slots, one request each`)
  const r1 = await round(
    app.url,
    appOwners,
    sql,
    a,
    members,
    members.map((m) => appShot(app, m, oneEach(m))),
  )
  const random = rng(42)
  const fiveEach = members.map((m) => {
    const picked = new Set<number>()
    while (picked.size < 5) picked.add(slots[Math.floor(random() * slots.length)]!)
    return { m, slotIds: [...picked] }
  })
  // Round 2's pattern on the floor too: 2,500 requests cost the load generator and the kernel what they cost, whoever answers.
  progress(`herd floor, round 2's pattern: ${members.length} members x 5 slots at once on the bare server`)
  const f2 = await round(
    app.url,
    { servers: [floor.pid], database: app.pid },
    sql,
    a,
    members,
    fiveEach.flatMap(({ m, slotIds }) => slotIds.map((slotId) => floorShot(floor, m, slotId))),
  )
  progress(`herd round 2: ${members.length} members x 5 slots at once`)
  const r2 = await round(
    app.url,
    appOwners,
    sql,
    a,
    members,
    fiveEach.flatMap(({ m, slotIds }) => slotIds.map((slotId) => appShot(app, m, slotId))),
  )
  progress(`herd unlock round: ${members.length} members firing while the time lock ends`)
  const u = await unlockRound(app, sql, a, members, oneEach)
  progress(`herd round 1 on two app instances: ${members.length} members, every other one on the second instance`)
  const two = await round(
    app.url,
    { servers: [app.pid, second.pid], database: app.pid },
    sql,
    a,
    members,
    members.map((m) => appShot(m.index % 2 ? second : app, m, oneEach(m))),
  )

  return report({ f, f2, r1, r2, u, two }, members.length, a, loginSeconds, loginRetries)
}

function report(
  {
    f,
    f2,
    r1,
    r2,
    u,
    two,
  }: { f: RoundResult; f2: RoundResult; r1: RoundResult; r2: RoundResult; u: UnlockResult; two: RoundResult },
  memberCount: number,
  a: Arrangement,
  loginSeconds: number,
  loginRetries: number,
): { ok: boolean; figures: string } {
  const statusText = (r: { statuses: Map<number, number> }) =>
    [...r.statuses.entries()]
      .sort(([x], [y]) => x - y)
      .map(([code, n]) => `${code === 0 ? 'net' : code}:${n}`)
      .join(' ')
  const p = (r: RoundResult, q: number) => percentile(r.latencies, q)
  const oneEachOk = (r: RoundResult) =>
    r.winners === HERD_SLOTS &&
    r.filled === HERD_SLOTS &&
    r.herdHolders === HERD_SLOTS &&
    r.peopleWithTwoSlots === 0 &&
    r.unexplained === 0 &&
    r.slotsWithTwoWinners === 0 &&
    r.wonButEmptyHanded === 0 &&
    r.serverErrors === 0
  const ratio = p(r1, 99) / p(f, 99)
  const ok = {
    floor: f.winners === HERD_SLOTS && f.serverErrors === 0,
    r1: oneEachOk(r1),
    r1p99: p(r1, 99) < TARGET_ROUND1_P99_MS,
    ratio: ratio <= TARGET_FLOOR_RATIO,
    r2: r2.peopleWithTwoSlots === 0 && r2.unexplained === 0 && r2.wonButEmptyHanded === 0 && r2.serverErrors === 0,
    r2p99: p(r2, 99) < TARGET_ROUND2_P99_MS,
    unlock: u.ok,
    two: oneEachOk(two),
  }
  const cpu = (r: { cpu: CpuSplit }) => `${r.cpu.server.toFixed(2)} / ${r.cpu.database.toFixed(2)}`
  const rows: string[][] = [
    ['requests', `${f.requests}`, `${f2.requests}`, `${r1.requests}`, `${r2.requests}`, `${two.requests}`, '', ''],
    [
      'answers by status',
      statusText(f),
      statusText(f2),
      statusText(r1),
      statusText(r2),
      statusText(two),
      '200 and 409 only',
      verdict(
        ok.floor && f.serverErrors + f2.serverErrors + r1.serverErrors + r2.serverErrors + two.serverErrors === 0,
      ),
    ],
    [
      'winners (200)',
      `${f.winners}`,
      '',
      `${r1.winners}`,
      `${r2.winners}`,
      `${two.winners}`,
      'one each: exactly 100',
      verdict(ok.floor && r1.winners === HERD_SLOTS && two.winners === HERD_SLOTS),
    ],
    [
      'herd slots filled after (DB)',
      `${f.filled} / ${HERD_SLOTS}`,
      '',
      `${r1.filled} / ${HERD_SLOTS}`,
      `${r2.filled} / ${HERD_SLOTS}`,
      `${two.filled} / ${HERD_SLOTS}`,
      'one each: 100',
      verdict(r1.filled === HERD_SLOTS && two.filled === HERD_SLOTS),
    ],
    [
      'members holding a slot (DB)',
      `${f.herdHolders}`,
      '',
      `${r1.herdHolders}`,
      `${r2.herdHolders}`,
      `${two.herdHolders}`,
      'one each: 100',
      verdict(ok.r1 && ok.two),
    ],
    [
      'placed from the waitlist (DB)',
      '',
      '',
      `${r1.waitlistPlaced}`,
      `${r2.waitlistPlaced}`,
      `${two.waitlistPlaced}`,
      'fill rule on moves',
      '',
    ],
    [
      'people with two slots (DB)',
      `${f.peopleWithTwoSlots}`,
      '',
      `${r1.peopleWithTwoSlots}`,
      `${r2.peopleWithTwoSlots}`,
      `${two.peopleWithTwoSlots}`,
      '0',
      verdict([r1, r2, two].every((r) => r.peopleWithTwoSlots === 0)),
    ],
    [
      'slots with two 200s',
      `${f.slotsWithTwoWinners}`,
      '',
      `${r1.slotsWithTwoWinners}`,
      `${r2.slotsWithTwoWinners} (moves)`,
      `${two.slotsWithTwoWinners}`,
      'one each: 0',
      verdict(r1.slotsWithTwoWinners === 0 && two.slotsWithTwoWinners === 0),
    ],
    [
      'members with a 200 but no slot (DB)',
      '',
      '',
      `${r1.wonButEmptyHanded}`,
      `${r2.wonButEmptyHanded}`,
      `${two.wonButEmptyHanded}`,
      '0',
      verdict([r1, r2, two].every((r) => r.wonButEmptyHanded === 0)),
    ],
    [
      'holders without a matching 200',
      '',
      '',
      `${r1.unexplained}`,
      `${r2.unexplained}`,
      `${two.unexplained}`,
      '0 (no slot with two people)',
      verdict([r1, r2, two].every((r) => r.unexplained === 0)),
    ],
    ['latency p50 ms', ms(p(f, 50)), ms(p(f2, 50)), ms(p(r1, 50)), ms(p(r2, 50)), ms(p(two, 50)), '', ''],
    [
      'latency p99 ms',
      ms(p(f, 99)),
      ms(p(f2, 99)),
      ms(p(r1, 99)),
      ms(p(r2, 99)),
      ms(p(two, 99)),
      `round 1 < ${TARGET_ROUND1_P99_MS}, round 2 < ${TARGET_ROUND2_P99_MS}`,
      verdict(ok.r1p99 && ok.r2p99),
    ],
    [
      'p99 / floor p99 (same pattern)',
      '1',
      '1',
      ratio.toFixed(2),
      (p(r2, 99) / p(f2, 99)).toFixed(2),
      (p(two, 99) / p(f, 99)).toFixed(2),
      `round 1 <= ${TARGET_FLOOR_RATIO}`,
      verdict(ok.ratio),
    ],
    [
      'total time ms (first send -> last answer)',
      ms(f.totalMs),
      ms(f2.totalMs),
      ms(r1.totalMs),
      ms(r2.totalMs),
      ms(two.totalMs),
      '',
      '',
    ],
    ['CPU ms per request: server / PostgreSQL', cpu(f), cpu(f2), cpu(r1), cpu(r2), cpu(two), '', ''],
  ]
  printTable(
    `herd: ${memberCount} logged-in members sign up at the same instant for ${HERD_SLOTS} open slots`,
    [
      'check',
      'floor (bare UPDATE)',
      'floor, round 2 pattern',
      'round 1 (1 slot each)',
      'round 2 (5 slots each)',
      'round 1, two instances',
      'target',
      'met',
    ],
    rows,
    [
      `Floor: bench/floor-server.ts, node:http + postgres.js (pool 10, as the app) doing only the conditional UPDATE, same database, same members and slots as round 1 (and, in its second column, as round 2).`,
      `Round 1: member i asks for slot i mod 100 (five members per slot). Round 2: each member fires at 5 random slots of the 100. Two instances: round 1 with every other member on a second app process.`,
      `All slots open and the ${a.waitlist.length} waitlist entries in place before each round; every request on a keep-alive connection that has already loaded the member's session (GET /auth/user, as the open page did); latency measured from the instant the burst is sent.`,
      `CPU ms per request: the server process(es) (the floor's, the app's, or both apps'), and PostgreSQL (all its processes).`,
      `Round 1 database connections: ${r1.waits}. ${r1.machineUse}.`,
      `Round 2 database connections: ${r2.waits}. ${r2.machineUse}.`,
      ...[f, f2, r1, r2, two].flatMap((r, i) =>
        r.errorSamples.map(
          (e) => `${['floor', 'floor round 2', 'round 1', 'round 2', 'two instances'][i]} error: ${e}`,
        ),
      ),
      `${memberCount} logins through the stand-in beforehand: ${loginSeconds.toFixed(1)} s (${loginRetries} retried).`,
    ],
  )
  printTable(
    `herd, unlock round: ${memberCount} members firing (and firing again) while the time lock ends`,
    ['check', 'figure', 'target', 'met'],
    u.rows,
    u.notes,
  )
  return {
    ok: Object.values(ok).every(Boolean),
    figures:
      `floor p99 ${ms(p(f, 99))} ms; round 1: ${r1.winners} winners, p99 ${ms(p(r1, 99))} ms (${ratio.toFixed(2)}x floor); round 2: p99 ${ms(p(r2, 99))} ms (floor, same pattern: ${ms(p(f2, 99))} ms); ` +
      `unlock round ${verdict(u.ok)} (fill first: ${u.fillFirst ? 'yes' : 'NO'}); two instances: ${two.winners} winners; ` +
      `CPU ms/sign-up round 1 app ${r1.cpu.server.toFixed(2)} PG ${r1.cpu.database.toFixed(2)}; ` +
      `invariants ${ok.r1 && ok.r2 && u.fillFirst && ok.two ? 'hold' : 'BROKEN'}`,
  }
}
