import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { EventItem } from '#contracts/events.ts'
import type { TrainingItem } from '#contracts/trainings.ts'
import { pendingDiscordEvents } from '#db/schema/discord-events.ts'
import { events, trainings } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'

// Scheduled events over real HTTP (docs/rules/discord.md, Scheduled events): the /api bodies and answers, a bad flag
// refused with 400 and nothing stored, the admin forms' plain checkbox (rendered and posted without JavaScript), the
// row's state, and the Discord page's Scheduled Events form. The Discord work itself is scheduled-events.test.ts's.

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp({ jobs: false })
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  t.discord.state.reset()
  await t.database.db.execute(sql`truncate ${events}, ${trainings}, ${pendingDiscordEvents} cascade`)
  await t.database.db.delete(settings).where(sql`${settings.key} like 'discord_events_%'`)
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

/** Polls (no fixed sleep) until the item's Discord event id is stored; answers it. */
async function discordIdOf(kind: 'event' | 'training', id: number): Promise<string> {
  const table = kind === 'event' ? events : trainings
  for (let i = 0; i < 200; i++) {
    const [row] = await t.database.db.select({ id: table.discord_event_id }).from(table).where(eq(table.id, id))
    if (row?.id) return row.id
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${kind} ${id} was not published on Discord`)
}

describe('the /api contract', () => {
  it('events and trainings take discord_event and answer discord_event_id', async () => {
    const created = await api<{ event: EventItem }>(admin.client, 'POST', '/api/roster/events', {
      name: 'Op Anvil',
      date: inDays(3),
      discord_event: true,
    })
    expect(created.status).toBe(201)
    expect(created.body.event).toMatchObject({ discord_event: true, discord_event_id: null, orbat_linked: false })
    const discordId = await discordIdOf('event', created.body.event.id)
    expect(t.discord.state.scheduledEvents.get(discordId)).toMatchObject({ name: 'Op Anvil' })
    const listed = await api<EventItem[]>(admin.client, 'GET', '/api/roster/events')
    expect(listed.body).toEqual([expect.objectContaining({ discord_event: true, discord_event_id: discordId })])

    // Left out, an edit keeps it; the answer carries the id.
    const edited = await api<{ event: EventItem }>(admin.client, 'PUT', `/api/roster/events/${created.body.event.id}`, {
      name: 'Op Hammer',
      date: inDays(3),
    })
    expect(edited.body.event).toMatchObject({ name: 'Op Hammer', discord_event: true, discord_event_id: discordId })

    const training = await api<{ training: TrainingItem }>(admin.client, 'POST', '/api/roster/trainings', {
      name: 'Drills',
      date: inDays(2),
    })
    expect(training.body.training).toMatchObject({ discord_event: false, discord_event_id: null })
  })

  it('refuses a bad flag with 400 and stores nothing; admin-only as before', async () => {
    const refused = await api(admin.client, 'POST', '/api/roster/events', {
      name: 'Op Bad',
      date: inDays(3),
      discord_event: 'perhaps',
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: expect.any(String), fields: { discord_event: expect.any(Array) } })
    expect(await t.database.db.select().from(events)).toEqual([])
    await expectAdminOnly(t, reyes.client, 'POST', '/api/roster/trainings', {
      name: 'X',
      date: inDays(1),
      discord_event: true,
    })
    expect(await t.database.db.select().from(pendingDiscordEvents)).toEqual([])
  })
})

describe('the admin pages, without JavaScript', () => {
  it('Add Event renders the box (ticked by the default) and a plain form post publishes the event', async () => {
    const page = async () => (await admin.client.get('/admin/roster/events?dialog=add')).text()
    expect(await page()).toMatch(/<input[^>]*type="checkbox"[^>]*name="discord_event"/)
    expect(await page()).not.toMatch(/<input[^>]*name="discord_event"[^>]*checked/)

    // The Discord page's Scheduled Events form turns the default on.
    const saved = await admin.client.postForm('/admin/discord', {
      _form: 'discord-event-settings',
      intent: 'save-discord-event-settings',
      discord_events_default: 'on',
      discord_events_location: 'Altis',
      discord_events_drift: 'unlink',
    })
    expect([302, 303]).toContain(saved.status)
    const stored = await t.database.db
      .select()
      .from(settings)
      .where(sql`${settings.key} like 'discord_events_%'`)
    expect(Object.fromEntries(stored.map((s) => [s.key, s.value]))).toEqual({
      discord_events_default: 'true',
      discord_events_location: 'Altis',
      discord_events_drift: 'unlink',
    })
    const discordPage = await (await admin.client.get('/admin/discord')).text()
    expect(discordPage).toContain('Scheduled Events')
    expect(discordPage).toContain('name="discord_events_channel_id"')
    expect(discordPage).toMatch(/<input[^>]*name="discord_events_default"[^>]*checked/)
    expect(await page()).toMatch(/<input[^>]*name="discord_event"[^>]*checked/)

    const day = inDays(4).slice(0, 10)
    const posted = await admin.client.postForm('/admin/roster/events', {
      _form: 'event',
      intent: 'save-event',
      name: 'Op Paper',
      date: day,
      time: '20:00',
      tz: 'UTC',
      discord_event: 'on',
    })
    expect([302, 303]).toContain(posted.status)
    const [row] = await t.database.db.select().from(events)
    expect(row).toMatchObject({ name: 'Op Paper', discord_event: true })
    const discordId = await discordIdOf('event', row!.id)
    expect(t.discord.state.scheduledEvents.get(discordId)).toMatchObject({ entity_metadata: { location: 'Altis' } })
    expect(await (await admin.client.get('/admin/roster/events')).text()).toContain('Discord event: published')

    // Edit without the box ticked (an unticked box sends nothing): unpublished, and gone from Discord.
    const unticked = await admin.client.postForm('/admin/roster/events', {
      _form: 'event',
      intent: 'save-event',
      id: String(row!.id),
      name: 'Op Paper',
      date: day,
      time: '20:00',
      tz: 'UTC',
    })
    expect([302, 303]).toContain(unticked.status)
    // Done once its queued sync is: the Discord event deleted, then the link cleared.
    for (let i = 0; i < 200 && (await t.database.db.select().from(pendingDiscordEvents)).length; i++)
      await new Promise((resolve) => setTimeout(resolve, 25))
    expect(t.discord.state.scheduledEvents.size).toBe(0)
    expect(await t.database.db.select().from(events)).toEqual([
      expect.objectContaining({ discord_event: false, discord_event_id: null }),
    ])
  })

  it('the trainings tab shows a failed publication as retrying', async () => {
    t.discord.state.failNext({ status: 500, count: 10, path: '/guilds' })
    const made = await api<{ training: TrainingItem }>(admin.client, 'POST', '/api/roster/trainings', {
      name: 'Medic course',
      date: inDays(2),
      discord_event: true,
    })
    expect(made.status).toBe(201)
    for (let i = 0; i < 400; i++) {
      const [row] = await t.database.db.select().from(pendingDiscordEvents)
      if (row?.last_error) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const html = await (await admin.client.get('/admin/roster/trainings')).text()
    expect(html).toContain('Discord event: failed, retrying')
    const add = await (await admin.client.get('/admin/roster/trainings?dialog=add')).text()
    expect(add).toMatch(/<input[^>]*type="checkbox"[^>]*name="discord_event"/)
  })
})
