// Scenario "push" (only when named): "sign-ups open" for 2,000 members who each have a push subscription, sent by the
// app's job runner to a push service of our own (bench/push-service-server.ts, a child process that decrypts every
// message and counts it per device), while the herd's unlock round (bench/herd-unlock.ts: 500 logged-in members
// firing while the time lock ends) hits the same app. The sign-ups-open message is due at the very moment the lock
// ends, so the sends and the rush meet exactly as they will on a real night.
// Rounds alternate: the unlock round alone (the 2,000 have sign-ups-open push turned off, nothing is queued), then with
// the 2,000 sends, PAIRS times each; the table shows the medians side by side and their ratio. Each round sets
// signup_time LEAD_MS ahead and wakes the sender at once, so the "in 10 minutes" message goes out to all 2,000 first
// (its time is shown too, on a quiet app) and is done before the members start firing.
import fs from 'node:fs'
import postgres from 'postgres'
import { loginMembers, HERD_USERS, type BenchMember } from './herd.ts'
import type { Target } from './herd-shots.ts'
import { unlockRound, type UnlockResult } from './herd-unlock.ts'
import { cpuSeconds, machineMeter, ms, percentile, printTable, progress, sleep, verdict, type Child } from './lib.ts'
import { arrangeOrbat, HERD_SLOTS, type Arrangement } from './orbat-fixture.ts'
import type { PushServiceStats } from './push-service-server.ts'
import { MAX_PUSH_DEVICES } from '#contracts/notifications.ts'

export const PUSH_MEMBERS = 2000
/**
 * Beside them, people whose devices are all dead and slow to say so (every push answered 500 after 3 s), as many as a
 * person may register (MAX_PUSH_DEVICES): they must not hold up anyone else's message.
 */
const DEAD_OWNERS = 4
const DEAD_DEVICES = DEAD_OWNERS * MAX_PUSH_DEVICES
/** The Discord id of the first dead devices' owner (the live members' come before it). */
const DEAD_OWNERS_FROM = `82${String(PUSH_MEMBERS).padStart(16, '0')}`
/** Every member's "sign-ups are open" at the push service within this long after it was due. */
const TARGET_SEND_S = 10
/** The herd's deciding answers with the sends beside them: p50 and p99 at most this many times those without. */
const TARGET_HERD_RATIO = 1.25
/** The lock ends this long after each round is arranged: the "in 10 minutes" wave goes out and is done before. */
const LEAD_MS = 25_000
const PAIRS = 5
/** Gives up waiting for the "sign-ups are open" wave this long after it was due. */
const WAVE_LIMIT_MS = 60_000
const SOON_TITLE = 'Sign-ups open in 10 minutes'
const OPEN_TITLE = 'Sign-ups are open'

/** Starts a bench child process (a tsx script printing READY) with extra environment. */
export type StartChild = (script: string, args: string[], env?: NodeJS.ProcessEnv) => Promise<Child>

interface Device {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}

interface RoundFigures {
  withSends: boolean
  unlock: UnlockResult
  /** "In 10 minutes" wave, on the quiet app: from the sender's wake-up to the last delivered. */
  soonMs: number | null
  soonDone: boolean
  /** "Sign-ups are open" wave: from due (the unlock) to the first and the last delivered. */
  firstMs: number | null
  lastMs: number | null
  open: PushServiceStats['titles'][string] | undefined
  /** Outbox rows of this round's "sign-ups are open" event, and those whose push is recorded as sent. */
  outboxRows: number
  outboxSent: number
  wellFormed: boolean
  /** CPU seconds over the round: the app process (requests and its job runner), PostgreSQL, and the push service's
   *  process (not part of a real deployment). */
  appCpu: number
  databaseCpu: number
  standInCpu: number
}

