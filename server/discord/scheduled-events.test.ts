import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GuildScheduledEventEntityType, type APIGuildScheduledEvent } from 'discord-api-types/v10'
import { eventItemSchema, eventSchema } from '#contracts/events.ts'
import { settingInputSchema } from '#contracts/settings.ts'
import { trainingItemSchema, trainingSchema } from '#contracts/trainings.ts'
import { auditLog } from '#db/schema/audit.ts'
import { pendingDiscordEvents } from '#db/schema/discord-events.ts'
import { events, trainings } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '../discord-stand-in/index.ts'
import { setLogLevel } from '../logger.ts'
import { openApiDocument } from '../openapi/document.ts'
import { createEvent, deleteEvent, updateEvent } from '../roster/events.ts'
import { createTraining, deleteTraining, updateTraining } from '../roster/trainings.ts'
import { saveDiscordEventSettings } from '../settings/admin-settings.ts'
import { createDiscordClient } from './client.ts'
import {
  discordEventsSettled,
  discordEventStatuses,
  drainDiscordEvents,
  reconcileDiscordEvents,
} from './scheduled-events.ts'

// Discord scheduled events (docs/rules/discord.md, Scheduled events) against the standalone stand-in on real
// PostgreSQL: an event or training published, edited, unpublished, hidden and deleted; a failure retried from the
// durable queue and shown on the row; the nightly reconcile of an event deleted by hand (recreated, or unlinked); the
// default from the settings; the /api fields in the contracts and the OpenAPI document.

const BOT_TOKEN = 'scheduled-events-bot'
const APP_URL = 'https://hq.example.test'
let database: TestDatabase
let discord: RunningDiscordStandIn
let services: AppServices
let admin: User

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const onDiscord = (id: string | null): APIGuildScheduledEvent | undefined =>
  id ? discord.state.scheduledEvents.get(id) : undefined
const eventRow = async (id: number) => (await database.db.select().from(events).where(eq(events.id, id)))[0]!
const trainingRow = async (id: number) => (await database.db.select().from(trainings).where(eq(trainings.id, id)))[0]!
const queued = () => database.db.select().from(pendingDiscordEvents)

/** The use cases wake the drain after their commit; this waits for it (no fixed sleep). */
async function synced() {
  await discordEventsSettled()
}

beforeAll(async () => {
  setLogLevel('silent')
  discord = await startDiscordStandIn({ botToken: BOT_TOKEN })
  database = await createTestDatabase()
  const client = createDiscordClient({
    apiUrl: discord.apiUrl,
    botToken: BOT_TOKEN,
    guildId: DEMO_GUILD_ID,
    retryDelayMs: 10,
    maxAttempts: 2,
    timeoutMs: 2000,
    onFailure: ({ action, error }) =>
      recordAudit(database.db, SYSTEM_ACTOR, 'Discord call failed', `${action}: ${error}`),
  })
  services = { db: database.db, discord: client, config: { appUrl: APP_URL } } as AppServices
  admin = (await database.db.insert(users).values({ discord_id: '779', username: 'planner' }).returning())[0]!
})
afterAll(async () => {
  await discord?.close()
  await database?.drop()
})
beforeEach(async () => {
  discord.state.reset()
  await database.db.execute(sql`truncate ${events}, ${trainings}, ${pendingDiscordEvents}, ${settings} cascade`)
})

