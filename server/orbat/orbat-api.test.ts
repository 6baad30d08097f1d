// The public ORBAT over real HTTP with real logins (Discord stand-in) on real PostgreSQL: the polled reads with
// ETag/304, the live stream, and the slot rules of docs/rules/orbat.md (sign-up, leave, locks, bans, moves, activity).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orbatEdges, orbatPaxCounters, orbatWaypoints } from '#db/schema/orbat.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import type { OrbatPayload } from '#server/orbat/orbat.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  ACTIVITY_CHANNEL_ID,
  addEligibleRoles,
  addMember,
  addSquad,
  expectActivity,
  auditEntries,
  getJson,
  holderOf,
  joinWaitlist,
  leaveSlot,
  loginDemos,
  openLive,
  resetOrbat,
  setActivityChannel,
  setSignupTime,
  signUp,
  slotsHeldBy,
  spacer,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn, kowalski: LoggedIn, lee: LoggedIn, blake: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak, kowalski, lee, blake] = await loginDemos(t, [
    'demo_admin',
    'reyes',
    'novak',
    'kowalski',
    'recruit_lee',
    'banned_blake',
  ])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
})

const db = () => t.database.db

/** One squad with a locked leader, a spacer, three open rifleman slots, a medic slot and a slot held by a manual name. */
async function basicOrbat() {
  await addEligibleRoles(db(), { Rifleman: { general: true }, 'Combat Medic': {}, Pilot: {} })
  return addSquad(db(), {
    name: 'Alpha',
    primary: true,
    pos_x: 100,
    pos_y: 200,
    slots: [
      { team: 'Command', role: 'Squad Leader', lock: 'Rifleman' },
      spacer('Fire team one', 'Fireteam 1'),
      { team: 'Fireteam 1', role: 'Rifleman' },
      { team: 'Fireteam 1', role: 'Rifleman AT' },
      { team: 'Fireteam 1', role: 'Grenadier' },
      { team: 'Fireteam 1', role: 'Medic', lock: 'Combat Medic' },
      { team: 'Fireteam 1', role: 'Guest', manual_username: 'Ghost' },
    ],
  })
}

