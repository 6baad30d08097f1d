// Scenario "herd": the moment sign-ups open. 500 distinct logged-in members press Sign up at the same instant for
// 100 open slots (round 1: one request each, every slot wanted by five people; round 2: every member fires at five
// slots at once, 2,500 requests). The database is read back afterwards to check the invariants.
import http from 'node:http'
import type postgres from 'postgres'
import { burst, login, warmConnections, type Answer } from './http-client.ts'
import { machineMeter, mapLimit, ms, percentile, printTable, progress, rng, verdict, withCpu } from './lib.ts'
import { sampleWaits } from './pg-waits.ts'
import { benchUser, HERD_SLOTS, openAllSlots, type Arrangement } from './orbat-fixture.ts'

export const HERD_USERS = 500
const LOGIN_CONCURRENCY = 20
const TARGET_P99_MS = 1000
const REQUEST_TIMEOUT_MS = 30_000

export interface BenchMember {
  index: number
  discordId: string
  cookie: string
  userId: number
}

/** Logs `count` stand-in users in through the real OAuth flow, LOGIN_CONCURRENCY at a time. */
export async function loginMembers(appUrl: string, sql: postgres.Sql, count: number): Promise<{ members: BenchMember[]; seconds: number; failures: number }> {
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
  const rows = await sql<Array<{ id: number; discord_id: string }>>`select id, discord_id from users where discord_id like '81%'`
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
  /** CPU milliseconds per request: the app process, and PostgreSQL (its child processes). */
  appCpuMs: number
  pgCpuMs: number
  /** What the app's database connections were doing during the burst. */
  waits: string
  machineUse: string
  /** Holders whose slot is not one they got a 200 for (or slots held by someone the herd/fill cannot explain). */
  unexplained: number
}

async function waitForOpen(appUrl: string, a: Arrangement) {
  const herd = new Set(a.herdSlotIds)
  for (let i = 0; i < 50; i++) {
    const orbat = (await (await fetch(`${appUrl}/api/orbat`)).json()) as { slots: Array<{ id: number; user_id: number | null }> }
    if (orbat.slots.filter((s) => herd.has(s.id)).every((s) => s.user_id === null)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the app never showed the herd slots open after the reset')
}

async function round(
  appPid: number | undefined,
  appUrl: string,
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  targets: (m: BenchMember) => number[],
): Promise<RoundResult> {
  await openAllSlots(sql, a)
  await waitForOpen(appUrl, a)
  const requests = members.flatMap((m) =>
    targets(m).map((slotId) => ({
      member: m,
      slotId,
      url: `${appUrl}/api/slot/${slotId}/signup`,
      method: 'POST',
      headers: { cookie: m.cookie, origin: appUrl, 'content-length': '0' },
    })),
  )
  // One open keep-alive connection per request, as every member's browser already has the page open.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: requests.length + 10, keepAliveMsecs: 30_000 })
  try {
    await warmConnections(agent, `${appUrl}/api/settings`, requests.length)
    const sampler = sampleWaits(sql)
    const machine = machineMeter()
    const measured = await withCpu(appPid, () => burst(agent, requests, REQUEST_TIMEOUT_MS))
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
      const { member, slotId } = requests[i]!
      wonBy.set(slotId, [...(wonBy.get(slotId) ?? []), member.userId])
      wonSlots.set(member.userId, (wonSlots.get(member.userId) ?? new Set()).add(slotId))
    })

    const herdUsers = new Set(members.map((m) => m.userId))
    const waitlisted = new Set(a.waitlist.map((w) => w.userId))
    const held = await sql<Array<{ id: number; user_id: number | null }>>`select id, user_id from slots where id = any(${a.herdSlotIds})`
    const [twice] = await sql<Array<{ n: number }>>`select count(*)::int as n from (select user_id from slots where user_id is not null group by user_id having count(*) > 1) t`
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
    return {
      requests: requests.length,
      statuses,
      latencies,
      totalMs: Math.max(...latencies),
      serverErrors: answers.filter((x) => x.status === 0 || x.status >= 500).length,
      errorSamples: [...new Set(answers.filter((x) => x.status === 0 || x.status >= 500).map((x) => `${x.status} ${x.error ?? x.body.toString().slice(0, 200)}`))].slice(0, 3),
      winners: statuses.get(200) ?? 0,
      filled: held.filter((s) => s.user_id !== null).length,
      herdHolders,
      waitlistPlaced,
      slotsWithTwoWinners: [...wonBy.values()].filter((winners) => winners.length > 1).length,
      wonButEmptyHanded: [...wonSlots.keys()].filter((userId) => !held.some((s) => s.user_id === userId)).length,
      peopleWithTwoSlots: twice?.n ?? 0,
      unexplained,
      appCpuMs: (1000 * measured.self) / requests.length,
      pgCpuMs: (1000 * measured.descendants) / requests.length,
      waits,
      machineUse,
    }
  } finally {
    agent.destroy()
  }
}

