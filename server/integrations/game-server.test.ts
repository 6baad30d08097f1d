// The game-server endpoints over real HTTP (docs/game-server.md), called as a server mod calls them: a server token
// made on the account page, a bearer header, no cookie. Slots by Bohemia UUID, the compact ORBAT with its ETag, and
// attendance that is idempotent and moves event scores as the admin screen does, logged under the token's name.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiTokens } from '#db/schema/api-tokens.ts'
import { events, members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addMember,
  addSquad,
  assignSlot,
  auditEntries,
  loginDemos,
  resetOrbat,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { createToken, withToken } from '#tests/harness/tokens.ts'
import { TOKEN_ERRORS } from '../auth/api-token.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn
let server: ReturnType<typeof withToken>

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await db().delete(apiTokens)
  await db().delete(events)
  await db().update(users).set({ is_admin: true, roles_refreshed_at: new Date() }).where(eq(users.id, admin.id))
  server = withToken(t.url, await createToken(admin.client, 'Mission server', 'game-server'))
})

const db = () => t.database.db

async function memberWithUuid(who: LoggedIn, uuid: string) {
  const member = await addMember(db(), who.discordId, { ingameName: who.username })
  await db().update(members).set({ bohemia_uuid: uuid }).where(eq(members.id, member.id))
  return member
}

async function arrange() {
  const reyesMember = await memberWithUuid(reyes, 'A1B2-REYES')
  const novakMember = await memberWithUuid(novak, 'c3d4-novak')
  const alpha = await addSquad(db(), {
    name: 'Alpha',
    slots: [
      { role: 'Squad Leader', team: 'HQ' },
      { role: 'Rifleman', team: 'Fireteam 1' },
    ],
  })
  await assignSlot(db(), alpha.slot('Squad Leader').id, reyes.id)
  return { reyesMember, novakMember, alpha }
}

describe('GET /api/integrations/slots', () => {
  it("answers a player's slot by Bohemia UUID (any case), 404 for an unknown player or one without a slot", async () => {
    const { alpha } = await arrange()
    expect(await server.get('/api/integrations/slots?bohemia_uuid=a1b2-reyes')).toMatchObject({
      status: 200,
      body: { slot_id: alpha.slot('Squad Leader').id, squad: 'Alpha', team: 'HQ', role: 'Squad Leader' },
    })
    expect(await server.get('/api/integrations/slots?bohemia_uuid=c3d4-novak')).toMatchObject({
      status: 404,
      body: { error: expect.any(String) },
    })
    expect(await server.get('/api/integrations/slots?bohemia_uuid=nobody')).toMatchObject({ status: 404 })
    expect(await server.get('/api/integrations/slots')).toMatchObject({
      status: 400,
      body: { error: 'bohemia_uuid is required.' },
    })
  })

  it('needs a server token: none is 401, a personal token (even with admin access) or a session is refused', async () => {
    await arrange()
    expect((await fetch(`${t.url}/api/integrations/slots?bohemia_uuid=a1b2-reyes`)).status).toBe(401)
    expect((await admin.client.get('/api/integrations/slots?bohemia_uuid=a1b2-reyes')).status).toBe(401)
    const personal = withToken(t.url, await createToken(admin.client, 'Admin script', 'admin'))
    expect(await personal.get('/api/integrations/slots?bohemia_uuid=a1b2-reyes')).toMatchObject({
      status: 403,
      body: { error: TOKEN_ERRORS.needsServerToken },
    })
  })

  it('stops when the admin who made the token is no longer an admin', async () => {
    await arrange()
    await db().update(users).set({ is_admin: false, roles_refreshed_at: new Date() }).where(eq(users.id, admin.id))
    expect(await server.get('/api/integrations/slots?bohemia_uuid=a1b2-reyes')).toMatchObject({
      status: 403,
      body: { error: TOKEN_ERRORS.creatorNotAdmin },
    })
  })
})

