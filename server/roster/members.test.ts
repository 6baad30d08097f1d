// Roster admin API over real HTTP on real PostgreSQL (docs/rules/roster.md): authorisation of every call, member
// create/update/delete with their validation, Denied on create, ban/unban (a banned member leaves their slot and the
// waitlist and cannot sign up), events and attendance moving the event score, qualifications.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { events, members, qualifications } from '#db/schema/roster.ts'
import { tests } from '#db/schema/assessments.ts'
import type { EventItem } from '#server/roster/events.ts'
import type { AdminMember, PublicMember, QualificationItem } from '#contracts/roster-types.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import {
  addEligibleRoles,
  addSquad,
  addWaitlistEntry,
  auditEntries,
  getJson,
  holderOf,
  loginDemos,
  resetOrbat,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await truncateTables(t.database.db, [members, events, qualifications, tests])
})

const db = () => t.database.db
const member = (fields: Record<string, unknown> = {}) => ({ ingame_name: 'Hawk', join_date: '2025-03-01', ...fields })
const create = async (fields: Record<string, unknown> = {}) => {
  const response = await api<{ member: AdminMember; error?: string }>(
    admin.client,
    'POST',
    '/api/roster/members',
    member(fields),
  )
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.member
}

describe('roster admin API', () => {
  it('every admin call is admin-only and changes nothing for others', async () => {
    const m = await create()
    const [event] = await db().insert(events).values({ name: 'Op', date: new Date() }).returning()
    const [qual] = await db().insert(qualifications).values({ name: 'CLS' }).returning()
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/roster/admin/member/${m.id}`],
      ['POST', '/api/roster/members', member({ ingame_name: 'X' })],
      ['PUT', `/api/roster/members/${m.id}`, member({ ingame_name: 'X' })],
      ['DELETE', `/api/roster/members/${m.id}`],
      ['POST', `/api/roster/members/${m.id}/ban`, { reason: 'x' }],
      ['POST', `/api/roster/members/${m.id}/unban`],
      ['GET', '/api/roster/events'],
      ['POST', '/api/roster/events', { name: 'X', date: '2026-01-01' }],
      ['PUT', `/api/roster/events/${event!.id}`, { name: 'X', date: '2026-01-01' }],
      ['DELETE', `/api/roster/events/${event!.id}`],
      ['GET', `/api/roster/events/${event!.id}/attendance`],
      ['POST', `/api/roster/events/${event!.id}/attendance`, { memberIds: [m.id] }],
      ['GET', '/api/roster/qualifications'],
      ['POST', '/api/roster/qualifications', { name: 'X' }],
      ['PUT', `/api/roster/qualifications/${qual!.id}`, { name: 'X' }],
      ['DELETE', `/api/roster/qualifications/${qual!.id}`],
    ]
    const auditBefore = (await auditEntries(db())).length
    for (const [method, path, body] of calls) await expectAdminOnly(t, reyes.client, method, path, body)
    expect((await auditEntries(db())).length).toBe(auditBefore)
    expect((await db().select().from(members)).map((r) => [r.ingame_name, r.is_banned])).toEqual([['Hawk', false]])
    // The public reads are public.
    expect((await getJson<PublicMember>(t.client(), `/api/roster/member/${m.id}`)).status).toBe(200)
    expect((await getJson(t.client(), '/api/roster/qualifications/public')).body).toEqual([
      { id: qual!.id, name: 'CLS' },
    ])
  })

  it('creates a member with the spec validation messages; Denied stores a banned member with its reason', async () => {
    const missing = await api(admin.client, 'POST', '/api/roster/members', {})
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      fields: { ingame_name: ['In-Game Name is required.'], join_date: ['Join Date is required.'] },
    })
    const badDate = await api(admin.client, 'POST', '/api/roster/members', member({ join_date: '2025-02-30' }))
    expect(badDate.body).toMatchObject({ error: 'Please enter a valid date (YYYY-MM-DD).' })
    const deniedNoReason = await api(
      admin.client,
      'POST',
      '/api/roster/members',
      member({ status: 'Denied', ban_reason: '  ' }),
    )
    expect(deniedNoReason.body).toEqual({
      error: 'Please provide a reason for the denial.',
      fields: { ban_reason: ['Please provide a reason for the denial.'] },
    })
    expect((await api(admin.client, 'POST', '/api/roster/members', member({ rank: 'GENERAL' }))).status).toBe(400)
    expect((await api(admin.client, 'POST', '/api/roster/members', member({ discord_id: 'abc' }))).body).toMatchObject({
      error: 'The Discord ID must contain digits only.',
    })

    const created = await create({
      ingame_name: '  Hawk ',
      rank: 'NCO',
      hidden_score: '1.234',
      attended_events_count: 4,
      discord_id: '123',
      notes: '',
    })
    expect(created).toMatchObject({
      ingame_name: 'Hawk',
      rank: 'NCO',
      hidden_score: 1.23,
      attended_events_count: 4,
      event_score: 5.23,
      notes: null,
      is_banned: false,
    })
    const duplicate = await api(
      admin.client,
      'POST',
      '/api/roster/members',
      member({ ingame_name: 'Other', discord_id: '123' }),
    )
    expect(duplicate).toEqual({
      status: 409,
      body: {
        error: 'Hawk already has the Discord ID 123.',
        fields: { discord_id: ['Another member (Hawk) has this Discord ID.'] },
      },
    })

    const denied = await create({ ingame_name: 'Troll', status: 'Denied', ban_reason: 'Failed interview' })
    expect(denied).toMatchObject({ is_banned: true, ban_reason: 'Failed interview', banned_date: expect.any(String) })
    expect((await getJson(t.client(), `/api/roster/member/${denied.id}`)).status).toBe(404)
    expect((await auditEntries(db())).map((e) => [e.action, e.details])).toEqual([
      ['Member added', 'Hawk (NCO)'],
      ['Member added (Denied)', 'Troll: Failed interview'],
    ])
  })

  it('updates every field and the qualification, event and training lists; deletes', async () => {
    const [qual] = await db().insert(qualifications).values({ name: 'CLS' }).returning()
    const [op] = await db()
      .insert(events)
      .values({ name: 'Op Anvil', date: new Date('2026-01-10T19:00:00Z'), orbat_image_url: 'https://img/1.png' })
      .returning()
    const m = await create({ attended_events_count: 2 })
    const updated = await api<{ member: AdminMember }>(
      admin.client,
      'PUT',
      `/api/roster/members/${m.id}`,
      member({
        ingame_name: 'Hawkeye',
        rank: 'JNCO',
        join_date: '2025-04-01',
        notes: 'Good',
        bohemia_uuid: 'abc-1',
        hidden_score: -0.5,
        attended_events_count: 2,
        qualifications: [qual!.id],
        events: [op!.id],
      }),
    )
    expect(updated.status).toBe(200)
    // Ticking an event adds one attended event on top of the submitted count.
    expect(updated.body.member).toMatchObject({
      ingame_name: 'Hawkeye',
      rank: 'JNCO',
      notes: 'Good',
      bohemia_uuid: 'abc-1',
      hidden_score: -0.5,
      attended_events_count: 3,
      event_score: 2.5,
      qualifications: [qual!.id],
      events: [op!.id],
    })
    const publicView = (await getJson<PublicMember>(t.client(), `/api/roster/member/${m.id}`)).body
    expect(publicView).toEqual({
      id: m.id,
      ingame_name: 'Hawkeye',
      rank: 'JNCO',
      join_date: '2025-04-01',
      event_score: 2.5,
      on_loa: false,
      qualifications: [{ id: qual!.id, name: 'CLS', description: null }],
      events: [
        { id: op!.id, name: 'Op Anvil', date: '2026-01-10T14:00:00-05:00', orbat_image_url: 'https://img/1.png' },
      ],
      trainings: [],
      awards: [],
    })
    expect(
      (await api(admin.client, 'PUT', `/api/roster/members/${m.id}`, member({ qualifications: [99999] }))).body,
    ).toEqual({ error: 'Qualification 99999 does not exist.' })
    expect((await api(admin.client, 'PUT', '/api/roster/members/99999', member())).status).toBe(404)
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${m.id}`)).body).toEqual({
      message: 'Member deleted.',
    })
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${m.id}`)).status).toBe(404)
  })

  it('a ban removes the member from their slot and the waitlist, gives the slot to the waitlist, and blocks sign-ups until unbanned', async () => {
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    const alpha = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman' }, { role: 'Medic' }] })
    const m = await create({ ingame_name: 'Reyes', discord_id: reyes.discordId })
    expect((await reyes.client.fetch(`/api/slot/${alpha.slot('Rifleman').id}/signup`, { method: 'POST' })).status).toBe(
      200,
    )
    await addWaitlistEntry(db(), novak.id)

    expect((await api(admin.client, 'POST', `/api/roster/members/${m.id}/ban`, { reason: ' ' })).body).toEqual({
      error: 'Please provide a reason for the ban.',
      fields: { reason: ['Please provide a reason for the ban.'] },
    })
    const banned = await api<{ message: string; freedSlot: string }>(
      admin.client,
      'POST',
      `/api/roster/members/${m.id}/ban`,
      { reason: 'Teamkilling' },
    )
    expect(banned.status).toBe(200)
    expect(banned.body).toMatchObject({ message: 'Member banned.', freedSlot: 'Rifleman (Alpha)' })
    expect(await holderOf(db(), alpha.slot('Rifleman').id)).toBe(novak.id)
    expect(await waitlistUserIds(db())).toEqual([])
    expect((await api(admin.client, 'POST', `/api/roster/members/${m.id}/ban`, { reason: 'again' })).status).toBe(409)

    const signup = await reyes.client.fetch(`/api/slot/${alpha.slot('Medic').id}/signup`, { method: 'POST' })
    expect(signup.status).toBe(403)
    expect((await api(reyes.client, 'POST', '/api/waitlist/join', {})).status).toBe(403)
    expect(
      (await getJson<{ pagination: { total: number } }>(admin.client, '/api/roster?is_banned=true')).body.pagination
        .total,
    ).toBe(1)

    const unbanned = await api<{ member: AdminMember }>(admin.client, 'POST', `/api/roster/members/${m.id}/unban`)
    expect(unbanned.body.member).toMatchObject({ is_banned: false, ban_reason: null, banned_date: null })
    expect((await reyes.client.fetch(`/api/slot/${alpha.slot('Medic').id}/signup`, { method: 'POST' })).status).toBe(
      200,
    )
    expect((await auditEntries(db(), 'Member banned'))[0]!.details).toBe(
      'Reyes: Teamkilling (removed from Rifleman (Alpha))',
    )
  })
})

describe('events and attendance', () => {
  it('validates, creates, edits and lists events; attendance moves the event score both ways; delete takes it back', async () => {
    expect((await api(admin.client, 'POST', '/api/roster/events', { name: '', date: '' })).body).toMatchObject({
      fields: { name: ['Event name is required.'], date: ['Event date is required.'] },
    })
    expect(
      (
        await api(admin.client, 'POST', '/api/roster/events', {
          name: 'Op',
          date: '2026-01-01',
          orbat_image_url: 'javascript:alert(1)',
        })
      ).body,
    ).toMatchObject({
      error: 'The ORBAT image URL must start with http:// or https://.',
    })
    const made = await api<{ event: EventItem }>(admin.client, 'POST', '/api/roster/events', {
      name: ' Op Anvil ',
      date: '2026-01-10T19:00:00Z',
      orbat_image_url: 'https://x/y.png',
    })
    expect(made.status).toBe(201)
    const event = made.body.event
    expect(event).toEqual({
      id: expect.any(Number),
      name: 'Op Anvil',
      date: '2026-01-10T14:00:00-05:00',
      orbat_image_url: 'https://x/y.png',
      attendance_count: 0,
      orbat_linked: false,
      // Not published on Discord unless asked (the demo unit's default: docs/rules/discord.md, Scheduled events).
      discord_event: false,
      discord_event_id: null,
    })
    const edited = await api<{ event: EventItem }>(admin.client, 'PUT', `/api/roster/events/${event.id}`, {
      name: 'Op Hammer',
      date: '2026-01-11',
      orbat_image_url: '',
    })
    // Another day, bare: 20:00 in the unit's time zone (America/New_York, EST).
    expect(edited.body.event).toMatchObject({
      name: 'Op Hammer',
      date: '2026-01-11T20:00:00-05:00',
      orbat_image_url: null,
    })

    const a = await create({ ingame_name: 'A', attended_events_count: 5, hidden_score: 0.5 })
    const b = await create({ ingame_name: 'B' })
    const score = async (id: number) =>
      (await getJson<PublicMember>(t.client(), `/api/roster/member/${id}`)).body.event_score

    const first = await api(admin.client, 'POST', `/api/roster/events/${event.id}/attendance`, {
      memberIds: [a.id, b.id, a.id],
    })
    expect(first.body).toEqual({ message: 'Attendance updated!', memberIds: [a.id, b.id].sort((x, y) => x - y) })
    expect([await score(a.id), await score(b.id)]).toEqual([6.5, 1])
    // Saving the same list again changes nothing.
    await api(admin.client, 'POST', `/api/roster/events/${event.id}/attendance`, { memberIds: [a.id, b.id] })
    expect([await score(a.id), await score(b.id)]).toEqual([6.5, 1])
    await api(admin.client, 'POST', `/api/roster/events/${event.id}/attendance`, { memberIds: [b.id] })
    expect([await score(a.id), await score(b.id)]).toEqual([5.5, 1])
    expect((await getJson(admin.client, `/api/roster/events/${event.id}/attendance`)).body).toEqual({
      memberIds: [b.id],
    })
    expect((await getJson<EventItem[]>(admin.client, '/api/roster/events')).body[0]!.attendance_count).toBe(1)
    expect(
      (await api(admin.client, 'POST', `/api/roster/events/${event.id}/attendance`, { memberIds: [99999] })).body,
    ).toEqual({ error: 'Member 99999 does not exist.' })
    expect(
      (await api(admin.client, 'POST', `/api/roster/events/${event.id}/attendance`, { memberIds: 'all' })).status,
    ).toBe(400)

    expect((await api(admin.client, 'DELETE', `/api/roster/events/${event.id}`)).body).toEqual({
      message: 'Event deleted.',
    })
    expect(await score(b.id)).toBe(0)
    expect((await getJson(admin.client, `/api/roster/events/${event.id}/attendance`)).status).toBe(404)
  })
})

describe('qualifications', () => {
  it('name required, unique; edit; delete refused while a test grants it', async () => {
    expect((await api(admin.client, 'POST', '/api/roster/qualifications', { name: ' ' })).body).toEqual({
      error: 'Qualification name is required.',
      fields: { name: ['Qualification name is required.'] },
    })
    const made = await api<{ qualification: QualificationItem }>(admin.client, 'POST', '/api/roster/qualifications', {
      name: 'CLS',
      description: ' Combat life saver ',
      discord_role_id: '42',
    })
    expect(made.body.qualification).toEqual({
      id: expect.any(Number),
      name: 'CLS',
      description: 'Combat life saver',
      discord_role_id: '42',
    })
    const id = made.body.qualification.id
    expect((await api(admin.client, 'POST', '/api/roster/qualifications', { name: 'CLS' })).status).toBe(409)
    const edited = await api<{ qualification: QualificationItem }>(
      admin.client,
      'PUT',
      `/api/roster/qualifications/${id}`,
      { name: 'Medic', description: '', discord_role_id: '' },
    )
    expect(edited.body.qualification).toEqual({ id, name: 'Medic', description: null, discord_role_id: null })
    await db().insert(tests).values({ name: 'Medic Test', qualification_id: id })
    expect((await api(admin.client, 'DELETE', `/api/roster/qualifications/${id}`)).body).toEqual({
      error: 'This qualification is granted by the test "Medic Test". Change or delete it first.',
    })
    await db().delete(tests)
    expect((await api(admin.client, 'DELETE', `/api/roster/qualifications/${id}`)).body).toEqual({
      message: 'Qualification deleted.',
    })
    expect((await getJson(admin.client, '/api/roster/qualifications')).body).toEqual([])
  })
})

describe('Discord role sync', () => {
  it('a rank or qualification change adds the mapped roles and removes the ones no longer earned', async () => {
    const { DEMO_ROLES } = await import('#db/seed/demo-guild.ts')
    const { rankRoleMappings } = await import('#db/schema/discord.ts')
    await db().execute(sql`truncate ${rankRoleMappings}`)
    await db()
      .insert(rankRoleMappings)
      .values([
        { rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id },
        { rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id },
      ])
    const [qual] = await db()
      .insert(qualifications)
      .values({ name: 'Pilot', discord_role_id: DEMO_ROLES.pilot.id })
      .returning()
    t.discord.state.roleChanges.length = 0
    const changes = () =>
      t.discord.state.roleChanges.filter((c) => c.userId === novak.discordId).map((c) => `${c.action} ${c.roleName}`)
    // Each change's sync runs after its commit (the role-sync queue): wait for it before the next change.
    const synced = (expected: string[]) => expect.poll(changes, { timeout: 5000 }).toEqual(expected)
    const m = await create({ ingame_name: 'Novak', discord_id: novak.discordId, rank: 'BMT' })
    // Novak holds JNCO in the demo guild: as a BMT on the roster he loses it, then gets it back with the promotion.
    await synced(['add BMT', 'remove JNCO'])
    await api(
      admin.client,
      'PUT',
      `/api/roster/members/${m.id}`,
      member({ ingame_name: 'Novak', discord_id: novak.discordId, rank: 'JNCO', qualifications: [qual!.id] }),
    )
    await synced(['add BMT', 'remove JNCO', 'add JNCO', 'add Pilot', 'remove BMT'])
    await api(
      admin.client,
      'PUT',
      `/api/roster/members/${m.id}`,
      member({ ingame_name: 'Novak', discord_id: novak.discordId, rank: 'JNCO', qualifications: [] }),
    )
    await synced(['add BMT', 'remove JNCO', 'add JNCO', 'add Pilot', 'remove BMT', 'remove Pilot'])
    await db().execute(sql`truncate ${rankRoleMappings}`)
  })
})
