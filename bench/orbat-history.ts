// history: the ORBAT's memory (docs/rules/orbat-history.md) on a 300-slot ORBAT. The freeze of an operation's ORBAT
// (read the ORBAT, write the snapshot and its holders, in one transaction) timed in this process against the bench
// app's database, 30 times; then GET of a version (its whole layout and the diff against the one before) and of an
// operation's snapshot, side by side with a bare node:http server sending the same bytes: one request at a time (as
// an admin opens a version or a member an operation; median and p95, the target's figure) and under load from 10
// connections (p99, how the reads queue behind each other; shown beside, not the target). Targets: the freeze under
// 50 ms, the reads' p95 under 30 ms one at a time. Runs on the ORBAT bench app.
import http from 'node:http'
import type postgres from 'postgres'
import { createDb } from '#db/client.ts'
import { DEMO_USERS } from '#db/seed/demo-guild.ts'
import { SYSTEM_ACTOR } from '#server/audit/audit.ts'
import { recordVersion } from '#server/orbat/history.ts'
import { freeze } from '#server/orbat/snapshots.ts'
import { compare, comparisonCells, comparisonHeader, record, startBare, type LoadSpec } from './compare.ts'
import { login, request } from './http-client.ts'
import { cpuSeconds, machineMeter, ms, percentile, printTable, progress } from './lib.ts'

const SLOTS = 300
const FREEZE_TARGET_MS = 50
const READ_TARGET_MS = 30
const FREEZES = 30
/** One-at-a-time reads per read and side, after WARM_UP, in ROUNDS alternating rounds (app, bare, app...). */
const SAMPLES = 300
const ROUNDS = 3
const WARM_UP = 10

/**
 * Each read asked one request at a time on one kept-alive connection, the app and the bare server in alternating
 * rounds, so other work on the machine falls on both alike. Answers the latencies of each, the app's wrong answers and
 * the app process's own CPU time per answer in ms (NaN without its pid).
 */
async function oneAtATime(
  urls: { app: string; bare: string },
  spec: LoadSpec,
  appPid: number | undefined,
): Promise<{ app: number[]; bare: number[]; errors: number; appCpuMs: number }> {
  const sides = (['app', 'bare'] as const).map((side) => ({
    side,
    url: urls[side] + spec.path,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    latencies: [] as number[],
  }))
  let errors = 0
  let appCpu = 0
  try {
    for (const { url, agent } of sides)
      for (let i = 0; i < WARM_UP; i++) await request(agent, url, { headers: spec.headers })
    for (let round = 0; round < ROUNDS; round++)
      for (const { side, url, agent, latencies } of sides) {
        const before = side === 'app' && appPid ? cpuSeconds(appPid).self : 0
        for (let i = 0; i < SAMPLES / ROUNDS; i++) {
          const answer = await request(agent, url, { headers: spec.headers })
          latencies.push(answer.ms)
          if (side === 'app' && answer.status !== spec.status) errors++
        }
        if (side === 'app' && appPid) appCpu += cpuSeconds(appPid).self - before
      }
  } finally {
    for (const { agent } of sides) agent.destroy()
  }
  const appCpuMs = appPid ? (1000 * appCpu) / sides[0]!.latencies.length : Number.NaN
  return { app: sides[0]!.latencies, bare: sides[1]!.latencies, errors, appCpuMs }
}

/** Tops the bench ORBAT up to SLOTS slots (a squad of its own), and two versions of it. */
async function arrange(sql: postgres.Sql): Promise<{ eventId: number }> {
  const [count] = await sql<{ n: number }[]>`select count(*)::int as n from slots`
  const n = count?.n ?? 0
  if (n < SLOTS) {
    const [squad] = await sql<{ id: number }[]>`
      insert into squads (name, pos_x, pos_y) values ('History Bench', 9000, 0)
      on conflict (name) do update set name = excluded.name returning id`
    await sql`
      insert into slots (squad_id, team, team_order, slot_order, role)
      select ${squad!.id}, 'Team ' || (g / 8), g / 8, g % 8, 'Rifleman ' || g from generate_series(1, ${SLOTS - n}) g`
  }
  const [event] = await sql<{ id: number }[]>`
    insert into events (name, date, orbat_linked) values ('History bench operation', now(), true) returning id`
  return { eventId: event!.id }
}

