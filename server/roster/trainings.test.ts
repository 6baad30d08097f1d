// Trainings, pings and the library over real HTTP on real PostgreSQL, with the job runner on: admin CRUD and
// validation, the public list, sign-up / leave rules, sign-ups and attendance, Post Training on Discord, a ping
// scheduled and sent through the stand-in at its time, library URL validation; authorisation of every admin call.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { scheduledPings } from '#db/schema/discord.ts'
import { knowledgePackets } from '#db/schema/library.ts'
import { events, members, trainings } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { DEMO_CHANNELS, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import type { PacketItem } from '#contracts/library.ts'
import type { PublicTraining, TrainingItem, TrainingSignupItem } from '#contracts/trainings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { addMember, auditEntries, getJson, loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp({ jobs: true })
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${trainings}, ${events}, ${scheduledPings}, ${knowledgePackets} cascade`)
})

const db = () => t.database.db
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString()
async function addTraining(fields: Record<string, unknown> = {}) {
  const response = await api<{ training: TrainingItem }>(admin.client, 'POST', '/api/roster/trainings', {
    name: 'Fireteam drills',
    date: inHours(48),
    ...fields,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.training
}

describe('trainings', () => {
  it('every admin call is admin-only', async () => {
    const training = await addTraining()
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/roster/trainings'],
      ['POST', '/api/roster/trainings', { name: 'X', date: inHours(1) }],
      ['PUT', `/api/roster/trainings/${training.id}`, { name: 'X', date: inHours(1) }],
      ['DELETE', `/api/roster/trainings/${training.id}`],
      ['GET', `/api/roster/trainings/${training.id}/attendance`],
      ['POST', `/api/roster/trainings/${training.id}/attendance`, { memberIds: [] }],
      ['DELETE', `/api/roster/trainings/${training.id}/signups/1`],
      ['POST', `/api/roster/trainings/${training.id}/post-to-discord`, { channelId: '1', cadreRoleIds: ['2'] }],
      [
        'POST',
        `/api/roster/trainings/${training.id}/ping`,
        { channelId: '1', pingTime: inHours(1), messageContent: 'x' },
      ],
      ['POST', '/api/knowledge', { name: 'X', google_doc_url: 'https://x' }],
      ['PUT', '/api/knowledge/1', { name: 'X', google_doc_url: 'https://x' }],
      ['DELETE', '/api/knowledge/1'],
    ]
    for (const [method, path, body] of calls) await expectAdminOnly(t, reyes.client, method, path, body)
    expect((await db().select().from(trainings)).map((r) => r.name)).toEqual(['Fireteam drills'])
    expect(t.discord.state.messages).toEqual([])
  })

  it('validates and edits trainings; BMT and hidden flags; the public list hides hidden and past ones', async () => {
    expect((await api(admin.client, 'POST', '/api/roster/trainings', { name: ' ', date: '' })).body).toMatchObject({
      fields: { name: ['Training name is required.'], date: ['Training date is required.'] },
    })
    expect(
      (await api(admin.client, 'POST', '/api/roster/trainings', { name: 'X', date: '2026-13-45T25:00' })).body,
    ).toMatchObject({ error: 'Please enter a valid date and time.' })
    const bmt = await addTraining({ name: 'BMT 1', is_bmt_training: true, description: ' Basics ', date: inHours(24) })
    expect(bmt).toMatchObject({
      name: 'BMT 1',
      is_bmt_training: true,
      is_hidden: false,
      description: 'Basics',
      signup_count: 0,
    })
    const hidden = await addTraining({ name: 'Secret', is_hidden: 1 })
    await db()
      .insert(trainings)
      .values({ name: 'Last week', date: new Date(Date.now() - 7 * 86400_000) })
    const edited = await api<{ training: TrainingItem }>(admin.client, 'PUT', `/api/roster/trainings/${hidden.id}`, {
      name: 'Secret ops',
      date: inHours(72),
      is_hidden: true,
    })
    expect(edited.body.training).toMatchObject({ name: 'Secret ops', is_hidden: true })
    expect((await getJson<TrainingItem[]>(admin.client, '/api/roster/trainings')).body.map((r) => r.name)).toEqual([
      'Last week',
      'BMT 1',
      'Secret ops',
    ])
    const publicList = await getJson<PublicTraining[]>(t.client(), '/api/roster/trainings/public')
    expect(publicList.body.map((r) => [r.name, r.is_signed_up])).toEqual([['BMT 1', false]])
    expect((await api(admin.client, 'DELETE', `/api/roster/trainings/${hidden.id}`)).body).toEqual({
      message: 'Training deleted.',
    })
    expect((await api(admin.client, 'DELETE', `/api/roster/trainings/${hidden.id}`)).status).toBe(404)
  })

  it('accepts the Trainings tab form’s day, 24-hour time and zone as well as an instant (one schema)', async () => {
    const local = await addTraining({ name: 'Night nav', date: '2030-07-01', time: '1845', tz: 'America/New_York' })
    expect(local.date).toBe('2030-07-01T18:45:00-04:00')
    const missingTime = await api(admin.client, 'POST', '/api/roster/trainings', {
      name: 'X',
      date: '2030-07-01',
      tz: 'UTC',
    })
    expect(missingTime.body).toMatchObject({
      fields: { time: ['Please enter a valid time in 24-hour format (HH:mm).'] },
    })
    expect(
      (await api(admin.client, 'POST', '/api/roster/trainings', { name: 'X', date: '2030-07-01' })).body,
    ).toMatchObject({ error: 'Please enter a valid date and time.' })
  })

  it('sign-up needs a login and a roster entry; leave; the signups list; an admin removes a sign-up', async () => {
    const training = await addTraining()
    const anonymous = await api(t.client(), 'POST', `/api/roster/trainings/${training.id}/signup`)
    expect(anonymous).toEqual({ status: 401, body: { error: 'You must be logged in to sign up for trainings.' } })
    expect((await api(novak.client, 'POST', `/api/roster/trainings/${training.id}/signup`)).body).toEqual({
      error: 'You need to be on the company roster to sign up for trainings.',
    })
    const reyesMember = await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    const signed = await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/signup`)
    expect(signed).toEqual({ status: 200, body: { message: 'You have signed up for Fireteam drills.' } })
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/signup`)).status).toBe(409)
    expect((await getJson<PublicTraining[]>(reyes.client, '/api/roster/trainings/public')).body[0]).toMatchObject({
      signup_count: 1,
      is_signed_up: true,
    })
    const signups = await getJson<TrainingSignupItem[]>(t.client(), `/api/roster/trainings/${training.id}/signups`)
    expect(signups.body).toEqual([
      {
        id: reyesMember.id,
        ingame_name: 'Reyes',
        rank: 'BMT',
        discord_id: reyes.discordId,
        avatar: expect.stringMatching(/^https:\/\/cdn\.discordapp\.com\//),
      },
    ])
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/leave`)).body).toEqual({
      message: 'You have left Fireteam drills.',
    })
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/leave`)).status).toBe(409)

    await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/signup`)
    expect(
      (await api(admin.client, 'DELETE', `/api/roster/trainings/${training.id}/signups/${reyesMember.id}`)).body,
    ).toEqual({ message: 'Sign-up removed.' })
    expect(
      (await getJson<TrainingSignupItem[]>(t.client(), `/api/roster/trainings/${training.id}/signups`)).body,
    ).toEqual([])
    await db().update(members).set({ is_banned: true, ban_reason: 'x' })
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/signup`)).status).toBe(403)
    await db()
      .update(trainings)
      .set({ date: new Date(Date.now() - 60_000) })
    await db().update(members).set({ is_banned: false, ban_reason: null })
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/signup`)).body).toEqual({
      error: 'This training has already started.',
    })
    expect((await getJson<PublicTraining[]>(reyes.client, '/api/roster/trainings/public')).body[0]).toMatchObject({
      has_started: true,
    })
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${training.id}/leave`)).body).toEqual({
      error: 'This training has already started.',
    })
  })

  it('records training attendance on the member without touching the event score', async () => {
    const training = await addTraining({ name: 'CLS course' })
    const m = await addMember(db(), '955', { ingameName: 'Doc' })
    expect(
      (await api(admin.client, 'POST', `/api/roster/trainings/${training.id}/attendance`, { memberIds: [m.id] })).body,
    ).toEqual({ message: 'Attendance updated!', memberIds: [m.id] })
    expect((await getJson(admin.client, `/api/roster/trainings/${training.id}/attendance`)).body).toEqual({
      memberIds: [m.id],
    })
    const view = (
      await getJson<{ event_score: number; trainings: Array<{ name: string }> }>(
        t.client(),
        `/api/roster/member/${m.id}`,
      )
    ).body
    expect(view.event_score).toBe(0)
    expect(view.trainings.map((x) => x.name)).toEqual(['CLS course'])
  })

  it('Post Training on Discord needs a channel and a cadre role, then posts with the cadre mentioned', async () => {
    const training = await addTraining({ name: 'Pilot school', description: 'Bring a stick.' })
    const missing = await api(admin.client, 'POST', `/api/roster/trainings/${training.id}/post-to-discord`, {
      channelId: DEMO_CHANNELS.announcements.id,
      cadreRoleIds: [],
    })
    expect(missing.body).toMatchObject({ error: 'Please choose a channel and at least one cadre role.' })
    const posted = await api(admin.client, 'POST', `/api/roster/trainings/${training.id}/post-to-discord`, {
      channelId: DEMO_CHANNELS.announcements.id,
      cadreRoleIds: [DEMO_ROLES.cadre.id],
    })
    expect(posted).toEqual({ status: 200, body: { message: 'Training posted to Discord.' } })
    const [message] = t.discord.state.messagesIn(DEMO_CHANNELS.announcements.id)
    expect(message!.content).toContain('**Pilot school**')
    expect(message!.content).toContain(`<@&${DEMO_ROLES.cadre.id}>`)
    expect(
      (
        await api(admin.client, 'POST', `/api/roster/trainings/${training.id}/post-to-discord`, {
          channelId: '1',
          cadreRoleIds: [DEMO_ROLES.cadre.id],
        })
      ).status,
    ).toBe(502)
  })
})

describe('scheduled pings', () => {
  it('validates, then the job runner sends the ping through Discord at its time', async () => {
    const [event] = await db()
      .insert(events)
      .values({ name: 'Op Anvil', date: new Date(Date.now() + 3600_000) })
      .returning()
    await db().insert(settings).values({ key: 'event_ping_role_id', value: DEMO_ROLES.eventPing.id })
    const path = `/api/roster/events/${event!.id}/ping`
    expect(
      (await api(admin.client, 'POST', path, { channelId: '', pingTime: '', messageContent: '' })).body,
    ).toMatchObject({ error: 'Please fill out all fields.' })
    const base = { channelId: DEMO_CHANNELS.announcements.id, messageContent: 'Op Anvil starts in one hour!' }
    expect((await api(admin.client, 'POST', path, { ...base, pingTime: inHours(1), rolesToPing: [] })).body).toEqual({
      error: 'Please select at least one role to ping.',
      fields: { rolesToPing: ['Please select at least one role to ping.'] },
    })
    expect(
      (
        await api(admin.client, 'POST', path, {
          ...base,
          pingTime: inHours(1),
          rolesToPing: ['default', DEMO_ROLES.milsim.id],
        })
      ).status,
    ).toBe(400)
    expect(
      (await api(admin.client, 'POST', path, { ...base, pingTime: inHours(-1), rolesToPing: ['default'] })).body,
    ).toMatchObject({ error: 'The ping time must be in the future.' })
    expect(
      (await api(admin.client, 'POST', '/api/roster/nonsense/1/ping', { ...base, pingTime: inHours(1) })).status,
    ).toBe(404)

    const pingTime = new Date(Date.now() + 1500).toISOString()
    const scheduled = await api<{ message: string; ping: { id: number; status: string } }>(admin.client, 'POST', path, {
      ...base,
      pingTime,
      rolesToPing: ['default'],
    })
    expect(scheduled.status).toBe(201)
    expect(scheduled.body).toMatchObject({ message: 'Ping scheduled successfully!', ping: { status: 'pending' } })
    expect(t.discord.state.messagesIn(DEMO_CHANNELS.announcements.id)).toEqual([])

    await expect
      .poll(async () => (await db().select().from(scheduledPings))[0]!.status, { timeout: 20_000, interval: 250 })
      .toBe('sent')
    const [row] = await db().select().from(scheduledPings)
    expect(row!.sent_at!.getTime()).toBeGreaterThanOrEqual(new Date(pingTime).getTime())
    const [message] = t.discord.state.messagesIn(DEMO_CHANNELS.announcements.id)
    expect(message!.content).toBe(`<@&${DEMO_ROLES.eventPing.id}>\nOp Anvil starts in one hour!`)
    expect(row!.discord_message_id).toBe(message!.id)
    expect(await auditEntries(db(), 'Ping scheduled')).toHaveLength(1)
  })

  it('a ping Discord refuses is recorded as failed', async () => {
    const training = await addTraining()
    await api(admin.client, 'POST', `/api/roster/trainings/${training.id}/ping`, {
      channelId: '424242',
      pingTime: new Date(Date.now() + 500).toISOString(),
      messageContent: 'Drills soon',
    })
    await expect
      .poll(async () => (await db().select().from(scheduledPings))[0]!.status, { timeout: 20_000, interval: 250 })
      .toBe('failed')
    expect((await db().select().from(scheduledPings))[0]!.error).toBeTruthy()
  })
})

describe('library', () => {
  it('needs a name and an http(s) URL; lists publicly; edits and deletes', async () => {
    expect((await api(admin.client, 'POST', '/api/knowledge', {})).body).toMatchObject({
      fields: { name: ['Name is required.'], google_doc_url: ['URL is required.'] },
    })
    for (const url of ['javascript:alert(1)', 'docs.google.com/x', 'data:text/html,hi', 'ftp://x/y']) {
      expect(
        (await api(admin.client, 'POST', '/api/knowledge', { name: 'SOP', google_doc_url: url })).body,
      ).toMatchObject({
        error: 'Please enter a valid URL starting with http:// or https://.',
      })
    }
    const made = await api<{ message: string; packet: PacketItem }>(admin.client, 'POST', '/api/knowledge', {
      name: ' SOP ',
      google_doc_url: 'https://docs.google.com/document/d/1',
    })
    expect(made).toEqual({
      status: 201,
      body: {
        message: 'Packet created successfully!',
        packet: { id: expect.any(Number), name: 'SOP', google_doc_url: 'https://docs.google.com/document/d/1' },
      },
    })
    const id = made.body.packet.id
    expect((await getJson<PacketItem[]>(t.client(), '/api/knowledge')).body.map((p) => p.name)).toEqual(['SOP'])
    const edited = await api(admin.client, 'PUT', `/api/knowledge/${id}`, {
      id,
      name: 'Radio SOP',
      google_doc_url: 'http://example.com/radio',
    })
    expect(edited.body).toMatchObject({ message: 'Packet updated successfully!', packet: { name: 'Radio SOP' } })
    expect((await api(admin.client, 'DELETE', `/api/knowledge/${id}`)).body).toEqual({
      message: 'Packet deleted successfully.',
    })
    expect(
      (await api(admin.client, 'PUT', `/api/knowledge/${id}`, { name: 'X', google_doc_url: 'https://x' })).status,
    ).toBe(404)
  })
})

describe('guild pickers', () => {
  it('lists channels and roles for admins only', async () => {
    await expectAdminOnly(t, reyes.client, 'GET', '/api/discord/channels')
    await expectAdminOnly(t, reyes.client, 'GET', '/api/discord/roles')
    const channels = await getJson<Array<{ id: string; name: string; kind: string }>>(
      admin.client,
      '/api/discord/channels',
    )
    expect(channels.body).toEqual(
      expect.arrayContaining([
        { id: DEMO_CHANNELS.announcements.id, name: 'announcements', kind: 'text', parent_id: null },
      ]),
    )
    const roles = await getJson<Array<{ id: string; name: string }>>(admin.client, '/api/discord/roles')
    expect(roles.body.map((r) => r.name)).toEqual(expect.arrayContaining(['Event Ping', 'Training Cadre']))
    expect(roles.body.some((r) => r.name === '@everyone')).toBe(false)
  })
})