export async function herdScenario(appPid: number | undefined, appUrl: string, sql: postgres.Sql, a: Arrangement, members: BenchMember[], loginSeconds: number, loginRetries: number): Promise<{ ok: boolean; figures: string }> {
  const slots = a.herdSlotIds
  progress(`herd round 1: ${members.length} members -> ${slots.length} slots, one request each`)
  const r1 = await round(appPid, appUrl, sql, a, members, (m) => [slots[m.index % HERD_SLOTS]!])
  progress(`herd round 2: ${members.length} members x 5 slots at once`)
  const random = rng(42)
  const r2 = await round(appPid, appUrl, sql, a, members, () => {
    const picked = new Set<number>()
    while (picked.size < 5) picked.add(slots[Math.floor(random() * slots.length)]!)
    return [...picked]
  })

  const statusText = (r: RoundResult) =>
    [...r.statuses.entries()]
      .sort(([x], [y]) => x - y)
      .map(([code, n]) => `${code === 0 ? 'net' : code}:${n}`)
      .join(' ')
  const p = (r: RoundResult, q: number) => percentile(r.latencies, q)
  const r1ok = {
    winners: r1.winners === HERD_SLOTS && r1.filled === HERD_SLOTS && r1.herdHolders === HERD_SLOTS,
    invariants: r1.peopleWithTwoSlots === 0 && r1.unexplained === 0 && r1.slotsWithTwoWinners === 0 && r1.wonButEmptyHanded === 0,
    errors: r1.serverErrors === 0,
    p99: p(r1, 99) < TARGET_P99_MS,
  }
  const r2ok = {
    invariants: r2.peopleWithTwoSlots === 0 && r2.unexplained === 0 && r2.wonButEmptyHanded === 0,
    errors: r2.serverErrors === 0,
    p99: p(r2, 99) < TARGET_P99_MS,
  }
  const rows: string[][] = [
    ['requests', `${r1.requests}`, `${r2.requests}`, '', ''],
    ['answers by status', statusText(r1), statusText(r2), '200 and 409 only', verdict(r1ok.errors && r2ok.errors)],
    ['winners (200)', `${r1.winners}`, `${r2.winners}`, 'round 1: exactly 100', verdict(r1.winners === HERD_SLOTS)],
    ['herd slots filled after (DB)', `${r1.filled} / ${HERD_SLOTS}`, `${r2.filled} / ${HERD_SLOTS}`, 'round 1: 100', verdict(r1.filled === HERD_SLOTS)],
    ['members holding a slot (DB)', `${r1.herdHolders}`, `${r2.herdHolders}`, 'round 1: 100', verdict(r1ok.winners)],
    ['placed from the waitlist (DB)', `${r1.waitlistPlaced}`, `${r2.waitlistPlaced}`, 'fill rule on moves', ''],
    ['people with two slots (DB)', `${r1.peopleWithTwoSlots}`, `${r2.peopleWithTwoSlots}`, '0', verdict(r1.peopleWithTwoSlots === 0 && r2.peopleWithTwoSlots === 0)],
    ['slots with two 200s', `${r1.slotsWithTwoWinners}`, `${r2.slotsWithTwoWinners} (moves)`, 'round 1: 0', verdict(r1.slotsWithTwoWinners === 0)],
    ['members with a 200 but no slot (DB)', `${r1.wonButEmptyHanded}`, `${r2.wonButEmptyHanded}`, '0', verdict(r1.wonButEmptyHanded === 0 && r2.wonButEmptyHanded === 0)],
    ['holders without a matching 200', `${r1.unexplained}`, `${r2.unexplained}`, '0 (no slot with two people)', verdict(r1.unexplained === 0 && r2.unexplained === 0)],
    ['5xx + network errors', `${r1.serverErrors}`, `${r2.serverErrors}`, '0', verdict(r1ok.errors && r2ok.errors)],
    ['latency p50 ms', ms(p(r1, 50)), ms(p(r2, 50)), '', ''],
    ['latency p99 ms', ms(p(r1, 99)), ms(p(r2, 99)), `< ${TARGET_P99_MS}`, verdict(r1ok.p99 && r2ok.p99)],
    ['total time ms (first send -> last answer)', ms(r1.totalMs), ms(r2.totalMs), '', ''],
    ['CPU ms per request: app / PostgreSQL', `${r1.appCpuMs.toFixed(2)} / ${r1.pgCpuMs.toFixed(2)}`, `${r2.appCpuMs.toFixed(2)} / ${r2.pgCpuMs.toFixed(2)}`, '', ''],
  ]
  printTable(
    `herd: ${members.length} logged-in members sign up at the same instant for ${HERD_SLOTS} open slots`,
    ['check', 'round 1 (1 slot each)', 'round 2 (5 slots each)', 'target', 'met'],
    rows,
    [
      `Round 1: member i asks for slot i mod 100 (five members per slot). Round 2: each member fires at 5 random slots of the 100.`,
      `All slots open and the ${a.waitlist.length} waitlist entries in place before each round; every request on an already open keep-alive connection;`,
      `Round 1 database connections: ${r1.waits}. ${r1.machineUse}.`,
      `Round 2 database connections: ${r2.waits}. ${r2.machineUse}.`,
      ...[...r1.errorSamples.map((e) => `round 1 error: ${e}`), ...r2.errorSamples.map((e) => `round 2 error: ${e}`)],
      `latency measured from the instant the burst is sent. ${members.length} logins through the stand-in beforehand: ${loginSeconds.toFixed(1)} s (${loginRetries} retried).`,
    ],
  )
  return {
    ok: Object.values(r1ok).every(Boolean) && Object.values(r2ok).every(Boolean),
    figures:
      `round 1: ${r1.winners} winners, p99 ${ms(p(r1, 99))} ms; round 2: p99 ${ms(p(r2, 99))} ms; ` +
      `5xx ${r1.serverErrors + r2.serverErrors}; invariants ${r1ok.winners && r1ok.invariants && r2ok.invariants ? 'hold' : 'BROKEN'}`,
  }
}
