// Scenario "joint" (only when named): the herd's round 1 (bench/herd.ts: 500 logged-in members press Sign up at the
// same instant for 100 open slots) beside an allied unit's guests (docs/rules/joint-operations.md): a squad of 100
// slots reserved for the allied unit, 50 of its guests pressing for one each in the same burst. Against the same
// round with no guests and no reservation, alternated PAIRS times, in one run. Every sign-up of the joint round reads
// the slot's reservation and whether the presser is a guest in its one statement (db/functions/orbat.sql): the members'
// answers must stay within the herd's target, every guest must get their slot, nobody a slot they may not hold.
import http from 'node:http'
import postgres from 'postgres'
import { burst, openPages } from './http-client.ts'
import { loginMembers, type BenchMember } from './herd.ts'
import { appShot, pageOf, type Shot, type Target } from './herd-shots.ts'
import { cpuSeconds, ms, percentile, printTable, progress, verdict } from './lib.ts'
import { arrangeOrbat, HERD_SLOTS, openAllSlots, type Arrangement } from './orbat-fixture.ts'
import type { StartChild } from './push.ts'

const MEMBERS = 500
const GUESTS = 50
const RESERVED_SLOTS = 100
const PAIRS = 3
/** The herd's round-1 target for the members' p99, and the most the guests may add to it (median of the pairs). */
const TARGET_P99_MS = 300
const TARGET_RATIO = 1.5

interface RoundFigures {
  joint: boolean
  memberLatencies: number[]
  guestLatencies: number[]
  memberWins: number
  guestWins: number
  serverErrors: number
  /** Members in a reserved slot, guests outside one, people with two slots: all must be 0. */
  broken: number
  appCpuMs: number
}

async function reserveSquad(sql: postgres.Sql): Promise<{ allyId: number; slotIds: number[] }> {
  return sql.begin(async (tx) => {
    const [ally] = await tx<{ id: number }[]>`
      insert into allied_units (name, tag, invite_code) values ('Bench Allies', 'BA', 'bench-invite-code') returning id`
    const [squad] = await tx<{ id: number }[]>`
      insert into squads (name, pos_x, pos_y, reserved_for) values ('Allies', 4000, 600, ${ally!.id}) returning id`
    const rows = Array.from({ length: RESERVED_SLOTS }, (_, i) => ({
      squad_id: squad!.id,
      team: `Team ${Math.floor(i / 10) + 1}`,
      team_order: Math.floor(i / 10),
      slot_order: i % 10,
      role: 'Rifleman',
    }))
    const slots = await tx<{ id: number }[]>`insert into slots ${tx(rows)} returning id`
    await tx`select pg_notify('orbat_changed', '')`
    return { allyId: ally!.id, slotIds: slots.map((s) => s.id) }
  })
}

async function round(
  target: Target,
  sql: postgres.Sql,
  a: Arrangement,
  members: BenchMember[],
  guests: BenchMember[],
  reserved: number[],
  joint: boolean,
): Promise<RoundFigures> {
  await openAllSlots(sql, a)
  const memberShots = members.map((m) => appShot(target, m, a.herdSlotIds[m.index % HERD_SLOTS]!))
  const guestShots = joint ? guests.map((g, i) => appShot(target, g, reserved[i]!)) : []
  // Guests spread through the burst, as they would press among the members.
  const shots: Shot[] = []
  memberShots.forEach((shot, i) => {
    shots.push(shot)
    if (i % (MEMBERS / GUESTS) === 0 && guestShots.length) shots.push(guestShots.shift()!)
  })
  shots.push(...guestShots)
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: shots.length + 10 })
  try {
    await openPages(agent, shots.map(pageOf))
    const before = cpuSeconds(target.pid)
    const answers = await burst(agent, shots, 30_000)
    const after = cpuSeconds(target.pid)
    const guestIds = new Set(guests.map((g) => g.userId))
    const byGuest = shots.map((s) => guestIds.has(s.member.userId))
    const [broken] =
      process.env.SOLO_ONLY === '1'
        ? await sql<
            { n: number }[]
          >`select count(*)::int as n from (select user_id from slots where user_id is not null group by user_id having count(*) > 1) t`
        : await sql<{ n: number }[]>`
      select (select count(*)::int from slots s join squads q on q.id = s.squad_id
               where s.user_id is not null
                 and (coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) is not null)
                     <> exists (select 1 from allied_guests g where g.user_id = s.user_id))
           + (select count(*)::int from (select user_id from slots where user_id is not null group by user_id having count(*) > 1) t) as n`
    return {
      joint,
      memberLatencies: answers.filter((_, i) => !byGuest[i]).map((a) => a.ms),
      guestLatencies: answers.filter((_, i) => byGuest[i]).map((a) => a.ms),
      memberWins: answers.filter((a, i) => !byGuest[i] && a.status === 200).length,
      guestWins: answers.filter((a, i) => byGuest[i] && a.status === 200).length,
      serverErrors: answers.filter((a) => a.status === 0 || a.status >= 500).length,
      broken: broken!.n,
      appCpuMs: 1000 * (after.self + after.descendants - before.self - before.descendants),
    }
  } finally {
    agent.destroy()
  }
}