export async function historyScenario(
  appPid: number | undefined,
  appUrl: string,
  sql: postgres.Sql,
  databaseUrl: string,
): Promise<{ ok: boolean; figures: string }> {
  progress(`history: a ${SLOTS}-slot ORBAT, its versions and an operation's snapshot`)
  const { eventId } = await arrange(sql)
  const handle = createDb(databaseUrl, { max: 2 })
  const freezes: number[] = []
  let versionId = 0
  try {
    for (let i = 0; i < 2; i++)
      versionId = (await handle.db.transaction((tx) => recordVersion(tx, SYSTEM_ACTOR, 'seed'))).id
    for (let i = 0; i < FREEZES; i++) {
      const started = performance.now()
      await handle.db.transaction((tx) => freeze(tx, eventId, null, true))
      freezes.push(performance.now() - started)
    }
  } finally {
    await handle.close()
  }
  const freezeP95 = percentile(freezes, 95)
  const admin = DEMO_USERS.find((u) => u.username === 'demo_admin')!
  const cookie = await login(appUrl, admin.id)
  const specs: LoadSpec[] = [
    {
      name: 'a version (layout + diff)',
      path: `/api/admin/orbat/versions/${versionId}`,
      headers: { cookie },
      connections: 10,
      seconds: 6,
      status: 200,
    },
    {
      name: "an operation's snapshot",
      path: `/api/roster/events/${eventId}/orbat-snapshot`,
      headers: { cookie },
      connections: 10,
      seconds: 6,
      status: 200,
    },
  ]
  const bare = await startBare(await record(appUrl, specs))
  try {
    const machine = machineMeter()
    const rows: string[][] = []
    let worst = 0
    let worstP95 = 0
    let errors = 0
    for (const spec of specs) {
      progress(`history: ${spec.name}, one request at a time`)
      const single = await oneAtATime({ app: appUrl, bare: bare.ready[0]! }, spec, appPid)
      const p95 = percentile(single.app, 95)
      worstP95 = Math.max(worstP95, p95)
      progress(`history: ${spec.name}, ${spec.connections} connections`)
      const { app, bare: b, ratio } = await compare(appUrl, bare.ready[0]!, spec, { app: appPid, bare: bare.child.pid })
      worst = Math.max(worst, app.p99)
      errors += app.errors + single.errors
      rows.push([
        ...comparisonCells(spec, app, b, ratio),
        `${ms(percentile(single.app, 50))} / ${ms(p95)}`,
        `${ms(percentile(single.bare, 50))} / ${ms(percentile(single.bare, 95))}`,
        ms(single.appCpuMs),
        `${app.errors + single.errors}`,
        p95 < READ_TARGET_MS ? 'yes' : 'NO',
        app.p99 < READ_TARGET_MS ? 'yes' : 'NO',
      ])
    }
    printTable(
      `history: reads of a ${SLOTS}-slot ORBAT's version and snapshot, app vs bare node:http (same bytes)`,
      [
        ...comparisonHeader('read'),
        '1 at a time: app p50/p95 ms',
        'bare p50/p95 ms',
        'app CPU ms/req',
        'app errors',
        `p95 < ${READ_TARGET_MS} ms (1 at a time)`,
        `p99 < ${READ_TARGET_MS} ms (${specs[0]!.connections} conns, not the target)`,
      ],
      rows,
      [
        `One at a time: ${SAMPLES} requests per side on one kept-alive connection after ${WARM_UP} warm-up, in ${ROUNDS} alternating rounds, timed in this process to the end of the body; app CPU ms/req: the app process's own CPU per answer (what other work on the machine changes least).`,
        `The freeze of the ${SLOTS}-slot ORBAT (read, snapshot, holders; one transaction), ${FREEZES} runs in this process: p50 ${ms(percentile(freezes, 50))}, p95 ${ms(freezeP95)}, max ${ms(Math.max(...freezes))} (target < ${FREEZE_TARGET_MS} ms).`,
        `Each side 6 s in 2 alternating rounds after 2 s warm-up; p99 = worst round. ${machine()}.`,
      ],
    )
    return {
      ok: freezeP95 < FREEZE_TARGET_MS && worstP95 < READ_TARGET_MS && errors === 0,
      figures: `freeze p95 ${ms(freezeP95)} (target < ${FREEZE_TARGET_MS} ms), reads worst p95 one at a time ${ms(worstP95)} ms (target < ${READ_TARGET_MS} ms; p99 at ${specs[0]!.connections} connections ${worst} ms), ${errors} errors`,
    }
  } finally {
    await bare.stop()
  }
}
