// The Discord admin page's /api calls over real HTTP against the standalone Discord stand-in (docs/rules/discord.md):
// each call and its 401 / 403, squad role and channel creation under the category (the channel visible to the squad
// role only), removal and purge deleting what the app created, the event ping purge, ping history and cancel, and a
// failing Discord call answering 502 with a System audit entry instead of a 500.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PermissionFlagsBits } from 'discord-api-types/v10'
import type { PingHistoryItem, RankRoleMappingItem, SquadRoleMappingItem } from '#contracts/discord.ts'
import { DISCORD_MESSAGES } from '#contracts/discord.ts'
import type { PingItem } from '#contracts/pings.ts'
import { DEMO_CHANNELS, DEMO_GUILD_ID, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { rankRoleMappings, scheduledPings, squadRoleMappings } from '#db/schema/discord.ts'
import { squads } from '#db/schema/orbat.ts'
import { events, trainings } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { auditEntries, loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'
import { saveDiscordSettings } from '../settings/admin-settings.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await t.database.db.execute(
    sql`truncate ${squadRoleMappings}, ${rankRoleMappings}, ${scheduledPings} restart identity`,
  )
  await t.database.db.delete(squads)
  await t.database.db.delete(settings).where(sql`${settings.key} <> 'signup_time'`)
})

const db = () => t.database.db
const state = () => t.discord.state
const setSetting = (key: string, value: string) =>
  db().insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } })
const addSquad = async (name: string) => (await db().insert(squads).values({ name }).returning())[0]!

describe('authorisation', () => {
  it('every call answers 401 anonymous and 403 to a member', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/discord-roles/ranks'],
      ['PUT', '/api/discord-roles/ranks', { mappings: [] }],
      ['GET', '/api/discord-roles/squads'],
      ['POST', '/api/discord-roles/squads', { squad_id: 1 }],
      ['PUT', '/api/discord-roles/squads/1', { create_discord_channel: false }],
      ['DELETE', '/api/discord-roles/squads/1'],
      ['POST', '/api/discord-roles/purge-squad-integrations'],
      ['POST', '/api/discord/roles/purge-event-ping'],
      ['GET', '/api/discord/pings'],
      ['DELETE', '/api/discord/pings/1', { type: 'event' }],
    ] as const) {
      await expectAdminOnly(t, reyes.client, method, path, body)
    }
  })
})

describe('global settings', () => {
  it('saves only what changed, trimmed; a second save changes nothing', async () => {
    const services = t.app.services
    const [user] = await db().execute<{ id: number; username: string; display_name: string }>(
      sql`select id, username, display_name from users where id = ${admin.id}`,
    )
    const input = {
      promotion_channel_id: '',
      event_ping_role_id: DEMO_ROLES.eventPing.id,
      squad_channel_category_id: DEMO_CHANNELS.squadCategory.id,
      milsim_role_id: '',
      orbat_activity_channel_id: '',
      leave_channel_id: '',
      leave_role_id: '',
      recruitment_channel_id: '',
      activity_digest_channel_id: '',
      admin_channel_id: '',
    }
    const asUser = user as never
    expect(await saveDiscordSettings(services, asUser, input)).toEqual([
      'event_ping_role_id',
      'squad_channel_category_id',
    ])
    expect(await saveDiscordSettings(services, asUser, input)).toEqual([])
    const saved = await db().select().from(settings).where(eq(settings.key, 'event_ping_role_id'))
    expect(saved[0]?.value).toBe(DEMO_ROLES.eventPing.id)
  })
})