describe('GET /api/orbat and friends (snapshot, ETag)', () => {
  it('answers squads, slots, edges, waypoints and pax counters in the spec shape', async () => {
    const alpha = await basicOrbat()
    const bravo = await addSquad(db(), {
      name: 'Bravo',
      pos_x: 600,
      pos_y: 200,
      slots: [{ team: 'Alpha', role: 'Pilot', lock: 'Pilot' }],
    })
    const [waypoint] = await db().insert(orbatWaypoints).values({ pos_x: 400, pos_y: 300 }).returning()
    await db().insert(orbatPaxCounters).values({ pos_x: 50, pos_y: 50 })
    await db()
      .insert(orbatEdges)
      .values({
        source: `squad-${alpha.squad.id}`,
        target: `waypoint-${waypoint!.id}`,
        source_handle: 'right',
        target_handle: 'left',
      })
    await addMember(db(), reyes.discordId, { ingameName: 'Reyes IG' })
    expect((await signUp(reyes.client, alpha.slot('Rifleman').id)).status).toBe(200)
    expect((await signUp(novak.client, alpha.slot('Grenadier').id)).status).toBe(200)

    const response = await getJson<OrbatPayload>(t.client(), '/api/orbat')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    const orbat = response.body
    expect(Object.keys(orbat).sort()).toEqual(['edges', 'pax_counters', 'slots', 'squads', 'waypoints'])
    expect(orbat.squads).toEqual([
      {
        id: alpha.squad.id,
        name: 'Alpha',
        pos_x: 100,
        pos_y: 200,
        can_be_primary_waitlist: true,
        platoon_id: null,
        discord_channel_id: null,
        reserved_for: null,
      },
      {
        id: bravo.squad.id,
        name: 'Bravo',
        pos_x: 600,
        pos_y: 200,
        can_be_primary_waitlist: false,
        platoon_id: null,
        discord_channel_id: null,
        reserved_for: null,
      },
    ])
    const slotKeys = [
      'avatar',
      'discord_username',
      'holder',
      'id',
      'manual_username',
      'on_loa',
      'own_reserved_for',
      'required_role_id',
      'reserved_for',
      'role',
      'slot_order',
      'squad_id',
      'team',
      'team_order',
      'team_reserved_for',
      'user_id',
    ]
    for (const slot of orbat.slots) expect(Object.keys(slot).sort()).toEqual(slotKeys)
    // Ordered by squad, team, slot.
    expect(orbat.slots.map((s) => s.role)).toEqual([
      'Squad Leader',
      '---FIRE TEAM ONE---',
      'Rifleman',
      'Rifleman AT',
      'Grenadier',
      'Medic',
      'Guest',
      'Pilot',
    ])
    const byRole = (role: string) => orbat.slots.find((s) => s.role === role)!
    expect(byRole('Squad Leader')).toMatchObject({
      squad_id: alpha.squad.id,
      team: 'Command',
      team_order: 0,
      slot_order: 0,
      user_id: null,
      manual_username: null,
      discord_username: null,
      avatar: null,
      required_role_id: 'Rifleman',
    })
    expect(byRole('Grenadier')).toMatchObject({ team: 'Fireteam 1', team_order: 1, slot_order: 3 })
    // The member's in-game name wins over the Discord display name; without a member row the display name shows.
    expect(byRole('Rifleman')).toMatchObject({
      user_id: reyes.id,
      discord_username: 'Reyes IG',
      required_role_id: null,
    })
    expect(byRole('Rifleman').avatar).toMatch(/^https:\/\/cdn\.discordapp\.com\//)
    expect(byRole('Grenadier')).toMatchObject({ user_id: novak.id, discord_username: 'Pvt. Novak' })
    expect(byRole('Guest')).toMatchObject({ user_id: null, manual_username: 'Ghost', discord_username: null })
    expect(orbat.edges).toEqual([
      {
        id: expect.any(Number),
        source: `squad-${alpha.squad.id}`,
        target: `waypoint-${waypoint!.id}`,
        sourceHandle: 'right',
        targetHandle: 'left',
        type: 'smoothstep',
      },
    ])
    expect(orbat.waypoints).toEqual([{ id: waypoint!.id, pos_x: 400, pos_y: 300 }])
    expect(orbat.pax_counters).toEqual([{ id: expect.any(Number), pos_x: 50, pos_y: 50 }])
  })

  it('answers 304 to a matching If-None-Match, and a new ETag after a sign-up', async () => {
    const alpha = await basicOrbat()
    const first = await t.client().get('/api/orbat')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    const again = await t.client().get('/api/orbat', { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)

    expect((await signUp(reyes.client, alpha.slot('Rifleman').id)).status).toBe(200)
    const after = await t.client().get('/api/orbat', { headers: { 'If-None-Match': etag! } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    const orbat = (await after.json()) as OrbatPayload
    expect(orbat.slots.find((s) => s.role === 'Rifleman')!.user_id).toBe(reyes.id)
  })

  it('GET /api/settings gives {signup_time}; /api/waitlist/squads lists only squads that take preferences', async () => {
    await basicOrbat()
    await addSquad(db(), { name: 'Bravo', primary: false })
    await addSquad(db(), { name: 'Charlie', primary: true })
    expect((await getJson(t.client(), '/api/settings')).body).toEqual({ signup_time: '' })
    const at = new Date(Date.now() + 3_600_000).toISOString()
    await setSignupTime(db(), at)
    expect((await getJson(t.client(), '/api/settings')).body).toEqual({ signup_time: at })
    const squadsList = await getJson<Array<{ id: number; name: string }>>(t.client(), '/api/waitlist/squads')
    expect(squadsList.status).toBe(200)
    expect(squadsList.body.map((s) => s.name)).toEqual(['Alpha', 'Charlie'])
    expect(Object.keys(squadsList.body[0]!).sort()).toEqual(['id', 'name'])
    const waitlist = await getJson(t.client(), '/api/waitlist')
    expect(waitlist).toMatchObject({ status: 200, body: [] })
    expect(waitlist.headers.get('etag')).toBeTruthy()
  })
})

describe('GET /api/live (Server-Sent Events)', () => {
  it('sends a snapshot on connect and a new one within a second after a sign-up', async () => {
    const alpha = await basicOrbat()
    const slotId = alpha.slot('Rifleman').id
    const live = await openLive(`${t.url}/api/live`)
    try {
      expect(live.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const first = await live.waitFor((e) => e.event === 'snapshot', 2000)
      expect(Object.keys(first.data).sort()).toEqual(['orbat', 'settings', 'squads', 'version', 'waitlist'])
      expect(first.data.orbat.slots.find((s) => s.id === slotId)!.user_id).toBeNull()

      const response = await signUp(reyes.client, slotId)
      expect(response.status).toBe(200)
      const sentAt = Date.now()
      const update = await live.waitFor(
        (e) => e.event === 'snapshot' && e.data.orbat.slots.find((s) => s.id === slotId)?.user_id === reyes.id,
        1000,
      )
      expect(Date.now() - sentAt).toBeLessThan(1000)
      expect(update.data.version).toBeGreaterThan(first.data.version)
    } finally {
      live.close()
    }
  })
})

describe('POST /api/slot/{id}/signup', () => {
  it('takes an open slot: 200 {message}, the slot is theirs', async () => {
    const alpha = await basicOrbat()
    const slotId = alpha.slot('Rifleman').id
    const response = await signUp(novak.client, slotId)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ message: 'Successfully signed up!' })
    expect(await holderOf(db(), slotId)).toBe(novak.id)
  })

  it("refuses a taken slot with 409: taken by a user, by a manual name, or already one's own", async () => {
    const alpha = await basicOrbat()
    const slotId = alpha.slot('Rifleman').id
    expect((await signUp(novak.client, slotId)).status).toBe(200)
    const taken = await signUp(reyes.client, slotId)
    expect(taken.status).toBe(409)
    expect(taken.body.error).toEqual(expect.any(String))
    const manual = await signUp(reyes.client, alpha.slot('Guest').id)
    expect(manual.status).toBe(409)
    expect(manual.body.error).toEqual(expect.any(String))
    const own = await signUp(novak.client, slotId)
    expect(own.status).toBe(409)
    expect(await holderOf(db(), slotId)).toBe(novak.id)
    expect(await slotsHeldBy(db(), reyes.id)).toEqual([])
  })

  it('refuses a spacer row (400), an unknown slot (404), a bad id (400) and an anonymous caller (401)', async () => {
    const alpha = await basicOrbat()
    const spacerRow = alpha.slots.find((s) => s.role.startsWith('---'))!
    const spacerResponse = await signUp(novak.client, spacerRow.id)
    expect(spacerResponse.status).toBe(400)
    expect(spacerResponse.body.error).toEqual(expect.any(String))
    expect(await holderOf(db(), spacerRow.id)).toBeNull()

    const unknown = await signUp(novak.client, alpha.slots.at(-1)!.id + 1000)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: expect.any(String) })
    for (const bad of ['abc', '1.5', '0', '-3']) {
      const response = await signUp(novak.client, bad)
      expect(response.status, `id ${bad}`).toBe(400)
      expect(response.body).toEqual({ error: expect.any(String) })
    }
    const anonymous = await signUp(t.client(), alpha.slot('Rifleman').id)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ error: expect.any(String) })
    expect(await holderOf(db(), alpha.slot('Rifleman').id)).toBeNull()
  })

  it('answers an id beyond the integer range with 404 or 400, never 500 (docs/rules/api.md)', async () => {
    await basicOrbat()
    const signup = await signUp(novak.client, '99999999999')
    expect(signup.status, JSON.stringify(signup.body)).toBeOneOf([400, 404])
    const leave = await leaveSlot(novak.client, '99999999999')
    expect(leave.status, JSON.stringify(leave.body)).toBeOneOf([400, 404])
  })

  it("role lock: 403 without one of the role's Discord ids, 200 with it", async () => {
    const alpha = await basicOrbat()
    const medicSlot = alpha.slot('Medic').id
    const refused = await signUp(novak.client, medicSlot)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatch(/Combat Medic/)
    expect(await holderOf(db(), medicSlot)).toBeNull()
    expect((await signUp(reyes.client, medicSlot)).status).toBe(200)
    expect(await holderOf(db(), medicSlot)).toBe(reyes.id)
    // recruit_lee holds no eligible role at all: the Rifleman-locked leader slot refuses him, an unlocked one does not.
    expect((await signUp(lee.client, alpha.slot('Squad Leader').id)).status).toBe(403)
    expect((await signUp(lee.client, alpha.slot('Rifleman AT').id)).status).toBe(200)
  })

  it('a lock naming an eligible role with two comma-separated Discord ids accepts either', async () => {
    await addEligibleRoles(db(), { Support: { roleId: `${DEMO_ROLES.medic.id}, ${DEMO_ROLES.pilot.id}` } })
    const squad = await addSquad(db(), {
      name: 'Support',
      slots: [1, 2, 3].map((n) => ({ role: `Support ${n}`, lock: 'Support' })),
    })
    expect((await signUp(reyes.client, squad.slot('Support 1').id)).status).toBe(200) // medic
    expect((await signUp(kowalski.client, squad.slot('Support 2').id)).status).toBe(200) // pilot
    expect((await signUp(novak.client, squad.slot('Support 3').id)).status).toBe(403) // rifleman only
  })

  it('a lock naming a role that does not exist refuses everyone', async () => {
    await addEligibleRoles(db(), { Rifleman: {} })
    const squad = await addSquad(db(), { name: 'Ghosts', slots: [{ role: 'Ghost', lock: 'No Such Role' }] })
    for (const user of [admin, reyes, novak]) {
      const response = await signUp(user.client, squad.slot('Ghost').id)
      expect(response.status).toBe(403)
    }
    expect(await holderOf(db(), squad.slot('Ghost').id)).toBeNull()
  })

  it('time lock: refused (403 with a message) while active, accepted once the lock time passes', async () => {
    const alpha = await basicOrbat()
    const slotId = alpha.slot('Rifleman').id
    await setSignupTime(db(), new Date(Date.now() + 1200))
    const refused = await signUp(novak.client, slotId)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatch(/lock/i)
    expect(await holderOf(db(), slotId)).toBeNull()
    await expect
      .poll(async () => (await signUp(novak.client, slotId)).status, { timeout: 4000, interval: 100 })
      .toBe(200)
    expect(await holderOf(db(), slotId)).toBe(novak.id)
  })

  it('refuses a banned member with 403', async () => {
    const alpha = await basicOrbat()
    await addMember(db(), blake.discordId, { ingameName: 'Blake', banned: 'Teamkilling' })
    const response = await signUp(blake.client, alpha.slot('Rifleman').id)
    expect(response.status).toBe(403)
    expect(response.body.error).toMatch(/banned/i)
    expect(await slotsHeldBy(db(), blake.id)).toEqual([])
  })

  it('signing up while holding a slot moves the member in one step', async () => {
    const alpha = await basicOrbat()
    const from = alpha.slot('Rifleman').id
    const to = alpha.slot('Grenadier').id
    expect((await signUp(novak.client, from)).status).toBe(200)
    const moved = await signUp(novak.client, to)
    expect(moved.status).toBe(200)
    expect(await holderOf(db(), from)).toBeNull()
    expect(await holderOf(db(), to)).toBe(novak.id)
    expect(await slotsHeldBy(db(), novak.id)).toEqual([to])
    // A refused move leaves the member where they were.
    expect((await signUp(novak.client, alpha.slot('Medic').id)).status).toBe(403)
    expect((await signUp(novak.client, alpha.slot('Guest').id)).status).toBe(409)
    expect(await slotsHeldBy(db(), novak.id)).toEqual([to])
  })

  it('signing up removes the member from the waitlist', async () => {
    const alpha = await basicOrbat()
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    expect(await waitlistUserIds(db())).toEqual([novak.id])
    expect((await signUp(novak.client, alpha.slot('Rifleman').id)).status).toBe(200)
    expect(await waitlistUserIds(db())).toEqual([])
    expect((await getJson(t.client(), '/api/waitlist')).body).toEqual([])
  })
})

