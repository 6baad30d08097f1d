// The waitlist over real HTTP with real logins (Discord stand-in) on real PostgreSQL: join/leave conditions, the fill
// rule (docs/rules/orbat.md) with its audit entry and activity post, and the fill when the time lock ends.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { slots } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { runUnlockFill } from '#server/orbat/sign-ups.ts'
import type { OrbatPayload } from '#server/orbat/orbat.ts'
import type { WaitlistItem } from '#contracts/waitlist.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addAndLoginUsers,
  addEligibleRoles,
  addMember,
  addSquad,
  expectActivity,
  addWaitlistEntry,
  assignSlot,
  auditEntries,
  getJson,
  holderOf,
  joinWaitlist,
  leaveSlot,
  leaveWaitlist,
  loginDemos,
  resetOrbat,
  setActivityChannel,
  setSignupTime,
  signUp,
  slotsHeldBy,
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
const HOUR = 3_600_000

/** Alpha (takes preferences): 3 open rifleman slots + a medic-locked one; Bravo (takes preferences): 2; Charlie: 1. */
async function arrange(
  roles: Parameters<typeof addEligibleRoles>[1] = {
    Rifleman: { general: true },
    'Combat Medic': { general: true },
    Pilot: { general: true },
  },
) {
  await addEligibleRoles(db(), roles)
  const alpha = await addSquad(db(), {
    name: 'Alpha',
    primary: true,
    slots: [
      { role: 'Rifleman 1' },
      { role: 'Rifleman 2' },
      { role: 'Rifleman 3' },
      { role: 'Medic', lock: 'Combat Medic' },
    ],
  })
  const bravo = await addSquad(db(), {
    name: 'Bravo',
    primary: true,
    slots: [{ role: 'Bravo 1' }, { role: 'Bravo 2' }],
  })
  const charlie = await addSquad(db(), { name: 'Charlie', primary: false, slots: [{ role: 'Charlie 1' }] })
  return { alpha, bravo, charlie }
}

/** Fills every open slot with a manual name, except the given ones. */
async function fillAllBut(...openIds: number[]) {
  await db().execute(
    sql`update ${slots} set manual_username = 'Filler' where user_id is null and role not like '---%' and id <> all(${`{${openIds.join(',')}}`}::int[])`,
  )
}