describe('publishing events and trainings as Discord scheduled events', () => {
  it('creates, updates and cancels an event on Discord', async () => {
    const start = inDays(3)
    const made = await createEvent(
      services,
      admin,
      eventSchema.parse({ name: 'Op Anvil', date: start, discord_event: true }),
    )
    // The answer does not wait on Discord: the id comes after the commit.
    expect(made).toMatchObject({ discord_event: true, discord_event_id: null })
    await synced()
    const { discord_event_id: id } = await eventRow(made.id)
    const published = onDiscord(id)
    expect(published).toMatchObject({
      name: 'Op Anvil',
      scheduled_start_time: new Date(start).toISOString(),
      scheduled_end_time: new Date(Date.parse(start) + 2 * 3600_000).toISOString(),
      entity_type: GuildScheduledEventEntityType.External,
      entity_metadata: { location: 'Task Force HQ' },
      description: `${APP_URL}/orbat`,
    })
    expect(await discordEventStatuses(database.db, 'event', [await eventRow(made.id)])).toEqual({
      [made.id]: { state: 'published', error: null },
    })
    expect(await queued()).toEqual([])

    // An edit (without the flag: it stays published) moves the Discord event.
    const later = inDays(4)
    await updateEvent(services, admin, made.id, eventSchema.parse({ name: 'Op Hammer', date: later }))
    await synced()
    expect(onDiscord(id)).toMatchObject({ name: 'Op Hammer', scheduled_start_time: new Date(later).toISOString() })
    expect((await eventRow(made.id)).discord_event_id).toBe(id)

    // Unticked: the Discord event goes, and so does the link.
    await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Hammer', date: later, discord_event: false }),
    )
    await synced()
    expect(onDiscord(id)).toBeUndefined()
    expect(discord.state.deletedScheduledEvents.map((d) => d.event.id)).toEqual([id])
    expect(await eventRow(made.id)).toMatchObject({ discord_event: false, discord_event_id: null })

    // Published again, then deleted in the app: deleted on Discord too.
    await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Hammer', date: later, discord_event: true }),
    )
    await synced()
    const again = (await eventRow(made.id)).discord_event_id
    expect(onDiscord(again)).toBeDefined()
    await deleteEvent(services, admin, made.id)
    await synced()
    expect(discord.state.scheduledEvents.size).toBe(0)
    expect(await queued()).toEqual([])
  })

  it('an edit or delete of an item never published queues nothing and wakes no drain', async () => {
    // A sync left queued for a published event: a drain woken by the edits below would make its Discord event.
    const waiting = await createEvent(
      services,
      admin,
      eventSchema.parse({ name: 'Op Waiting', date: inDays(4), discord_event: false }),
    )
    await database.db.update(events).set({ discord_event: true }).where(eq(events.id, waiting.id))
    await database.db.insert(pendingDiscordEvents).values({ kind: 'event', item_id: waiting.id })
    const event = await createEvent(
      services,
      admin,
      eventSchema.parse({ name: 'Op Quiet', date: inDays(3), discord_event: false }),
    )
    const training = await createTraining(
      services,
      admin,
      trainingSchema.parse({ name: 'Drill', date: inDays(2), discord_event: false }),
    )
    await updateEvent(services, admin, event.id, eventSchema.parse({ name: 'Op Still', date: inDays(3) }))
    await updateTraining(services, admin, training.id, trainingSchema.parse({ name: 'Drill 2', date: inDays(2) }))
    await deleteEvent(services, admin, event.id)
    await deleteTraining(services, admin, training.id)
    await synced()
    expect((await queued()).map((r) => r.item_id)).toEqual([waiting.id])
    expect(discord.state.scheduledEvents.size).toBe(0)
    // The job runner's tick drains it.
    await drainDiscordEvents(services)
    expect(await queued()).toEqual([])
    expect(onDiscord((await eventRow(waiting.id)).discord_event_id)).toMatchObject({ name: 'Op Waiting' })
  })

  it('a training carries its description and the trainings link; hiding it cancels its Discord event', async () => {
    const made = await createTraining(
      services,
      admin,
      trainingSchema.parse({ name: 'CQB', description: 'Bring a rifle.', date: inDays(2), discord_event: true }),
    )
    await synced()
    const id = (await trainingRow(made.id)).discord_event_id
    expect(onDiscord(id)).toMatchObject({ name: 'CQB', description: `Bring a rifle.\n\n${APP_URL}/trainings` })
    await updateTraining(
      services,
      admin,
      made.id,
      trainingSchema.parse({ name: 'CQB', description: 'Bring a rifle.', date: inDays(2), is_hidden: true }),
    )
    await synced()
    expect(onDiscord(id)).toBeUndefined()
    // Still wanted: shown again, it is published again.
    expect(await trainingRow(made.id)).toMatchObject({ discord_event: true, discord_event_id: null })
    await updateTraining(services, admin, made.id, trainingSchema.parse({ name: 'CQB', date: inDays(2) }))
    await synced()
    expect(onDiscord((await trainingRow(made.id)).discord_event_id)).toMatchObject({ name: 'CQB' })
  })

  it('a new item without the flag follows the setting; the location comes from the settings', async () => {
    const plain = await createEvent(services, admin, eventSchema.parse({ name: 'Op Quiet', date: inDays(2) }))
    expect(plain.discord_event).toBe(false)
    await saveDiscordEventSettings(services, admin, {
      discord_events_default: true,
      discord_events_location: 'Altis, server 2',
      discord_events_drift: 'recreate',
      discord_events_channel_id: '',
    })
    const loud = await createTraining(services, admin, trainingSchema.parse({ name: 'Drills', date: inDays(2) }))
    expect(loud.discord_event).toBe(true)
    await synced()
    expect(onDiscord((await trainingRow(loud.id)).discord_event_id)).toMatchObject({
      entity_metadata: { location: 'Altis, server 2' },
    })
    expect(discord.state.scheduledEvents.size).toBe(1)
    // Only what changed is saved (recreate is the default already), each with its audit entry.
    const entries = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'Setting updated'), eq(auditLog.actor_user_id, admin.id)))
    expect(entries.map((e) => e.details)).toEqual([
      'discord_events_default set to true.',
      'discord_events_location set to Altis, server 2.',
    ])
  })

  it('takes place in the voice channel the settings name, then at the location: published events move without an edit', async () => {
    const voice = discord.state.createChannel({
      name: 'ops-voice',
      type: 2,
      parent_id: null,
      topic: null,
      permission_overwrites: [],
    })
    const eventSettings = {
      discord_events_default: false,
      discord_events_location: '',
      discord_events_drift: 'recreate' as const,
    }
    await saveDiscordEventSettings(services, admin, { ...eventSettings, discord_events_channel_id: voice.id })
    const made = await createEvent(
      services,
      admin,
      eventSchema.parse({ name: 'Op Voice', date: inDays(2), discord_event: true }),
    )
    await synced()
    const id = (await eventRow(made.id)).discord_event_id
    expect(onDiscord(id)).toMatchObject({ entity_type: GuildScheduledEventEntityType.Voice, channel_id: voice.id })
    // A change of place reaches the published events at once, without an edit of each.
    await saveDiscordEventSettings(services, admin, { ...eventSettings, discord_events_channel_id: '' })
    await synced()
    expect(onDiscord(id)).toMatchObject({
      entity_type: GuildScheduledEventEntityType.External,
      channel_id: null,
      entity_metadata: { location: 'Task Force HQ' },
    })
    await saveDiscordEventSettings(services, admin, {
      ...eventSettings,
      discord_events_location: 'Altis, server 2',
      discord_events_channel_id: '',
    })
    await synced()
    expect(onDiscord(id)).toMatchObject({ entity_metadata: { location: 'Altis, server 2' } })
    expect((await eventRow(made.id)).discord_event_id).toBe(id)
  })

  it('a failure is kept in the queue, shown on the row, and retried until Discord has it', async () => {
    // Both of the client's attempts fail: the drain gives up for now.
    discord.state.failNext({ status: 500, count: 2, path: '/guilds' })
    const made = await createEvent(
      services,
      admin,
      eventSchema.parse({ name: 'Op Storm', date: inDays(3), discord_event: true }),
    )
    await synced()
    const [row] = await queued()
    expect(row).toMatchObject({ kind: 'event', item_id: made.id, attempts: 1, last_error: expect.any(String) })
    // Backed off: not due again for a while.
    expect(row!.due_at.getTime()).toBeGreaterThan(Date.now())
    const statuses = await discordEventStatuses(database.db, 'event', [await eventRow(made.id)])
    expect(statuses[made.id]).toMatchObject({ state: 'retrying', error: expect.stringContaining('500') })

    // Its time comes (the job runner's tick): Discord answers now.
    await database.db.update(pendingDiscordEvents).set({ due_at: sql`now()` })
    await drainDiscordEvents(services)
    expect(await queued()).toEqual([])
    const { discord_event_id: id } = await eventRow(made.id)
    expect(onDiscord(id)).toMatchObject({ name: 'Op Storm' })
    expect((await discordEventStatuses(database.db, 'event', [await eventRow(made.id)]))[made.id]?.state).toBe(
      'published',
    )
  })
})

