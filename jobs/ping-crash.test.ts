// A crash around a ping send. One app instance's job runner runs in a child process and is killed with SIGKILL while
// its Discord call is in flight (the stand-in holds the connection open without answering): once after Discord
// posted the message, once before. Another instance's job runner on the same database must finish the ping: marked
// sent, exactly one message in the channel, within seconds of the crash; and while the first sender is alive, the
// other instance must leave its ping alone.
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '#db/schema/audit.ts'
import { scheduledPings } from '#db/schema/discord.ts'
import { trainings } from '#db/schema/roster.ts'
import { DEMO_CHANNELS, DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '#server/discord-stand-in/index.ts'
import { loadConfig } from '#server/config.ts'
import type { AppServices } from '#server/context.ts'
import { createDiscordClient } from '#server/discord/client.ts'
import { dispatchDuePings, PING_LEASE_MS } from '#server/discord/pings.ts'
import { setLogLevel } from '#server/logger.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { startJobs, type RunningJobs } from './index.ts'
import { killHard, startRunnerProcess } from '#tests/harness/runner-process.ts'

const BOT_TOKEN = 'ping-crash-bot'
const CHANNEL = DEMO_CHANNELS.announcements.id
const MESSAGES_PATH = `/channels/${CHANNEL}/messages`

let database: TestDatabase
let discord: RunningDiscordStandIn
let env: Record<string, string>
let services: AppServices
let trainingId: number
const running: { child?: ChildProcess; survivor?: RunningJobs } = {}

beforeAll(async () => {
  setLogLevel('warn')
  database = await createTestDatabase()
  discord = await startDiscordStandIn({ botToken: BOT_TOKEN })
  env = {
    DATABASE_URL: database.url,
    DISCORD_CLIENT_ID: 'ping-crash-app',
    DISCORD_CLIENT_SECRET: 'ping-crash-secret',
    DISCORD_BOT_TOKEN: BOT_TOKEN,
    DISCORD_GUILD_ID: DEMO_GUILD_ID,
    DISCORD_API_URL: discord.apiUrl,
    SESSION_SECRET: 'ping-crash-session-secret-0123456789',
  }
  const config = loadConfig(env)
  const client = createDiscordClient({
    apiUrl: discord.apiUrl,
    botToken: BOT_TOKEN,
    guildId: DEMO_GUILD_ID,
    timeoutMs: 5_000,
    retryDelayMs: 50,
  })
  services = { config, db: database.db, discord: client }
  trainingId = (
    await database.db
      .insert(trainings)
      .values({ name: 'Night drills', date: new Date(Date.now() + 86_400_000) })
      .returning()
  )[0]!.id
})
afterEach(async () => {
  running.child?.kill('SIGKILL')
  await running.survivor?.stop()
  running.child = running.survivor = undefined
  discord.state.reset()
})
afterAll(async () => {
  await discord?.close()
  await database?.drop()
  setLogLevel('info')
})

async function duePing(message: string): Promise<number> {
  const [row] = await database.db
    .insert(scheduledPings)
    .values({
      type: 'training',
      training_id: trainingId,
      channel_id: CHANNEL,
      message_content: message,
      ping_time: new Date(Date.now() - 1000),
    })
    .returning()
  return row!.id
}

const pingRow = async (id: number) =>
  (await database.db.select().from(scheduledPings).where(eq(scheduledPings.id, id)))[0]!
const sendRequests = () => discord.state.requests.filter((r) => r.method === 'POST' && r.path === MESSAGES_PATH)

/** The first instance: the real job runner in its own process, which the test kills with SIGKILL. */
async function startDoomedInstance(): Promise<ChildProcess> {
  running.child = await startRunnerProcess(env)
  return running.child
}

/** Milliseconds from `since` until the ping is marked sent (the poll fails the test past 20 s). */
async function sentAfter(id: number, since: number): Promise<number> {
  await expect.poll(async () => (await pingRow(id)).status, { timeout: 20_000, interval: 100 }).toBe('sent')
  return Date.now() - since
}

async function pingSentAudits(id: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'Ping sent'), eq(auditLog.details, `Ping ${id} to channel ${CHANNEL}.`)))
}

describe('a crash around a ping send', () => {
  it(
    'Discord got the message, the sender died before recording it: another instance marks it sent, no second message',
    { timeout: 90_000 },
    async () => {
      const id = await duePing('Night drills start in one hour')
      discord.state.failNext({ status: 'no answer', takeEffect: true, path: MESSAGES_PATH, count: 1 })
      const doomed = await startDoomedInstance()
      await expect.poll(() => discord.state.messagesIn(CHANNEL).length, { timeout: 30_000, interval: 100 }).toBe(1)

      // The second instance runs alongside; past the ping's lease, its sender is alive and renewing it, so a dispatch
      // run here leaves the ping alone rather than send it a second time.
      running.survivor = await startJobs(services, database.url)
      await sleep(PING_LEASE_MS + 2_000)
      expect(await dispatchDuePings(services)).toEqual({ sent: 0, failed: 0 })
      expect(sendRequests()).toHaveLength(1)
      expect(await pingRow(id)).toMatchObject({ status: 'pending', sent_at: null })

      const crashedAt = await killHard(doomed)
      const recovery = await sentAfter(id, crashedAt)
      expect(recovery).toBeLessThan(15_000)
      const messages = discord.state.messagesIn(CHANNEL)
      expect(messages).toHaveLength(1)
      // The resend carried the same nonce, so Discord answered with the message it already had.
      expect(sendRequests()).toHaveLength(2)
      expect(await pingRow(id)).toMatchObject({ status: 'sent', error: null, discord_message_id: messages[0]!.id })
      // The audit entry follows the status change by a moment (two writes).
      await expect.poll(async () => (await pingSentAudits(id)).length).toBe(1)
    },
  )

  it(
    'the sender died before Discord got the message: the restarted runner sends it once and marks it sent',
    { timeout: 90_000 },
    async () => {
      const id = await duePing('Range day tomorrow')
      discord.state.failNext({ status: 'no answer', path: MESSAGES_PATH, count: 1 })
      const doomed = await startDoomedInstance()
      await expect.poll(() => sendRequests().length, { timeout: 30_000, interval: 100 }).toBe(1)
      const crashedAt = await killHard(doomed)
      expect(discord.state.messagesIn(CHANNEL)).toEqual([])

      running.survivor = await startJobs(services, database.url)
      const recovery = await sentAfter(id, crashedAt)
      expect(recovery).toBeLessThan(15_000)
      const messages = discord.state.messagesIn(CHANNEL)
      expect(messages.map((m) => m.content)).toEqual(['Range day tomorrow'])
      expect(await pingRow(id)).toMatchObject({ status: 'sent', discord_message_id: messages[0]!.id })
      // The audit entry follows the status change by a moment (two writes).
      await expect.poll(async () => (await pingSentAudits(id)).length).toBe(1)
    },
  )

  it('a ping interrupted longer ago than Discord remembers its nonce is marked failed, not resent', async () => {
    const id = await duePing('Stale briefing')
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)
    await database.db
      .update(scheduledPings)
      .set({ attempted_at: minutesAgo(3), claimed_by: 'gone:1', claim_expires_at: minutesAgo(2.9) })
      .where(eq(scheduledPings.id, id))
    expect(await dispatchDuePings(services)).toEqual({ sent: 0, failed: 0 })
    expect(await pingRow(id)).toMatchObject({
      status: 'failed',
      error: 'Interrupted while sending more than 2 minutes ago and not re-sent: it may already be in the channel.',
    })
    expect(sendRequests()).toEqual([])
  })
})