export async function pushScenario(start: StartChild): Promise<{ ok: boolean; figures: string }> {
  progress(`push: starting the push service stand-in with ${PUSH_MEMBERS} devices`)
  const standIn = await start('bench/push-service-server.ts', [String(PUSH_MEMBERS), String(DEAD_DEVICES)])
  const [pushOrigin, caFile, devicesFile, controlUrl] = standIn.ready as [string, string, string, string]
  let app: Child | null = null
  let sql: postgres.Sql | null = null
  try {
    progress('push: starting the app (no demo data, Discord stand-in with 500 bench users), trusting the stand-in')
    app = await start('bench/orbat-server.ts', [String(HERD_USERS)], {
      NODE_EXTRA_CA_CERTS: caFile,
      PUSH_ENDPOINT_ALLOW: pushOrigin,
    })
    const [appUrl, databaseUrl] = app.ready as [string, string]
    sql = postgres(databaseUrl, { max: 4, onnotice: () => {} })
    const arrangement = await arrangeOrbat(sql)
    await waitForSnapshot(appUrl, arrangement)
    progress(`push: logging in ${HERD_USERS} members through the Discord stand-in`)
    const { members } = await loginMembers(appUrl, sql, HERD_USERS)
    const devices = JSON.parse(fs.readFileSync(devicesFile, 'utf8')) as Device[]
    await subscribe(sql, devices)

    const target = { url: appUrl, pid: app.child.pid! }
    const rounds: RoundFigures[] = []
    const machine = machineMeter()
    for (let i = 0; i < PAIRS * 2; i++) {
      const withSends = i % 2 === 1
      progress(
        `push round ${i + 1}/${PAIRS * 2}: the unlock round ${withSends ? `with ${PUSH_MEMBERS} sends` : 'alone'}`,
      )
      rounds.push(await pushRound(sql, target, arrangement, members, withSends, controlUrl, standIn.child.pid!))
    }
    return report(rounds, machine())
  } finally {
    await sql?.end({ timeout: 5 })
    await app?.stop()
    await standIn.stop()
  }
}

async function waitForSnapshot(appUrl: string, a: Arrangement) {
  // The app hears the NOTIFY and rebuilds its snapshot.
  for (let i = 0; i < 50; i++) {
    const orbat = (await (await fetch(`${appUrl}/api/orbat`)).json()) as { slots: unknown[] }
    if (orbat.slots.length === a.rows) return
    await sleep(100)
  }
}

/**
 * 2,000 people (users only: the sender asks for nothing more) with one device each at the stand-in, then DEAD_OWNERS
 * people with MAX_PUSH_DEVICES dead devices each (the devices file lists the dead after the live).
 */