describe('the nightly reconcile', () => {
  async function publishedEvent(name: string) {
    const made = await createEvent(services, admin, eventSchema.parse({ name, date: inDays(5), discord_event: true }))
    await synced()
    const id = (await eventRow(made.id)).discord_event_id!
    expect(onDiscord(id)).toBeDefined()
    return { eventId: made.id, discordId: id }
  }

  it('recreates a Discord event deleted by hand (the default)', async () => {
    const { eventId, discordId } = await publishedEvent('Op Phoenix')
    const untouched = await publishedEvent('Op Steady')
    discord.state.deleteScheduledEvent(discordId)
    expect(await reconcileDiscordEvents(services)).toEqual({ recreated: 1, unlinked: 0, queued: 0 })
    await synced()
    const recreated = (await eventRow(eventId)).discord_event_id
    expect(recreated).not.toBe(discordId)
    expect(onDiscord(recreated)).toMatchObject({ name: 'Op Phoenix' })
    expect((await eventRow(untouched.eventId)).discord_event_id).toBe(untouched.discordId)
    // Nothing left to repair.
    expect(await reconcileDiscordEvents(services)).toEqual({ recreated: 0, unlinked: 0, queued: 0 })
  })

  it('or unlinks it, as the admin chose', async () => {
    await saveDiscordEventSettings(services, admin, {
      discord_events_default: false,
      discord_events_location: '',
      discord_events_drift: 'unlink',
      discord_events_channel_id: '',
    })
    const { eventId, discordId } = await publishedEvent('Op Ghost')
    discord.state.deleteScheduledEvent(discordId)
    expect(await reconcileDiscordEvents(services)).toEqual({ recreated: 0, unlinked: 1, queued: 0 })
    await synced()
    expect(await eventRow(eventId)).toMatchObject({ discord_event: false, discord_event_id: null })
    expect(discord.state.scheduledEvents.size).toBe(0)
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'Discord event unlinked'))
    expect(entry?.details).toContain('Op Ghost')
  })

  it('an edit that finds the Discord event gone follows the same choice', async () => {
    const { eventId, discordId } = await publishedEvent('Op Echo')
    discord.state.deleteScheduledEvent(discordId)
    await updateEvent(services, admin, eventId, eventSchema.parse({ name: 'Op Echo II', date: inDays(6) }))
    await synced()
    const id = (await eventRow(eventId)).discord_event_id
    expect(id).not.toBe(discordId)
    expect(onDiscord(id)).toMatchObject({ name: 'Op Echo II' })
  })
})