describe('rank role mapping', () => {
  it('GET lists one row per rank; PUT takes the whole list and names the roles in the audit log', async () => {
    const empty = await api<RankRoleMappingItem[]>(admin.client, 'GET', '/api/discord-roles/ranks')
    expect(empty.body.map((r) => [r.rank_name, r.discord_role_id])).toEqual(
      ['BMT', 'JNCO', 'NCO', 'SNCO', 'JOFC', 'OFC', 'SOFC', 'TEAM'].map((r) => [r, '']),
    )
    const put = await api<RankRoleMappingItem[]>(admin.client, 'PUT', '/api/discord-roles/ranks', [
      { rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id },
      { rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id },
    ])
    expect(put.status).toBe(200)
    expect(put.body.filter((r) => r.discord_role_id).map((r) => r.rank_name)).toEqual(['BMT', 'JNCO'])
    const again = await api<RankRoleMappingItem[]>(admin.client, 'PUT', '/api/discord-roles/ranks', {
      mappings: [{ rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id }],
    })
    expect(again.body.filter((r) => r.discord_role_id).map((r) => r.rank_name)).toEqual(['JNCO'])
    const audit = await auditEntries(db(), 'Rank role mappings updated')
    expect(audit.map((a) => a.details)).toEqual([
      `BMT: @${DEMO_ROLES.rankBMT.name}; JNCO: @${DEMO_ROLES.rankJNCO.name}`,
      'BMT: none',
    ])
    const bad = await api(admin.client, 'PUT', '/api/discord-roles/ranks', [
      { rank_name: 'GENERAL', discord_role_id: 'x' },
    ])
    expect(bad.status).toBe(400)
  })
})

describe('squad role mapping', () => {
  it('POST creates the role and a channel under the category only the squad role sees; GET lists the spec shape', async () => {
    const squad = await addSquad('Bravo Two')
    // No category yet: a channel cannot be made.
    const refused = await api(admin.client, 'POST', '/api/discord-roles/squads', {
      squad_id: squad.id,
      create_discord_channel: true,
    })
    expect(refused).toEqual({ status: 409, body: { error: DISCORD_MESSAGES.noCategory } })
    await setSetting('squad_channel_category_id', DEMO_CHANNELS.squadCategory.id)
    const created = await api<SquadRoleMappingItem>(admin.client, 'POST', '/api/discord-roles/squads', {
      squad_id: squad.id,
      create_discord_channel: true,
    })
    expect(created.status).toBe(201)
    const role = [...state().roles.values()].find((r) => r.name === 'Bravo Two')!
    const channel = [...state().channels.values()].find((c) => c.name === 'bravo-two')!
    expect(created.body).toEqual({
      id: expect.any(Number),
      squad_id: squad.id,
      squad_name: 'Bravo Two',
      discord_role_id: role.id,
      create_discord_channel: true,
      discord_channel_id: channel.id,
    })
    expect(channel.parent_id).toBe(DEMO_CHANNELS.squadCategory.id)
    const view = PermissionFlagsBits.ViewChannel.toString()
    expect(channel.permission_overwrites).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: DEMO_GUILD_ID, deny: view }),
        expect.objectContaining({ id: role.id, allow: view }),
      ]),
    )
    expect((await db().select().from(squads).where(eq(squads.id, squad.id)))[0]!.discord_channel_id).toBe(channel.id)
    const list = await api<SquadRoleMappingItem[]>(admin.client, 'GET', '/api/discord-roles/squads')
    expect(list.body).toEqual([created.body])
    // Mapped already: refused.
    expect((await api(admin.client, 'POST', '/api/discord-roles/squads', { squad_id: squad.id })).status).toBe(409)
    expect((await api(admin.client, 'POST', '/api/discord-roles/squads', {})).body).toMatchObject({
      fields: { squad_id: [DISCORD_MESSAGES.selectSquad] },
    })
    expect((await auditEntries(db(), 'Squad role mapping added'))[0]!.details).toBe(
      'Squad Bravo Two: role @Bravo Two created, channel #bravo-two created.',
    )
  })

  it('PUT turns the channel off and on; DELETE removes the mapping, its role and its channel', async () => {
    await setSetting('squad_channel_category_id', DEMO_CHANNELS.squadCategory.id)
    const squad = await addSquad('Charlie')
    const created = (
      await api<SquadRoleMappingItem>(admin.client, 'POST', '/api/discord-roles/squads', {
        squad_id: squad.id,
        create_discord_channel: true,
      })
    ).body
    const off = await api<SquadRoleMappingItem>(admin.client, 'PUT', `/api/discord-roles/squads/${created.id}`, {
      create_discord_channel: false,
    })
    expect(off.body).toMatchObject({ create_discord_channel: false, discord_channel_id: null })
    expect(state().channels.has(created.discord_channel_id!)).toBe(false)
    const on = await api<SquadRoleMappingItem>(admin.client, 'PUT', `/api/discord-roles/squads/${created.id}`, {
      create_discord_channel: true,
    })
    expect(on.body.discord_channel_id).toEqual(expect.any(String))
    expect(state().channels.get(on.body.discord_channel_id!)?.parent_id).toBe(DEMO_CHANNELS.squadCategory.id)
    const removed = await api(admin.client, 'DELETE', `/api/discord-roles/squads/${created.id}`)
    expect(removed).toEqual({ status: 200, body: { id: created.id } })
    expect(state().roles.has(created.discord_role_id!)).toBe(false)
    expect(state().channels.has(on.body.discord_channel_id!)).toBe(false)
    expect(await db().select().from(squadRoleMappings)).toEqual([])
    expect((await api(admin.client, 'DELETE', `/api/discord-roles/squads/${created.id}`)).status).toBe(404)
  })

  it('Discord refusing the role: 502 with the reason, nothing stored, a System audit entry', async () => {
    const squad = await addSquad('Delta')
    state().failNext({ status: 500, count: 5, path: `/guilds/${DEMO_GUILD_ID}/roles` })
    const answer = await api<{ error: string }>(admin.client, 'POST', '/api/discord-roles/squads', {
      squad_id: squad.id,
    })
    expect(answer.status).toBe(502)
    expect(answer.body.error).toMatch(/^Could not create the squad role on Discord: /)
    expect(await db().select().from(squadRoleMappings)).toEqual([])
    const system = await db().execute<{ details: string }>(
      sql`select details from audit_log where actor = 'System' order by id desc limit 1`,
    )
    expect(system[0]?.details ?? '').toMatch(/create role "Delta"/)
  })
})