async function subscribe(sql: postgres.Sql, devices: Device[]) {
  const ids = devices.map((_, i) =>
    i < PUSH_MEMBERS
      ? `82${String(i).padStart(16, '0')}`
      : `82${String(PUSH_MEMBERS + Math.floor((i - PUSH_MEMBERS) / MAX_PUSH_DEVICES)).padStart(16, '0')}`,
  )
  const rows = await sql<Array<{ id: number; discord_id: string }>>`
    insert into users (discord_id, username)
    select d, 'push_' || right(d, 4) from unnest(${[...new Set(ids)]}::text[]) d
    returning id, discord_id`
  const idOf = new Map(rows.map((r) => [r.discord_id, r.id]))
  await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, device)
    select * from unnest(
      ${ids.map((d) => idOf.get(d)!)}::int[], ${devices.map((d) => d.endpoint)}::text[],
      ${devices.map((d) => d.keys.p256dh)}::text[], ${devices.map((d) => d.keys.auth)}::text[],
      ${devices.map(() => 'push bench')}::text[])`
}

async function standInStats(controlUrl: string): Promise<PushServiceStats> {
  return (await (await fetch(`${controlUrl}/stats`)).json()) as PushServiceStats
}

/** Polls the stand-in until `title` reached every device or `deadline` passed. */
async function waitForWave(controlUrl: string, title: string, deadline: number): Promise<PushServiceStats> {
  for (;;) {
    const stats = await standInStats(controlUrl)
    if ((stats.titles[title]?.devices ?? 0) >= PUSH_MEMBERS || Date.now() > deadline) return stats
    await sleep(100)
  }
}

async function pushRound(
  sql: postgres.Sql,
  app: Target,
  a: Arrangement,
  members: BenchMember[],
  withSends: boolean,
  controlUrl: string,
  standInPid: number,
): Promise<RoundFigures> {
  await sql`
    insert into notification_preferences (user_id, kind, push, discord)
    select id, 'signups_open', ${withSends}, false from users where discord_id like '82%'
    on conflict (user_id, kind) do update set push = excluded.push, discord = excluded.discord`
  await fetch(`${controlUrl}/reset`, { method: 'POST' })
  const cpuBefore = { app: cpuSeconds(app.pid), standIn: cpuSeconds(standInPid).self }
  let soonMs: number | null = null
  let soonDone = !withSends
  let unlockAt = Number.NaN
  const oneEach = (m: BenchMember) => a.herdSlotIds[m.index % HERD_SLOTS]!
  const unlock = await unlockRound(app, sql, a, members, oneEach, {
    leadMs: LEAD_MS,
    // The sender queues "sign-ups open" when it next wakes (the job runner's tick): woken now, as a commit would.
    beforeFire: async (at) => {
      unlockAt = at
      const woke = Date.now()
      await sql`select pg_notify('notifications_due', '')`
      if (!withSends) return
      const stats = await waitForWave(controlUrl, SOON_TITLE, unlockAt - 2000)
      const soon = stats.titles[SOON_TITLE]
      soonMs = soon ? soon.last - woke : null
      // ... and recorded, so the sender is idle until "sign-ups are open" is due.
      const soonKey = `signups-soon:${new Date(unlockAt).toISOString()}`
      for (;;) {
        const [left] = await sql<Array<{ n: number }>>`
          select count(*)::int as n from notification_outbox o join users u on u.id = o.user_id
           where o.event_key = ${soonKey} and o.done_at is null and u.discord_id < ${DEAD_OWNERS_FROM}`
        soonDone = (soon?.devices ?? 0) >= PUSH_MEMBERS && left!.n === 0
        if (soonDone || Date.now() > unlockAt - 2000) break
        await sleep(100)
      }
    },
  })
  const stats = withSends
    ? await waitForWave(controlUrl, OPEN_TITLE, unlockAt + WAVE_LIMIT_MS)
    : await settle(controlUrl)
  const open = stats.titles[OPEN_TITLE]
  // Delivered is not yet recorded: the outbox rows are read once the sender has finished them.
  const eventKey = `signups-open:${new Date(unlockAt).toISOString()}`
  let outbox: { rows: number; sent: number; done: number } | undefined
  for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
    ;[outbox] = await sql<Array<{ rows: number; sent: number; done: number }>>`
      select count(*)::int as rows, count(*) filter (where push_state = 'sent')::int as sent,
             count(*) filter (where done_at is not null)::int as done
        from notification_outbox o join users u on u.id = o.user_id
       where o.event_key = ${eventKey} and u.discord_id < ${DEAD_OWNERS_FROM}`
    if (outbox!.done === outbox!.rows || Date.now() > deadline) break
  }
  const cpuAfter = cpuSeconds(app.pid)
  return {
    withSends,
    unlock,
    soonMs,
    soonDone,
    firstMs: open ? open.first - unlockAt : null,
    lastMs: open ? open.last - unlockAt : null,
    open,
    outboxRows: outbox!.rows,
    outboxSent: outbox!.sent,
    wellFormed: stats.wellFormed,
    appCpu: cpuAfter.self - cpuBefore.app.self,
    databaseCpu: cpuAfter.descendants - cpuBefore.app.descendants,
    standInCpu: cpuSeconds(standInPid).self - cpuBefore.standIn,
  }
}

/** A round alone sends nothing: checked after a short wait, in case something went out anyway. */
async function settle(controlUrl: string): Promise<PushServiceStats> {
  await sleep(1000)
  return standInStats(controlUrl)
}

const median = (values: number[]) => percentile(values, 50)

function report(rounds: RoundFigures[], machineUse: string): { ok: boolean; figures: string } {
  const alone = rounds.filter((r) => !r.withSends)
  const sends = rounds.filter((r) => r.withSends)
  const p = (r: RoundFigures, q: number) => percentile(r.unlock.latencies, q)
  const fig = (rs: RoundFigures[], f: (r: RoundFigures) => number) => median(rs.map(f))
  const p50 = [fig(alone, (r) => p(r, 50)), fig(sends, (r) => p(r, 50))] as const
  const p99 = [fig(alone, (r) => p(r, 99)), fig(sends, (r) => p(r, 99))] as const
  const last = [fig(alone, (r) => r.unlock.lastAnswerMs), fig(sends, (r) => r.unlock.lastAnswerMs)] as const
  const ratio = (pair: readonly [number, number]) => pair[1] / pair[0]
  const slowestWave = Math.max(...sends.map((r) => r.lastMs ?? Number.POSITIVE_INFINITY))
  const everyOnce = sends.every(
    (r) =>
      r.open?.messages === PUSH_MEMBERS &&
      r.open.devices === PUSH_MEMBERS &&
      r.open.mostToOneDevice === 1 &&
      r.outboxRows === PUSH_MEMBERS &&
      r.outboxSent === PUSH_MEMBERS &&
      r.wellFormed,
  )
  const nothingAlone = alone.every((r) => !r.open && r.outboxRows === 0)
  const herdOk = rounds.every((r) => r.unlock.ok)
  const ok = {
    sent: slowestWave <= TARGET_SEND_S * 1000,
    once: everyOnce && nothingAlone,
    herd: herdOk,
    p50: ratio(p50) <= TARGET_HERD_RATIO,
    p99: ratio(p99) <= TARGET_HERD_RATIO,
    soonBefore: sends.every((r) => r.soonDone),
  }
  const each = (rs: RoundFigures[], f: (r: RoundFigures) => string) => rs.map(f).join(', ')
  const cpuOf = (r: RoundFigures) => `${r.appCpu.toFixed(1)} / ${r.databaseCpu.toFixed(1)} / ${r.standInCpu.toFixed(1)}`
  const secs = (v: number | null) => (v === null ? '-' : (v / 1000).toFixed(2))
  printTable(
    `push: "sign-ups open" to ${PUSH_MEMBERS} subscribed members, due the instant the herd's lock ends`,
    ['check', 'herd alone', `herd + ${PUSH_MEMBERS} sends`, 'with / alone', 'target', 'met'],
    [
      [
        'deciding answers p50 ms (median of rounds)',
        ms(p50[0]),
        ms(p50[1]),
        ratio(p50).toFixed(2),
        `<= ${TARGET_HERD_RATIO}`,
        verdict(ok.p50),
      ],
      [
        'deciding answers p99 ms (median of rounds)',
        ms(p99[0]),
        ms(p99[1]),
        ratio(p99).toFixed(2),
        `<= ${TARGET_HERD_RATIO}`,
        verdict(ok.p99),
      ],
      ['unlock -> last member decided ms', ms(last[0]), ms(last[1]), ratio(last).toFixed(2), '', ''],
      [
        'herd invariants (fill first, one slot each, no 5xx)',
        each(alone, (r) => verdict(r.unlock.ok)),
        each(sends, (r) => verdict(r.unlock.ok)),
        '',
        'all met',
        verdict(herdOk),
      ],
      [
        'due -> first / last "sign-ups are open" delivered s',
        '',
        each(sends, (r) => `${secs(r.firstMs)} / ${secs(r.lastMs)}`),
        '',
        `last <= ${TARGET_SEND_S}`,
        verdict(ok.sent),
      ],
      [
        'delivered: messages / devices / most to one device',
        alone.map((r) => r.open?.messages ?? 0).join(', '),
        each(sends, (r) => `${r.open?.messages ?? 0} / ${r.open?.devices ?? 0} / ${r.open?.mostToOneDevice ?? 0}`),
        '',
        `${PUSH_MEMBERS} / ${PUSH_MEMBERS} / 1 (alone: 0)`,
        verdict(ok.once),
      ],
      [
        'outbox rows of the event / push recorded sent',
        each(alone, (r) => `${r.outboxRows}`),
        each(sends, (r) => `${r.outboxRows} / ${r.outboxSent}`),
        '',
        `${PUSH_MEMBERS} / ${PUSH_MEMBERS}`,
        verdict(ok.once),
      ],
      [
        '"in 10 minutes" wave, quiet app: wake -> last delivered s',
        '',
        each(sends, (r) => secs(r.soonMs)),
        '',
        'done before the herd fires',
        verdict(ok.soonBefore),
      ],
      ['CPU s per round: app process / PostgreSQL / push stand-in', each(alone, cpuOf), each(sends, cpuOf), '', '', ''],
    ],
    [
      `${PAIRS} rounds of each, alternating (alone first). Each round: the unlock round of the herd (bench/herd-unlock.ts), signup_time ${LEAD_MS / 1000} s ahead; with sends, the ${PUSH_MEMBERS} members' "sign-ups are open" is due at that instant.`,
      `Per round, p50 / p99 ms alone: ${each(alone, (r) => `${ms(p(r, 50))} / ${ms(p(r, 99))}`)}; with sends: ${each(sends, (r) => `${ms(p(r, 50))} / ${ms(p(r, 99))}`)}.`,
      `Beside the ${PUSH_MEMBERS}, ${DEAD_OWNERS} people with ${MAX_PUSH_DEVICES} dead devices each (the most a person may register): every push to them is answered 500 after 3 s. The figures above are the ${PUSH_MEMBERS} live members'.`,
      `The push service is a child process of the bench decrypting every message (aes128gcm, RFC 8291) over https on loopback, at nice 10: its CPU is on the same 2 cores, which a real push service's is not.`,
      `CPU per round: from arranging the round to the last "sign-ups are open" recorded in the outbox; the app process's includes the 500 members' requests and its job runner (the sender).`,
      ...rounds.flatMap((r, i) =>
        r.unlock.rows
          .filter((row) => row[3] === verdict(false))
          .map((row) => `Round ${i + 1} (${r.withSends ? 'with sends' : 'alone'}) NOT MET: ${row[0]}: ${row[1]}.`),
      ),
      `Over all rounds: ${machineUse}.`,
    ],
  )
  return {
    ok: Object.values(ok).every(Boolean),
    figures:
      `${PUSH_MEMBERS} "sign-ups are open" delivered due -> last in ${sends.map((r) => secs(r.lastMs)).join(', ')} s, each device once: ${everyOnce ? 'yes' : 'NO'}; ` +
      `herd deciding p50 ${ms(p50[0])} -> ${ms(p50[1])} ms (${ratio(p50).toFixed(2)}x), p99 ${ms(p99[0])} -> ${ms(p99[1])} ms (${ratio(p99).toFixed(2)}x) with the sends`,
  }
}
