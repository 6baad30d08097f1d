// An operation's ORBAT is frozen exactly once at its start (docs/rules/orbat-history.md), with two app instances'
// job runners on one database and one of them killed with SIGKILL in the middle of its freeze: the freeze it began is
// rolled back with its connection, the other instance's runner takes it over within seconds, and one snapshot, one
// set of holders and one audit entry remain.
import type { ChildProcess } from 'node:child_process'
import { eq, sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '#db/schema/audit.ts'
import { eventOrbatHolders, eventOrbatSnapshots } from '#db/schema/orbat-history.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import { events, members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import { loadConfig } from '#server/config.ts'
import type { AppServices } from '#server/context.ts'
import { createDiscordClient } from '#server/discord/client.ts'
import { freezeDueOperations } from '#server/orbat/snapshots.ts'
import { setLogLevel } from '#server/logger.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { startJobs, type RunningJobs } from './index.ts'
import { killHard, startRunnerProcess } from '#tests/harness/runner-process.ts'

let database: TestDatabase
let env: Record<string, string>
let services: AppServices
const running: { child?: ChildProcess; survivor?: RunningJobs } = {}

beforeAll(async () => {
  setLogLevel('warn')
  database = await createTestDatabase()
  env = { DATABASE_URL: database.url, SESSION_SECRET: 'orbat-freeze-session-secret-0123456789' }
  const config = loadConfig(env)
  const discord = createDiscordClient({ apiUrl: 'http://127.0.0.1:9', botToken: '', guildId: '', timeoutMs: 1_000 })
  services = { config, db: database.db, discord }
})
afterAll(async () => {
  running.child?.kill('SIGKILL')
  await running.survivor?.stop()
  await database?.drop()
  setLogLevel('info')
})

/** The first instance: the real job runner in its own process, which the test kills with SIGKILL. */
async function startDoomedInstance(): Promise<ChildProcess> {
  running.child = await startRunnerProcess(env)
  return running.child
}

/** Statements of this database waiting on a lock while writing a snapshot. */
async function blockedFreezes(): Promise<number> {
  const rows = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "event_orbat_snapshots"%'`,
  )
  return rows[0]!.n
}

describe('the freeze at an operation start', () => {
  it('happens once with two instances and a kill -9 of one mid-freeze', { timeout: 90_000 }, async () => {
    const [user] = await database.db
      .insert(users)
      .values({ discord_id: '880000000000000001', username: 'reyes' })
      .returning()
    const [member] = await database.db
      .insert(members)
      .values({ ingame_name: 'Reyes', join_date: '2024-01-01', discord_id: '880000000000000001' })
      .returning()
    const [squad] = await database.db.insert(squads).values({ name: 'Alpha', pos_x: 0, pos_y: 0 }).returning()
    await database.db.insert(slots).values([
      { squad_id: squad!.id, team: 'Fireteam 1', role: 'Rifleman', user_id: user!.id },
      { squad_id: squad!.id, team: 'Fireteam 1', role: 'Medic' },
    ])
    const [event] = await database.db
      .insert(events)
      .values({ name: 'Operation Red Tide', date: new Date(Date.now() + 1_000), orbat_linked: true })
      .returning()

    // Writes of snapshots wait while this holds the table, so the first instance's freeze is caught inside its
    // transaction.
    const locker = postgres(database.url, { max: 1, onnotice: () => {} })
    const held = await locker.reserve()
    await held`begin`
    await held`lock table event_orbat_snapshots in share mode`
    try {
      const doomed = await startDoomedInstance()
      await expect.poll(blockedFreezes, { timeout: 30_000, interval: 100 }).toBe(1)
      running.survivor = await startJobs(services, database.url)
      await killHard(doomed)
    } finally {
      await held`rollback`
      held.release()
      await locker.end()
    }

    await expect
      .poll(async () => (await database.db.select().from(eventOrbatSnapshots)).length, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(1)
    const [snapshot] = await database.db.select().from(eventOrbatSnapshots)
    expect(snapshot).toMatchObject({ event_id: event!.id, taken_by_user_id: null })
    expect(await database.db.select().from(eventOrbatHolders)).toEqual([
      { event_id: event!.id, member_id: member!.id, squad: 'Alpha', team: 'Fireteam 1', slot: 'Rifleman' },
    ])
    // Once: later runs leave it as it is.
    await database.db.update(slots).set({ user_id: null })
    expect(await freezeDueOperations(services)).toEqual([])
    expect((await database.db.select().from(eventOrbatSnapshots))[0]!.taken_at).toEqual(snapshot!.taken_at)
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'Operation ORBAT frozen'))).toHaveLength(
      1,
    )
  })
})
