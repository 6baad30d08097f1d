// The weekly activity digest against the Discord stand-in (docs/rules/activity.md, The weekly digest): two instances
// writing the week's digest at once write it once; one instance's job runner, in its own process, is killed with
// SIGKILL while its message is in flight (Discord posted it, the answer never came); the other instance finishes the
// digest: every message in the channel exactly once, and the week is never sent again.
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#contracts/leave.ts'
import { createDb } from '#db/client.ts'
import { activityDigests } from '#db/schema/activity.ts'
import { leaves } from '#db/schema/personnel.ts'
import { eventAttendance, events, members } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { DEMO_CHANNELS, DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'
import { createWeeklyDigest, DIGEST_LEASE_S, lastWeekStart, sendDueDigests } from '#server/activity/digest.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '#server/discord-stand-in/index.ts'
import { loadConfig } from '#server/config.ts'
import type { AppServices } from '#server/context.ts'
import { createDiscordClient } from '#server/discord/client.ts'
import { setLogLevel } from '#server/logger.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { startJobs, type RunningJobs } from './index.ts'
import { killHard, startRunnerProcess } from '#tests/harness/runner-process.ts'

const BOT_TOKEN = 'digest-crash-bot'
const CHANNEL = DEMO_CHANNELS.announcements.id
const MESSAGES_PATH = `/channels/${CHANNEL}/messages`
const ZONE = 'Europe/Berlin'

let database: TestDatabase
let discord: RunningDiscordStandIn
let env: Record<string, string>
let services: AppServices
let other: { services: AppServices; close: () => Promise<void> }
let week: string
const running: { child?: ChildProcess; survivor?: RunningJobs } = {}

beforeAll(async () => {
  setLogLevel('warn')
  database = await createTestDatabase()
  discord = await startDiscordStandIn({ botToken: BOT_TOKEN })
  env = {
    DATABASE_URL: database.url,
    DISCORD_CLIENT_ID: 'digest-crash-app',
    DISCORD_CLIENT_SECRET: 'digest-crash-secret',
    DISCORD_BOT_TOKEN: BOT_TOKEN,
    DISCORD_GUILD_ID: DEMO_GUILD_ID,
    DISCORD_API_URL: discord.apiUrl,
    SESSION_SECRET: 'digest-crash-session-secret-0123456789',
  }
  const config = loadConfig(env)
  const client = () =>
    createDiscordClient({
      apiUrl: discord.apiUrl,
      botToken: BOT_TOKEN,
      guildId: DEMO_GUILD_ID,
      timeoutMs: 5_000,
      retryDelayMs: 50,
    })
  services = { config, db: database.db, discord: client() }
  const second = createDb(database.url, { max: 3 })
  other = { services: { config, db: second.db, discord: client() }, close: second.close }

  const db = database.db
  await db.insert(settings).values([
    { key: 'unit_time_zone', value: ZONE },
    { key: 'activity_digest_channel_id', value: CHANNEL },
  ])
  week = lastWeekStart(new Date(), ZONE)
  // Sixty members with long names: who became inactive and whose leave starts fill more than one message.
  const long = (i: number) => `Rifleman ${String(i).padStart(2, '0')} of the Second Platoon, Third Section`
  const roster = await db
    .insert(members)
    .values(Array.from({ length: 60 }, (_, i) => ({ ingame_name: long(i), join_date: '2020-01-01' })))
    .returning({ id: members.id })
  const at = (day: string) => DateTime.fromISO(`${day}T20:00`, { zone: ZONE }).toJSDate()
  const [op, old] = await db
    .insert(events)
    .values([
      { name: 'Last week', date: at(addDays(week, 2)) },
      // Half the unit last came three weeks before the end of last week: they became inactive during it.
      { name: 'Three weeks before', date: at(addDays(week, -15)) },
    ])
    .returning({ id: events.id })
  await db
    .insert(eventAttendance)
    .values([
      ...roster.slice(0, 30).map((m) => ({ event_id: op!.id, member_id: m.id })),
      ...roster.slice(30).map((m) => ({ event_id: old!.id, member_id: m.id })),
    ])
  await db.insert(leaves).values(
    roster.slice(0, 30).map((m) => ({
      member_id: m.id,
      start_date: addDays(week, 4),
      end_date: addDays(week, 40),
      reason: 'Exams',
      status: 'approved' as const,
    })),
  )
})
afterEach(async () => {
  running.child?.kill('SIGKILL')
  await running.survivor?.stop()
  running.child = running.survivor = undefined
})
afterAll(async () => {
  await other?.close()
  await discord?.close()
  await database?.drop()
  setLogLevel('info')
})

const digestRow = async () => (await database.db.select().from(activityDigests))[0]!
const sendRequests = () => discord.state.requests.filter((r) => r.method === 'POST' && r.path === MESSAGES_PATH)

/** The first instance: the real job runner in its own process, which the test kills with SIGKILL. */
async function startDoomedInstance(): Promise<ChildProcess> {
  running.child = await startRunnerProcess(env)
  return running.child
}

describe('the weekly activity digest', () => {
  it('two instances writing last week at once write it once, in more than one message', async () => {
    const written = await Promise.all([createWeeklyDigest(services), createWeeklyDigest(other.services)])
    expect(written.filter(Boolean)).toHaveLength(1)
    expect(await database.db.select().from(activityDigests)).toHaveLength(1)
    const row = await digestRow()
    expect(row).toMatchObject({ week_start: week, channel_id: CHANNEL, status: 'pending', parts_sent: 0 })
    expect(row.messages.length).toBeGreaterThan(1)
    const text = row.messages.join('\n')
    expect(text).toContain('📊 **Weekly activity: ')
    expect(text).toMatch(/Turnout: \*\*50%\*\* \(30 of 60 possible at 1 operation\)/)
    expect(text).toContain('**Became inactive** (no attendance in 3 weeks): ')
    expect(text).toContain('and 5 more')
    expect(text).toContain('**Leave starting**: ')
    // Written again later (the next tick, another instance): still the one digest.
    expect(await createWeeklyDigest(other.services)).toBe(false)
  })

  it(
    'the sender died after Discord posted its message: the other instance finishes it, each message once',
    { timeout: 90_000 },
    async () => {
      const messages = (await digestRow()).messages
      discord.state.failNext({ status: 'no answer', takeEffect: true, path: MESSAGES_PATH, count: 1 })
      const doomed = await startDoomedInstance()
      await expect.poll(() => discord.state.messagesIn(CHANNEL).length, { timeout: 30_000, interval: 100 }).toBe(1)

      // The second instance runs alongside: while the first sender is alive and renewing its claim, it waits.
      running.survivor = await startJobs(services, database.url)
      await sleep(DIGEST_LEASE_S * 1000 + 2_000)
      await sendDueDigests(other.services)
      expect(sendRequests()).toHaveLength(1)
      expect(await digestRow()).toMatchObject({ status: 'pending', parts_sent: 0 })

      const crashedAt = await killHard(doomed)
      await expect.poll(async () => (await digestRow()).status, { timeout: 25_000, interval: 100 }).toBe('sent')
      expect(Date.now() - crashedAt).toBeLessThan(20_000)
      // The first message resent with its nonce: Discord answered with the one it had.
      expect(discord.state.messagesIn(CHANNEL).map((m) => m.content)).toEqual(messages)
      expect(await digestRow()).toMatchObject({ parts_sent: messages.length, error: null })

      // Nothing sends it again.
      await sendDueDigests(services)
      expect(await createWeeklyDigest(services)).toBe(false)
      expect(discord.state.messagesIn(CHANNEL)).toHaveLength(messages.length)
    },
  )

  it('no channel set: no digest', async () => {
    await database.db.execute(sql`delete from activity_digests`)
    await database.db.delete(settings).where(sql`${settings.key} = 'activity_digest_channel_id'`)
    expect(await createWeeklyDigest(services)).toBe(false)
    expect(await database.db.select().from(activityDigests)).toHaveLength(0)
  })
})