describe('Danger Zone', () => {
  it('purge squad integrations deletes every mapping and the roles and channels the app created', async () => {
    await setSetting('squad_channel_category_id', DEMO_CHANNELS.squadCategory.id)
    const a = (
      await api<SquadRoleMappingItem>(admin.client, 'POST', '/api/discord-roles/squads', {
        squad_id: (await addSquad('Echo')).id,
        create_discord_channel: true,
      })
    ).body
    const b = (
      await api<SquadRoleMappingItem>(admin.client, 'POST', '/api/discord-roles/squads', {
        squad_id: (await addSquad('Foxtrot')).id,
      })
    ).body
    const purge = await api(admin.client, 'POST', '/api/discord-roles/purge-squad-integrations')
    expect(purge).toEqual({ status: 200, body: { mappings: 2, rolesDeleted: 2, channelsDeleted: 1 } })
    expect(state().roles.has(a.discord_role_id!) || state().roles.has(b.discord_role_id!)).toBe(false)
    expect(state().channels.has(a.discord_channel_id!)).toBe(false)
    expect(await db().select().from(squadRoleMappings)).toEqual([])
    expect((await auditEntries(db(), 'Squad integrations purged'))[0]!.details).toContain('Echo, Foxtrot')
  })

  it('purge event ping role takes it from every guild member who holds it', async () => {
    expect((await api(admin.client, 'POST', '/api/discord/roles/purge-event-ping')).status).toBe(409)
    await setSetting('event_ping_role_id', DEMO_ROLES.eventPing.id)
    const holders = [...state().users.values()].slice(0, 3)
    for (const m of holders) state().setUserRoles(m.user.id, [...m.user.roles, DEMO_ROLES.eventPing.id])
    const purge = await api<{ membersCleared: number }>(admin.client, 'POST', '/api/discord/roles/purge-event-ping')
    expect(purge.status).toBe(200)
    expect(purge.body.membersCleared).toBeGreaterThanOrEqual(3)
    expect([...state().users.values()].some((m) => m.user.roles.includes(DEMO_ROLES.eventPing.id))).toBe(false)
    expect((await auditEntries(db(), 'Event ping role purged')).at(-1)!.details).toContain(
      `@${DEMO_ROLES.eventPing.name}`,
    )
  })
})