describe('GET /api/integrations/orbat', () => {
  it('maps Bohemia UUIDs to slots, with an ETag that answers 304 until the ORBAT changes', async () => {
    const { alpha } = await arrange()
    const first = await fetch(`${t.url}/api/integrations/orbat`, { headers: { Authorization: server.authorization } })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"[^"]+"$/)
    expect(await first.json()).toEqual({
      slots: {
        'A1B2-REYES': { slot_id: alpha.slot('Squad Leader').id, squad: 'Alpha', team: 'HQ', role: 'Squad Leader' },
      },
    })

    const same = await fetch(`${t.url}/api/integrations/orbat`, {
      headers: { Authorization: server.authorization, 'If-None-Match': etag },
    })
    expect(same.status).toBe(304)

    await assignSlot(db(), alpha.slot('Rifleman').id, novak.id)
    const changed = await fetch(`${t.url}/api/integrations/orbat`, {
      headers: { Authorization: server.authorization, 'If-None-Match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(Object.keys(((await changed.json()) as { slots: object }).slots)).toEqual(['A1B2-REYES', 'c3d4-novak'])
  })
})

describe('POST /api/integrations/events/{id}/attendance', () => {
  it('records the players, moves their event scores like the admin screen, lists unknown UUIDs, and is idempotent', async () => {
    const { reyesMember, novakMember } = await arrange()
    const [event] = await db()
      .insert(events)
      .values({ name: 'Operation Thunder', date: new Date('2030-07-04T00:00:00Z') })
      .returning()
    const path = `/api/integrations/events/${event!.id}/attendance`
    const scores = async () =>
      (await db().select({ id: members.id, n: members.attended_events_count }).from(members))
        .sort((a, b) => a.id - b.id)
        .map((m) => m.n)

    const first = await server.post(path, { bohemia_uuids: ['a1b2-reyes', 'C3D4-NOVAK', 'ghost-uuid'] })
    expect(first).toMatchObject({
      status: 200,
      body: {
        event_id: event!.id,
        recorded: ['a1b2-reyes', 'C3D4-NOVAK'],
        already_recorded: [],
        unknown: ['ghost-uuid'],
        attendance_count: 2,
      },
    })
    expect(await scores()).toEqual([1, 1])
    expect(await auditEntries(db(), 'Attendance recorded')).toEqual([
      expect.objectContaining({ actor: 'Mission server', details: 'Operation Thunder: 2 attended (+2, -0).' }),
    ])
    // The admin screen sees the same attendance.
    const adminView = await admin.client.get(`/api/roster/events/${event!.id}/attendance`)
    expect(await adminView.json()).toEqual({ memberIds: [reyesMember.id, novakMember.id].sort((a, b) => a - b) })

    const again = await server.post(path, { bohemia_uuids: ['a1b2-reyes', 'C3D4-NOVAK', 'ghost-uuid'] })
    expect(again).toMatchObject({
      status: 200,
      body: {
        recorded: [],
        already_recorded: ['a1b2-reyes', 'C3D4-NOVAK'],
        unknown: ['ghost-uuid'],
        attendance_count: 2,
      },
    })
    expect(await scores()).toEqual([1, 1])
    expect(await auditEntries(db(), 'Attendance recorded')).toHaveLength(1)
  })

  it('answers 404 for an unknown event and 400 for a malformed list, changing nothing', async () => {
    await arrange()
    expect(
      await server.post('/api/integrations/events/999999/attendance', { bohemia_uuids: ['a1b2-reyes'] }),
    ).toMatchObject({ status: 404, body: { error: 'Event not found.' } })
    const [event] = await db().insert(events).values({ name: 'Op', date: new Date() }).returning()
    expect(
      await server.post(`/api/integrations/events/${event!.id}/attendance`, { bohemia_uuids: 'a1b2-reyes' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'bohemia_uuids must be a list of Bohemia UUIDs.' },
    })
    const extra = await server.post(`/api/integrations/events/${event!.id}/attendance`, {
      bohemia_uuids: ['a1b2-reyes'],
      players: ['a1b2-reyes'],
    })
    expect(extra.status).toBe(400)
    expect(await auditEntries(db(), 'Attendance recorded')).toEqual([])
  })

  it('writes no audit entry for a post that changes nothing, however the list is ordered or trimmed', async () => {
    await arrange()
    const [event] = await db().insert(events).values({ name: 'Op Repeat', date: new Date() }).returning()
    const path = `/api/integrations/events/${event!.id}/attendance`
    await server.post(path, { bohemia_uuids: ['a1b2-reyes', 'C3D4-NOVAK'] })
    await server.post(path, { bohemia_uuids: ['C3D4-NOVAK'] })
    await server.post(path, { bohemia_uuids: [] })
    expect(await auditEntries(db(), 'Attendance recorded')).toHaveLength(1)
  })
})