const median = (values: number[]) => percentile(values, 50)

export async function jointScenario(start: StartChild): Promise<{ ok: boolean; figures: string }> {
  progress(`joint: starting the app (no demo data, Discord stand-in with ${MEMBERS + GUESTS} bench users)`)
  const app = await start('bench/orbat-server.ts', [String(MEMBERS + GUESTS)])
  const [appUrl, databaseUrl] = app.ready as [string, string]
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} })
  try {
    const arrangement = await arrangeOrbat(sql)
    // SOLO_ONLY=1: the members' rounds alone, without touching the allied tables (a code base from before them).
    const soloOnly = process.env.SOLO_ONLY === '1'
    const { allyId, slotIds } = soloOnly ? { allyId: 0, slotIds: [] as number[] } : await reserveSquad(sql)
    progress(`joint: logging in ${MEMBERS} members and ${GUESTS} guests through the Discord stand-in`)
    const { members: everyone } = await loginMembers(appUrl, sql, MEMBERS + GUESTS)
    const members = everyone.slice(0, MEMBERS)
    const guests = everyone.slice(MEMBERS)
    if (!soloOnly)
      await sql`insert into allied_guests ${sql(guests.map((g) => ({ user_id: g.userId, allied_unit_id: allyId })))}`
    const target = { url: appUrl, pid: app.child.pid! }
    const rounds: RoundFigures[] = []
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const joint of soloOnly ? [false] : pair % 2 ? [true, false] : [false, true]) {
        progress(
          `joint: pair ${pair + 1}/${PAIRS}, ${joint ? `${MEMBERS} members and ${GUESTS} guests` : `${MEMBERS} members alone`}`,
        )
        rounds.push(await round(target, sql, arrangement, members, guests, slotIds, joint))
      }
    }
    const solo = rounds.filter((r) => !r.joint)
    const joint = rounds.filter((r) => r.joint)
    const p99 = (r: RoundFigures) => percentile(r.memberLatencies, 99)
    const soloP99 = median(solo.map(p99))
    const jointP99 = median(joint.map(p99))
    const guestP99 = median(joint.map((r) => percentile(r.guestLatencies, 99)))
    const ratio = jointP99 / soloP99
    const allRight = rounds.every(
      (r) =>
        r.serverErrors === 0 && r.broken === 0 && r.memberWins === HERD_SLOTS && r.guestWins === (r.joint ? GUESTS : 0),
    )
    const ok = { p99: jointP99 < TARGET_P99_MS, ratio: ratio <= TARGET_RATIO, allRight }
    printTable(
      `joint: ${MEMBERS} members for ${HERD_SLOTS} open slots, with and without ${GUESTS} guests for ${RESERVED_SLOTS} reserved ones (medians of ${PAIRS} rounds each, alternated)`,
      ['figure', 'members alone', 'with guests', 'target'],
      [
        [
          'members p50',
          ms(median(solo.map((r) => percentile(r.memberLatencies, 50)))),
          ms(median(joint.map((r) => percentile(r.memberLatencies, 50)))),
          '',
        ],
        ['members p99', ms(soloP99), ms(jointP99), `< ${TARGET_P99_MS} ms ${verdict(ok.p99)}`],
        ['members p99, with guests / alone', '', ratio.toFixed(2), `<= ${TARGET_RATIO} ${verdict(ok.ratio)}`],
        ['guests p99', '', ms(guestP99), ''],
        [
          'app CPU per request (ms, app + PostgreSQL)',
          (median(solo.map((r) => r.appCpuMs)) / MEMBERS).toFixed(2),
          (median(joint.map((r) => r.appCpuMs)) / (MEMBERS + GUESTS)).toFixed(2),
          '',
        ],
        [
          'every round: members won 100, guests won theirs, no 5xx, nobody in a slot they may not hold or in two',
          solo.map((r) => `${r.memberWins}/${r.serverErrors}/${r.broken}`).join(' '),
          joint.map((r) => `${r.memberWins}+${r.guestWins}/${r.serverErrors}/${r.broken}`).join(' '),
          verdict(ok.allRight),
        ],
      ],
      [
        'Won / 5xx / broken per round. Broken: a member holding a reserved slot, a guest holding an unreserved one, or anyone holding two (the database read back after each round).',
      ],
    )
    return {
      ok: ok.p99 && ok.ratio && ok.allRight,
      figures: `members p99 ${ms(jointP99)} with guests vs ${ms(soloP99)} alone (x${ratio.toFixed(2)}), guests p99 ${ms(guestP99)}`,
    }
  } finally {
    await sql.end({ timeout: 5 })
    await app.stop()
  }
}