describe('POST /api/slot/{id}/leave', () => {
  it("leaves one's own slot; refuses someone else's (403), an open one (403), an unknown one (404), anonymous (401)", async () => {
    const alpha = await basicOrbat()
    const mine = alpha.slot('Rifleman').id
    const theirs = alpha.slot('Grenadier').id
    expect((await signUp(novak.client, mine)).status).toBe(200)
    expect((await signUp(reyes.client, theirs)).status).toBe(200)

    const other = await leaveSlot(novak.client, theirs)
    expect(other.status).toBe(403)
    expect(other.body).toEqual({ error: expect.any(String) })
    expect(await holderOf(db(), theirs)).toBe(reyes.id)
    expect((await leaveSlot(novak.client, alpha.slot('Rifleman AT').id)).status).toBe(403)
    expect((await leaveSlot(novak.client, alpha.slot('Guest').id)).status).toBe(403)
    expect((await leaveSlot(novak.client, alpha.slots.at(-1)!.id + 1000)).status).toBe(404)
    expect((await leaveSlot(novak.client, 'abc')).status).toBe(400)
    expect((await leaveSlot(t.client(), mine)).status).toBe(401)

    const ok = await leaveSlot(novak.client, mine)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ message: 'You have left the slot.' })
    expect(await holderOf(db(), mine)).toBeNull()
    // Leaving again: no longer theirs.
    expect((await leaveSlot(novak.client, mine)).status).toBe(403)
  })

  it('leaving while time-locked is allowed (the code does not check the lock) and fills nobody while locked', async () => {
    const alpha = await basicOrbat()
    const slotId = alpha.slot('Rifleman').id
    expect((await signUp(novak.client, slotId)).status).toBe(200)
    expect((await joinWaitlist(reyes.client, null)).status).toBe(200)
    await setSignupTime(db(), new Date(Date.now() + 3_600_000))
    const response = await leaveSlot(novak.client, slotId)
    expect(response.status).toBe(200)
    expect(await holderOf(db(), slotId)).toBeNull()
    // The fill rule applies only while unlocked: reyes keeps waiting.
    expect(await waitlistUserIds(db())).toEqual([reyes.id])
  })
})

