// The herd's unlock round: the time lock ends while 500 members are already firing, and each presses again while the
// answer is "locked". The rule under test (docs/rules/orbat.md, the waitlist): when the lock ends, the waitlist fill
// runs before any direct sign-up is accepted. Checked in the database: a trigger the bench adds for this round logs
// every slot taken with the clock of the moment; every waitlist placement must come before the first direct sign-up.
import http from 'node:http'
import type postgres from 'postgres'
import { openPages, request, type Answer } from './http-client.ts'
import type { BenchMember } from './herd.ts'
import { appShot, cpuPerRequest, pageOf, type CpuSplit, type Shot, type Target } from './herd-shots.ts'
import { machineMeter, ms, percentile, sleep, verdict, withCpuOf } from './lib.ts'
import { HERD_SLOTS, openAllSlots, type Arrangement } from './orbat-fixture.ts'

/** The lock ends this long after the round is arranged (slack for a busy machine); members start FIRE_BEFORE_MS before. */
const LOCK_AHEAD_MS = 3000
const FIRE_BEFORE_MS = 600
/** A member told "locked" presses again after this. */
const PRESS_AGAIN_MS = 200
const ROUND_LIMIT_MS = 20_000

export interface UnlockResult {
  ok: boolean
  fillFirst: boolean
  rows: string[][]
  notes: string[]
  /** The deciding answers' latencies (ms), and from the unlock to the last member decided. */
  latencies: number[]
  lastAnswerMs: number
}

export interface UnlockOptions {
  /** How long before the unlock the round is arranged (default LOCK_AHEAD_MS). */
  leadMs?: number
  /** Runs once signup_time is set, before the members start firing (must end before then). */
  beforeFire?: (unlockAt: number) => Promise<void>
}

interface Press extends Answer {
  /** When it was sent, in ms after the unlock (negative: before). */
  sentAfterUnlock: number
}

export async function unlockRound(
  app: Target,
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  slotOf: (m: BenchMember) => number,
  options: UnlockOptions = {},
): Promise<UnlockResult> {
  await openAllSlots(sql, a)
  await sql.begin(async (tx) => {
    await tx`create table bench_slot_takes (slot_id integer, user_id integer, at timestamptz not null default clock_timestamp())`
    await tx`create function bench_record_take() returns trigger language plpgsql as $$
      begin insert into bench_slot_takes (slot_id, user_id) values (new.id, new.user_id); return null; end $$`
    await tx`create trigger bench_record_take after update of user_id on slots for each row when (new.user_id is not null)
      execute function bench_record_take()`
  })
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Infinity,
    maxFreeSockets: members.length + 10,
    keepAliveMsecs: 30_000,
  })
  try {
    const shots = members.map((m) => appShot(app, m, slotOf(m)))
    await openPages(agent, shots.map(pageOf))
    const unlockAt = Date.now() + (options.leadMs ?? LOCK_AHEAD_MS)
    await sql.begin(async (tx) => {
      await tx`insert into settings (key, value) values ('signup_time', ${new Date(unlockAt).toISOString()}) on conflict (key) do update set value = excluded.value`
      await tx`delete from settings where key = 'signup_unlock_fill_done'`
      await tx`select pg_notify('orbat_changed', '')`
    })
    await options.beforeFire?.(unlockAt)
    const machine = machineMeter()
    const measured = await withCpuOf([app.pid, app.pid], () =>
      Promise.all(shots.map((shot) => pressUntilDecided(agent, shot, unlockAt))),
    )
    const presses = measured.result.flat()
    return await verdictOf(sql, a, members, presses, unlockAt, {
      cpu: cpuPerRequest(measured.cpu, presses.length),
      machine: machine(),
      leadMs: options.leadMs ?? LOCK_AHEAD_MS,
    })
  } finally {
    agent.destroy()
    await sql.begin(async (tx) => {
      await tx`drop trigger bench_record_take on slots`
      await tx`drop function bench_record_take()`
      await tx`drop table bench_slot_takes`
      await tx`update settings set value = '' where key = 'signup_time'`
      await tx`select pg_notify('orbat_changed', '')`
    })
  }
}

/** One member: from just before the unlock, presses Sign up for their slot until the answer is not "locked". */
async function pressUntilDecided(agent: http.Agent, shot: Shot, unlockAt: number): Promise<Press[]> {
  await sleep(Math.max(0, unlockAt - FIRE_BEFORE_MS - Date.now()))
  const presses: Press[] = []
  while (Date.now() < unlockAt + ROUND_LIMIT_MS) {
    const sentAfterUnlock = Date.now() - unlockAt
    const answer = await request(agent, shot.url, { method: shot.method, headers: shot.headers })
    presses.push({ ...answer, sentAfterUnlock })
    if (!(answer.status === 403 && /locked/i.test(answer.body.toString()))) break
    await sleep(PRESS_AGAIN_MS)
  }
  return presses
}