describe('Ping History', () => {
  it('lists the newest pings with names (10 by default, 25 and 50 allowed); a pending ping can be cancelled once', async () => {
    const [event] = await db()
      .insert(events)
      .values({ name: 'Op Anvil', date: new Date('2030-06-15T20:00:00Z') })
      .returning()
    const [training] = await db()
      .insert(trainings)
      .values({ name: 'Drills', date: new Date('2030-06-16T20:00:00Z') })
      .returning()
    const rows = await db()
      .insert(scheduledPings)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          type: i % 2 ? ('training' as const) : ('event' as const),
          event_id: i % 2 ? null : event!.id,
          training_id: i % 2 ? training!.id : null,
          channel_id: DEMO_CHANNELS.events.id,
          message_content: `Ping ${i}`,
          ping_time: new Date(Date.UTC(2030, 5, 1, i)),
          status: i === 0 ? ('sent' as const) : ('pending' as const),
        })),
      )
      .returning()
    const list = await api<PingHistoryItem[]>(admin.client, 'GET', '/api/discord/pings')
    expect(list.body).toHaveLength(10)
    expect(list.body[0]).toMatchObject({
      type: 'training',
      target_name: 'Drills',
      channel_name: 'events',
      message_content: 'Ping 11',
      status: 'pending',
    })
    expect((await api<PingHistoryItem[]>(admin.client, 'GET', '/api/discord/pings?limit=25')).body).toHaveLength(12)
    expect((await api(admin.client, 'GET', '/api/discord/pings?limit=7')).status).toBe(400)
    const pending = rows[11]!
    expect((await api(admin.client, 'DELETE', `/api/discord/pings/${pending.id}`, { type: 'event' })).status).toBe(404)
    expect(await api(admin.client, 'DELETE', `/api/discord/pings/${pending.id}`, { type: 'training' })).toEqual({
      status: 200,
      body: { id: pending.id },
    })
    expect((await api(admin.client, 'DELETE', `/api/discord/pings/${pending.id}`, { type: 'training' })).status).toBe(
      404,
    )
    expect((await api(admin.client, 'DELETE', `/api/discord/pings/${rows[0]!.id}`, { type: 'event' })).body).toEqual({
      error: DISCORD_MESSAGES.pingNotPending,
    })
    expect((await auditEntries(db(), 'Ping cancelled'))[0]!.details).toContain('Drills')
  })

  it('each ping names the id of its event or training; the other id is null', async () => {
    const [event] = await db()
      .insert(events)
      .values({ name: 'Op Hammer', date: new Date('2030-06-15T20:00:00Z') })
      .returning()
    const [training] = await db()
      .insert(trainings)
      .values({ name: 'Range day', date: new Date('2030-06-16T20:00:00Z') })
      .returning()
    const schedule = (kind: 'events' | 'trainings', id: number, hour: number) =>
      api<{ ping: PingItem }>(admin.client, 'POST', `/api/roster/${kind}/${id}/ping`, {
        channelId: DEMO_CHANNELS.events.id,
        messageContent: `Ping ${kind}`,
        pingTime: `2030-06-01T${hour}:00:00Z`,
        rolesToPing: [DEMO_ROLES.eventPing.id],
      })
    const eventPing = await schedule('events', event!.id, 10)
    const trainingPing = await schedule('trainings', training!.id, 11)
    expect(eventPing).toMatchObject({ status: 201, body: { ping: { event_id: event!.id, training_id: null } } })
    expect(trainingPing).toMatchObject({ status: 201, body: { ping: { event_id: null, training_id: training!.id } } })
    const list = await api<PingHistoryItem[]>(admin.client, 'GET', '/api/discord/pings')
    expect(
      list.body.map(({ type, target_name, event_id, training_id }) => ({ type, target_name, event_id, training_id })),
    ).toEqual([
      { type: 'training', target_name: 'Range day', event_id: null, training_id: training!.id },
      { type: 'event', target_name: 'Op Hammer', event_id: event!.id, training_id: null },
    ])
  })
})