describe('ORBAT activity channel', () => {
  it('posts sign-ups and leaves to orbat_activity_channel_id', async () => {
    const alpha = await basicOrbat()
    await setActivityChannel(db())
    await addMember(db(), reyes.discordId, { ingameName: 'Reyes IG' })
    expect((await signUp(reyes.client, alpha.slot('Rifleman').id)).status).toBe(200)
    await expectActivity(t, 'Reyes IG signed up for Rifleman (Alpha).')
    expect((await leaveSlot(reyes.client, alpha.slot('Rifleman').id)).status).toBe(200)
    await expectActivity(t, 'Reyes IG left Rifleman (Alpha).')
    // Lines are batched per second into as few messages as fit (Discord's per-channel rate limit); earlier tests'
    // lines may share a message. Reyes's two lines are there once each, in order.
    const lines = t.discord.state.messagesIn(ACTIVITY_CHANNEL_ID).flatMap((m) => m.content.split('\n'))
    const own = lines.filter((line) => line.startsWith('Reyes IG'))
    expect(own).toEqual(['Reyes IG signed up for Rifleman (Alpha).', 'Reyes IG left Rifleman (Alpha).'])
  })

  it('a Discord failure does not fail or slow the sign-up; it is recorded as a System audit entry', async () => {
    const alpha = await basicOrbat()
    await setActivityChannel(db())
    t.discord.state.failNext({ status: 500, count: 3, path: '/channels' })
    const started = Date.now()
    const response = await signUp(novak.client, alpha.slot('Rifleman').id)
    expect(response.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(await holderOf(db(), alpha.slot('Rifleman').id)).toBe(novak.id)
    await expect
      .poll(async () => (await auditEntries(db(), 'Discord call failed')).map((e) => e.actor), {
        timeout: 5000,
        interval: 50,
      })
      .toEqual(['System'])
    expect(t.discord.state.messagesIn(ACTIVITY_CHANNEL_ID)).toEqual([])
    // Discord is back: the next sign-up posts again.
    expect((await signUp(reyes.client, alpha.slot('Grenadier').id)).status).toBe(200)
    await expectActivity(t, 'Sgt. Reyes signed up for Grenadier (Alpha).')
  })
})