async function verdictOf(
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  presses: Press[],
  unlockAt: number,
  measured: { cpu: CpuSplit; machine: string; leadMs: number },
): Promise<UnlockResult> {
  const waitlisted = a.waitlist.map((w) => w.userId)
  const herd = members.map((m) => m.userId)
  const [takes] = await sql<
    Array<{ placed: number; direct: number; last_placement: Date | null; first_direct: Date | null }>
  >`
    select count(*) filter (where user_id = any(${waitlisted}))::int as placed,
           count(*) filter (where user_id = any(${herd}))::int as direct,
           max(at) filter (where user_id = any(${waitlisted})) as last_placement,
           min(at) filter (where user_id = any(${herd})) as first_direct
      from bench_slot_takes`
  const [held] = await sql<Array<{ filled: number; twice: number }>>`
    select (select count(*)::int from slots where id = any(${a.herdSlotIds}) and user_id is not null) as filled,
           (select count(*)::int from (select user_id from slots where user_id is not null group by user_id having count(*) > 1) t) as twice`
  const winners = presses.filter((p) => p.status === 200).length
  const serverErrors = presses.filter((p) => p.status === 0 || p.status >= 500).length
  const lockedAnswers = presses.filter((p) => p.status === 403).length
  const decided = presses.filter((p) => p.status !== 403)
  const afterUnlock = decided.map((p) => p.ms)
  const lastAnswer = Math.max(...decided.map((p) => p.sentAfterUnlock + p.ms))
  const at = (d: Date | null) => (d ? `+${(d.getTime() - unlockAt).toFixed(0)} ms` : '-')
  const fillFirst =
    takes!.placed > 0 &&
    (takes!.first_direct === null || takes!.last_placement!.getTime() < takes!.first_direct.getTime())
  const notLockedEarly = takes!.first_direct === null || takes!.first_direct.getTime() >= unlockAt
  const invariants = held!.twice === 0 && held!.filled === HERD_SLOTS && winners === takes!.direct && serverErrors === 0
  return {
    ok: lockedAnswers > 0 && fillFirst && notLockedEarly && invariants && decided.length === members.length,
    fillFirst,
    latencies: afterUnlock,
    lastAnswerMs: lastAnswer,
    rows: [
      [
        'presses (requests)',
        `${presses.length}, of which ${lockedAnswers} answered "locked"`,
        'some "locked": firing before the end',
        verdict(lockedAnswers > 0),
      ],
      [
        'waitlist placements (DB)',
        `${takes!.placed}, the last at ${at(takes!.last_placement)}`,
        '> 0',
        verdict(takes!.placed > 0),
      ],
      [
        'direct sign-ups (DB)',
        `${takes!.direct}, the first at ${at(takes!.first_direct)}`,
        'none before the unlock',
        verdict(notLockedEarly),
      ],
      ['every placement before the first direct sign-up (DB)', fillFirst ? 'yes' : 'NO', 'yes', verdict(fillFirst)],
      [
        'members decided (200 or 409)',
        `${decided.length} / ${members.length} (${winners} won)`,
        'all',
        verdict(decided.length === members.length),
      ],
      [
        'herd slots filled, people with two slots (DB)',
        `${held!.filled} / ${HERD_SLOTS}, ${held!.twice}`,
        `${HERD_SLOTS}, 0`,
        verdict(held!.filled === HERD_SLOTS && held!.twice === 0),
      ],
      ['5xx + network errors', `${serverErrors}`, '0', verdict(serverErrors === 0)],
      [
        'deciding answers p50 / p99 ms',
        `${ms(percentile(afterUnlock, 50))} / ${ms(percentile(afterUnlock, 99))}`,
        '',
        '',
      ],
      ['unlock -> last member decided, ms', ms(lastAnswer), '', ''],
      [
        'CPU ms per request: app / PostgreSQL',
        `${measured.cpu.server.toFixed(2)} / ${measured.cpu.database.toFixed(2)}`,
        '',
        '',
      ],
    ],
    notes: [
      `The lock ends ${measured.leadMs} ms after the round is arranged; each member starts ${FIRE_BEFORE_MS} ms before and presses again ${PRESS_AGAIN_MS} ms after every "locked".`,
      `The ${a.waitlist.length} waiting members are placed by the unlock fill (into any open slot of the ORBAT that fits them); times are the database's clock at each slot taken, relative to the unlock.`,
      `${measured.machine}.`,
    ],
  }
}