describe('POST /api/waitlist/join', () => {
  it('joins with a preference by name or id, answers the entry, and lists it in GET /api/waitlist in order', async () => {
    const { alpha, bravo } = await arrange()
    await addMember(db(), reyes.discordId, { ingameName: 'Reyes IG' })
    const byName = await joinWaitlist(reyes.client, 'Alpha')
    expect(byName.status).toBe(200)
    expect(byName.body).toEqual({
      message: 'Successfully joined the waitlist!',
      entry: {
        id: expect.any(Number),
        user_id: reyes.id,
        username: 'Reyes IG',
        avatar: expect.stringMatching(/^https:\/\/cdn\.discordapp\.com\//),
        squad_preference: 'Alpha',
      },
    })
    expect((await joinWaitlist(novak.client, bravo.squad.id)).body.entry).toMatchObject({ squad_preference: 'Bravo' })
    expect((await joinWaitlist(kowalski.client, String(alpha.squad.id))).body.entry).toMatchObject({
      squad_preference: 'Alpha',
    })
    expect((await joinWaitlist(admin.client, null)).body.entry).toMatchObject({ squad_preference: null })

    const list = await getJson<Array<Record<string, unknown>>>(t.client(), '/api/waitlist')
    expect(list.status).toBe(200)
    expect(list.body.map((e) => [e.username, e.squad_preference])).toEqual([
      ['Reyes IG', 'Alpha'],
      ['Pvt. Novak', 'Bravo'],
      ['Lt. Kowalski', 'Alpha'],
      ['Cpt. Miller', null],
    ])
    for (const entry of list.body)
      expect(Object.keys(entry).sort()).toEqual(['avatar', 'id', 'squad_preference', 'user_id', 'username'])
  })

  it('needs a login (401)', async () => {
    await arrange()
    const response = await joinWaitlist(t.client(), null)
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ error: expect.any(String) })
  })

  it('is refused while the time lock is active (403)', async () => {
    await arrange()
    await setSignupTime(db(), new Date(Date.now() + HOUR))
    const response = await joinWaitlist(novak.client, null)
    expect(response.status).toBe(403)
    expect(response.body.error).toMatch(/lock/i)
    expect(await waitlistUserIds(db())).toEqual([])
  })

  it('is refused while holding a slot (409)', async () => {
    const { alpha } = await arrange()
    expect((await signUp(novak.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    const response = await joinWaitlist(novak.client, null)
    expect(response.status).toBe(409)
    expect(response.body.error).toEqual(expect.any(String))
    expect(await waitlistUserIds(db())).toEqual([])
  })

  it('is refused without any eligible role (403)', async () => {
    await arrange()
    for (const preference of [null, 'Alpha']) {
      const response = await joinWaitlist(lee.client, preference)
      expect(response.status).toBe(403)
    }
    expect(await waitlistUserIds(db())).toEqual([])
  })

  it("Any Squad (null, '', omitted) needs an eligible role with can_join_general_waitlist", async () => {
    await arrange({ Rifleman: { general: false }, 'Combat Medic': { general: true }, Pilot: { general: false } })
    for (const preference of [null, '', undefined]) {
      const response = await joinWaitlist(novak.client, preference)
      expect(response.status, `preference ${JSON.stringify(preference)}`).toBe(403)
      expect(response.body.error).toEqual(expect.any(String))
    }
    expect(await waitlistUserIds(db())).toEqual([])
    // A squad preference needs no general role.
    expect((await joinWaitlist(novak.client, 'Alpha')).status).toBe(200)
    // reyes also holds Combat Medic, which may join the general waitlist; every spelling of Any works.
    expect((await joinWaitlist(reyes.client, undefined)).status).toBe(200)
    expect((await leaveWaitlist(reyes.client)).status).toBe(200)
    expect((await joinWaitlist(reyes.client, '')).status).toBe(200)
    expect((await leaveWaitlist(reyes.client)).status).toBe(200)
    expect((await joinWaitlist(reyes.client, null)).body.entry).toMatchObject({
      user_id: reyes.id,
      squad_preference: null,
    })
  })

  it('a preference must name a squad that takes preferences (400), by name or id', async () => {
    const { charlie } = await arrange()
    for (const preference of ['Charlie', charlie.squad.id, 'No Such Squad', 999_999]) {
      const response = await joinWaitlist(novak.client, preference)
      expect(response.status, `preference ${preference}`).toBe(400)
      expect(response.body).toMatchObject({
        error: expect.any(String),
        fields: { squad_preference: [expect.any(String)] },
      })
    }
    for (const bad of [true, { squad: 1 }, ['Alpha']]) {
      expect((await joinWaitlist(novak.client, bad)).status, JSON.stringify(bad)).toBe(400)
    }
    const notJson = await novak.client.fetch('/api/waitlist/join', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{nope',
    })
    expect(notJson.status).toBe(400)
    expect(await waitlistUserIds(db())).toEqual([])
  })

  it('joining twice is a 409; a banned member is refused (403)', async () => {
    await arrange()
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    const twice = await joinWaitlist(novak.client, 'Alpha')
    expect(twice.status).toBe(409)
    expect(twice.body.error).toEqual(expect.any(String))
    await addMember(db(), blake.discordId, { ingameName: 'Blake', banned: 'Teamkilling' })
    const banned = await joinWaitlist(blake.client, null)
    expect(banned.status).toBe(403)
    expect(banned.body.error).toMatch(/banned/i)
    expect(await waitlistUserIds(db())).toEqual([novak.id])
  })
})

describe('POST /api/waitlist/leave', () => {
  it('leaves (200); not on it is a 409; anonymous 401; while locked it is refused (403)', async () => {
    await arrange()
    expect((await leaveWaitlist(t.client())).status).toBe(401)
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    const left = await leaveWaitlist(novak.client)
    expect(left.status).toBe(200)
    expect(left.body).toEqual({ message: 'You have left the waitlist.' })
    expect(await waitlistUserIds(db())).toEqual([])
    const notOn = await leaveWaitlist(novak.client)
    expect(notOn.status).toBe(409)
    expect(notOn.body.error).toEqual(expect.any(String))

    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    await setSignupTime(db(), new Date(Date.now() + HOUR))
    const locked = await leaveWaitlist(novak.client)
    expect(locked.status).toBe(403)
    expect(await waitlistUserIds(db())).toEqual([novak.id])
  })
})

describe('the fill rule', () => {
  it('a freed slot goes to the longest-waiting member, in the same request: audit-logged and posted', async () => {
    const { alpha } = await arrange()
    await setActivityChannel(db())
    await fillAllBut(alpha.slot('Rifleman 1').id)
    expect((await signUp(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect((await joinWaitlist(reyes.client, null)).status).toBe(200)
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)

    expect((await leaveSlot(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    // Placed when the leave answers: same transaction.
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(reyes.id)
    expect(await waitlistUserIds(db())).toEqual([novak.id])
    const audit = await auditEntries(db(), 'Waitlist placement')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor: 'System', actor_user_id: null })
    expect(audit[0]!.details).toContain('Sgt. Reyes')
    expect(audit[0]!.details).toContain('Rifleman 1 (Alpha)')
    await expectActivity(t, 'Sgt. Reyes was moved from the waitlist into Rifleman 1 (Alpha).')
    await expectActivity(t, 'Cpt. Miller left Rifleman 1 (Alpha).')
    const orbat = (await getJson<OrbatPayload>(t.client(), '/api/orbat')).body
    expect(orbat.slots.find((s) => s.role === 'Rifleman 1')).toMatchObject({
      user_id: reyes.id,
      discord_username: 'Sgt. Reyes',
    })
    expect((await getJson<WaitlistItem[]>(t.client(), '/api/waitlist')).body.map((e) => e.user_id)).toEqual([novak.id])
  })

  it("skips a preference for another squad; the preferred squad's slot goes to them", async () => {
    const { alpha, bravo } = await arrange()
    await fillAllBut(alpha.slot('Rifleman 1').id, bravo.slot('Bravo 1').id)
    expect((await signUp(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect((await signUp(kowalski.client, bravo.slot('Bravo 1').id)).status).toBe(200)
    expect((await joinWaitlist(reyes.client, 'Bravo')).status).toBe(200) // longest waiting, wants Bravo
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)

    expect((await leaveSlot(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(novak.id)
    expect(await waitlistUserIds(db())).toEqual([reyes.id])

    expect((await leaveSlot(kowalski.client, bravo.slot('Bravo 1').id)).status).toBe(200)
    expect(await holderOf(db(), bravo.slot('Bravo 1').id)).toBe(reyes.id)
    expect(await waitlistUserIds(db())).toEqual([])
  })

  it("skips members who do not qualify for the slot's role lock", async () => {
    const { alpha } = await arrange()
    await fillAllBut(alpha.slot('Medic').id)
    expect((await signUp(reyes.client, alpha.slot('Medic').id)).status).toBe(200)
    expect((await joinWaitlist(novak.client, null)).status).toBe(200) // rifleman only, longest waiting
    expect((await joinWaitlist(admin.client, null)).status).toBe(200) // no medic role either
    // A medic joins last.
    const [medic] = await addAndLoginUsers(t, 1, { prefix: 9, roles: [DEMO_ROLES.medic.id] })
    expect((await joinWaitlist(medic!.client, null)).status).toBe(200)

    expect((await leaveSlot(reyes.client, alpha.slot('Medic').id)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Medic').id)).toBe(medic!.id)
    expect(await waitlistUserIds(db())).toEqual([novak.id, admin.id])
  })

  it('skips banned members and members who already hold a slot; nobody fitting leaves the slot open', async () => {
    const { alpha } = await arrange()
    await fillAllBut(alpha.slot('Rifleman 1').id, alpha.slot('Rifleman 2').id)
    expect((await signUp(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    await assignSlot(db(), alpha.slot('Rifleman 2').id, kowalski.id)
    const base = Date.now() - 60_000
    // Written directly: the API would refuse both (banned; holding a slot), but bans and admin assignments happen later.
    // The database refuses a banned member's new entry (a ban wins), so Blake joins first and is banned after, with
    // the flag alone: the fill must still skip him.
    const blakeMember = await addMember(db(), blake.discordId, { ingameName: 'Blake' })
    await addWaitlistEntry(db(), blake.id, { createdAt: new Date(base) })
    await db()
      .update(members)
      .set({ is_banned: true, banned_date: new Date(), ban_reason: 'Teamkilling' })
      .where(eq(members.id, blakeMember.id))
    await addWaitlistEntry(db(), kowalski.id, { createdAt: new Date(base + 1000) })

    expect((await leaveSlot(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBeNull()
    expect(await waitlistUserIds(db())).toEqual([blake.id, kowalski.id])
    expect(await auditEntries(db(), 'Waitlist placement')).toEqual([])

    await addWaitlistEntry(db(), novak.id, { createdAt: new Date(base + 2000) })
    expect((await signUp(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect((await leaveSlot(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(novak.id)
    expect(await slotsHeldBy(db(), kowalski.id)).toEqual([alpha.slot('Rifleman 2').id])
  })

  it('a sign-up that moves a member out of another slot fills that slot too', async () => {
    const { alpha } = await arrange()
    await setActivityChannel(db())
    await fillAllBut(alpha.slot('Rifleman 1').id, alpha.slot('Rifleman 2').id)
    expect((await signUp(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect((await joinWaitlist(novak.client, 'Alpha')).status).toBe(200)
    expect((await signUp(admin.client, alpha.slot('Rifleman 2').id)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Rifleman 2').id)).toBe(admin.id)
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(novak.id)
    expect(await waitlistUserIds(db())).toEqual([])
    expect(await auditEntries(db(), 'Waitlist placement')).toHaveLength(1)
    await expectActivity(t, 'Pvt. Novak was moved from the waitlist into Rifleman 1 (Alpha).')
  })
})

describe('when the time lock ends', () => {
  it('the first sign-up runs the waitlist fill first: the waiting member gets the only open slot, the direct sign-up 409', async () => {
    const { alpha } = await arrange()
    await setActivityChannel(db())
    await fillAllBut(alpha.slot('Rifleman 1').id)
    expect((await signUp(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200)
    expect((await joinWaitlist(novak.client, null)).status).toBe(200) // joined before the lock was set
    await setSignupTime(db(), new Date(Date.now() + HOUR))
    expect((await leaveSlot(admin.client, alpha.slot('Rifleman 1').id)).status).toBe(200) // freed during the lock: no fill
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBeNull()
    await setSignupTime(db(), new Date(Date.now() - 1000)) // the lock just ended
    const direct = await signUp(reyes.client, alpha.slot('Rifleman 1').id)
    expect(direct.status).toBe(409)
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(novak.id)
    expect(await waitlistUserIds(db())).toEqual([])
    expect(await auditEntries(db(), 'Waitlist placement')).toHaveLength(1)
    await expectActivity(t, 'Pvt. Novak was moved from the waitlist into Rifleman 1 (Alpha).')
  })

  it('a burst of direct sign-ups at the unlock never beats the waiting members', async () => {
    const { alpha } = await arrange()
    const open = [alpha.slot('Rifleman 1').id, alpha.slot('Rifleman 2').id]
    await fillAllBut(...open)
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    expect((await joinWaitlist(kowalski.client, null)).status).toBe(200)
    await setSignupTime(db(), new Date(Date.now() - 500))
    const herd = await addAndLoginUsers(t, 12, { prefix: 8 })
    const responses = await Promise.all(herd.map((u, i) => signUp(u.client, open[i % 2]!)))
    expect(responses.map((r) => r.status)).toEqual(herd.map(() => 409))
    expect((await Promise.all(open.map((id) => holderOf(db(), id)))).sort()).toEqual([novak.id, kowalski.id].sort())
  })

  it('sign-ups racing the unlock instant never beat the waiting members (the lock check and the fill check must agree)', async () => {
    const herd = await addAndLoginUsers(t, 16, { prefix: 7 })
    // The race needs requests in flight exactly at the unlock; a few rounds make a miss practically impossible.
    for (let round = 0; round < 5; round++) {
      await resetOrbat(t)
      const { alpha } = await arrange()
      const open = [alpha.slot('Rifleman 1').id, alpha.slot('Rifleman 2').id]
      await fillAllBut(...open)
      expect((await joinWaitlist(novak.client, null)).status).toBe(200)
      expect((await joinWaitlist(kowalski.client, null)).status).toBe(200)
      const unlockAt = Date.now() + 300
      await setSignupTime(db(), new Date(unlockAt))
      // Everyone hammers from just before the unlock until just after it, the way a herd does.
      const winners: number[] = []
      await Promise.all(
        herd.map(async (u, i) => {
          while (Date.now() < unlockAt - 100) await new Promise((r) => setTimeout(r, 5))
          // Until 100 ms past the unlock, and at least one press sent after it (on a busy machine one press can take
          // longer than the whole window): the fill must have run before any press is taken.
          let pressedAfterUnlock = false
          while (Date.now() < unlockAt + 100 || !pressedAfterUnlock) {
            pressedAfterUnlock ||= Date.now() >= unlockAt
            const response = await signUp(u.client, open[i % 2]!)
            if (response.status === 200) {
              winners.push(u.id)
              return
            }
          }
        }),
      )
      expect(winners, `round ${round}: direct sign-ups accepted before the unlock fill`).toEqual([])
      expect((await Promise.all(open.map((id) => holderOf(db(), id)))).sort()).toEqual([novak.id, kowalski.id].sort())
    }
  })

  it('runUnlockFill fills open slots from the waitlist once per unlock, and nothing while locked', async () => {
    const { alpha } = await arrange()
    await fillAllBut(alpha.slot('Rifleman 1').id, alpha.slot('Rifleman 2').id, alpha.slot('Medic').id)
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    expect((await joinWaitlist(reyes.client, null)).status).toBe(200)
    expect((await joinWaitlist(kowalski.client, 'Bravo')).status).toBe(200) // Bravo is full: stays waiting

    await setSignupTime(db(), new Date(Date.now() + HOUR))
    await runUnlockFill(t.app.services)
    expect(await waitlistUserIds(db())).toEqual([novak.id, reyes.id, kowalski.id])

    const firstUnlock = new Date(Date.now() - 1000)
    await setSignupTime(db(), firstUnlock)
    await runUnlockFill(t.app.services)
    // ORBAT order: Rifleman 1 -> novak (longest waiting), Rifleman 2 -> reyes, Medic -> nobody left who fits.
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(novak.id)
    expect(await holderOf(db(), alpha.slot('Rifleman 2').id)).toBe(reyes.id)
    expect(await holderOf(db(), alpha.slot('Medic').id)).toBeNull()
    expect(await waitlistUserIds(db())).toEqual([kowalski.id])
    expect(await auditEntries(db(), 'Waitlist placement')).toHaveLength(2)

    // Once per unlock: a later run for the same signup_time does nothing, even with a fitting member waiting.
    await leaveWaitlist(kowalski.client)
    expect((await joinWaitlist(kowalski.client, null)).status).toBe(200)
    await db().execute(
      sql`update ${slots} set manual_username = null where manual_username = 'Filler' and role = 'Bravo 1'`,
    )
    await runUnlockFill(t.app.services)
    expect(await waitlistUserIds(db())).toEqual([kowalski.id])

    // A new unlock (another signup_time that has passed) fills again.
    await setSignupTime(db(), new Date(firstUnlock.getTime() + 500))
    await runUnlockFill(t.app.services)
    expect(await waitlistUserIds(db())).toEqual([])
    expect(await slotsHeldBy(db(), kowalski.id)).toHaveLength(1)
  })
})