describe('the /api contract', () => {
  it('bodies take discord_event (optional); answers carry discord_event and discord_event_id', () => {
    expect(eventSchema.parse({ name: 'X', date: '2030-01-01' }).discord_event).toBeUndefined()
    expect(eventSchema.parse({ name: 'X', date: '2030-01-01', discord_event: true }).discord_event).toBe(true)
    expect(trainingSchema.parse({ name: 'X', date: '2030-01-01T20:00:00Z', discord_event: false }).discord_event).toBe(
      false,
    )
    expect(eventSchema.safeParse({ name: 'X', date: '2030-01-01', discord_event: 'maybe' }).success).toBe(false)
    expect(Object.keys(eventItemSchema.shape)).toEqual(expect.arrayContaining(['discord_event', 'discord_event_id']))
    expect(Object.keys(trainingItemSchema.shape)).toEqual(expect.arrayContaining(['discord_event', 'discord_event_id']))
    // PUT /api/admin/settings knows the three settings and refuses a value out of range.
    expect(settingInputSchema.safeParse({ key: 'discord_events_drift', value: 'unlink' }).success).toBe(true)
    expect(settingInputSchema.safeParse({ key: 'discord_events_drift', value: 'explode' }).success).toBe(false)
    expect(settingInputSchema.parse({ key: 'discord_events_default', value: 'true' }).value).toBe('true')
  })

  it('the OpenAPI document describes both, in bodies and answers', () => {
    const paths = openApiDocument().paths ?? {}
    type Schema = { properties: Record<string, { description?: string }>; items: Schema }
    const json = (content: unknown) => (content as { content: { 'application/json': { schema: Schema } } }).content
    const body = (path: string, method: 'post' | 'put') =>
      json((paths[path] as Record<string, { requestBody: unknown }>)[method]!.requestBody)['application/json'].schema
    const answer = (path: string, method: 'get' | 'put', field?: string): Schema => {
      const operation = (paths[path] as Record<string, { responses: Record<string, unknown> }>)[method]!
      const schema = json(operation.responses['200'] ?? operation.responses['201'])['application/json'].schema
      return field ? (schema.properties[field] as Schema) : schema.items
    }
    for (const [path, method] of [
      ['/api/roster/events', 'post'],
      ['/api/roster/events/{id}', 'put'],
      ['/api/roster/trainings', 'post'],
      ['/api/roster/trainings/{id}', 'put'],
    ] as const)
      expect(body(path, method).properties.discord_event?.description).toMatch(/Discord scheduled event/)
    for (const item of [
      answer('/api/roster/events', 'get'),
      answer('/api/roster/trainings', 'get'),
      answer('/api/roster/events/{id}', 'put', 'event'),
      answer('/api/roster/trainings/{id}', 'put', 'training'),
    ]) {
      expect(item.properties.discord_event_id?.description).toMatch(/Discord scheduled event/)
      expect(item.properties.discord_event?.description).toMatch(/Discord scheduled event/)
    }
  })
})
