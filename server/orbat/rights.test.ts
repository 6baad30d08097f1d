// What the public ORBAT offers a member (actions that cannot succeed are not offered: docs/rules/orbat.md), checked
// against what the server then does: for every demo member, the rights the page is given agree with the answers of the
// real sign-up and waitlist calls, and the page's HTML for a banned member holds no enabled Sign up button.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { alliedGuests, alliedUnits } from '#db/schema/allies.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import { users } from '#db/schema/users-sessions.ts'
import { ORBAT_REFUSALS, orbatRefusalText } from '#contracts/orbat-rights.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addAndLoginUsers,
  addEligibleRoles,
  addMember,
  addSquad,
  joinWaitlist,
  leaveSlot,
  leaveWaitlist,
  loginDemos,
  resetOrbat,
  signUp,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { markChanged } from './live.ts'
import { orbatRights } from './rights.ts'

let t: TestApp
let reyes: LoggedIn, novak: LoggedIn, kowalski: LoggedIn, lee: LoggedIn, blake: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[reyes, novak, kowalski, lee, blake] = await loginDemos(t, [
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

async function rightsOf(member: LoggedIn) {
  const [user] = await db().select().from(users).where(eq(users.id, member.id))
  return orbatRights(db(), user!)
}

async function arrange() {
  await addEligibleRoles(db(), { Rifleman: { general: true }, 'Combat Medic': {}, Pilot: {} })
  await addMember(db(), blake.discordId, { ingameName: 'Blake', banned: 'Teamkilling' })
  return addSquad(db(), {
    name: 'Alpha',
    primary: true,
    slots: [
      { role: 'Rifleman', lock: 'Rifleman' },
      { role: 'Medic', lock: 'Combat Medic' },
      { role: 'Pilot', lock: 'Pilot' },
      { role: 'JTAC' },
    ],
  })
}

describe('the rights the ORBAT page is given', () => {
  it('agree with what sign-up answers, slot by slot, for every kind of member', async () => {
    const alpha = await arrange()
    for (const member of [reyes, novak, kowalski, lee, blake]) {
      const rights = await rightsOf(member)
      for (const slot of alpha.slots) {
        const offered =
          rights.signUpRefusal === null &&
          (slot.required_role_id === null || rights.qualifiedLocks.includes(slot.required_role_id))
        const response = await signUp(member.client, slot.id)
        expect({ member: member.username, slot: slot.role, status: response.status }).toEqual({
          member: member.username,
          slot: slot.role,
          status: offered ? 200 : 403,
        })
        if (response.status === 200) expect((await leaveSlot(member.client, slot.id)).status).toBe(200)
      }
    }
  })

  it('agree with what joining the waitlist answers: banned, no eligible role, squads only, or any squad', async () => {
    const alpha = await arrange()
    const expected = {
      reyes: { waitlistRefusal: null, generalWaitlist: true },
      novak: { waitlistRefusal: null, generalWaitlist: true },
      kowalski: { waitlistRefusal: null, generalWaitlist: false },
      recruit_lee: { waitlistRefusal: 'noEligibleRole', generalWaitlist: false },
      banned_blake: { waitlistRefusal: 'bannedWaitlist', generalWaitlist: true },
    }
    for (const member of [reyes, novak, kowalski, lee, blake]) {
      const rights = await rightsOf(member)
      expect({ waitlistRefusal: rights.waitlistRefusal, generalWaitlist: rights.generalWaitlist }).toEqual(
        expected[member.username as keyof typeof expected],
      )
      const any = await joinWaitlist(member.client)
      expect(any.status, `${member.username} joins Any Squad`).toBe(
        rights.waitlistRefusal === null && rights.generalWaitlist ? 200 : 403,
      )
      if (any.status === 200) expect((await leaveWaitlist(member.client)).status).toBe(200)
      const squad = await joinWaitlist(member.client, alpha.squad.id)
      expect(squad.status, `${member.username} joins with a preference`).toBe(
        rights.waitlistRefusal === null ? 200 : 403,
      )
      if (squad.status === 200) expect((await leaveWaitlist(member.client)).status).toBe(200)
    }
    expect((await rightsOf(blake)).signUpRefusal).toEqual({ label: 'banned', code: 'bannedSignUp', detail: null })
  })

  it("a banned member's /orbat HTML shows the reason, never an enabled Sign up", async () => {
    await arrange()
    const html = await (await blake.client.get('/orbat')).text()
    const signUps = [...html.matchAll(/<button[^>]*aria-label="Sign up for [^"]*"[^>]*>/g)].map(([tag]) => tag)
    expect(signUps.length).toBeGreaterThan(0)
    for (const tag of signUps) expect(tag).toMatch(/\sdisabled=""/)
    expect(html).toContain(ORBAT_REFUSALS.bannedSignUp)
    // A member who may sign up gets working buttons in the same HTML.
    const reyesHtml = await (await reyes.client.get('/orbat')).text()
    expect(reyesHtml).toMatch(/<button type="submit"[^>]*aria-label="Sign up for Medic in Alpha"/)
  })
})

describe('reservations for allied units', () => {
  it('a member and the guests of two allied units: the rights the page is given, and what sign-up answers on each slot', async () => {
    await addEligibleRoles(db(), { Rifleman: { general: true }, Pilot: {} })
    const [cb, tfb] = await db()
      .insert(alliedUnits)
      .values([
        { name: '3rd Commando Brigade', tag: '3CB', invite_code: 'rights-3cb' },
        { name: 'Task Force Bravo', tag: 'TFB', invite_code: 'rights-tfb', guests_need_roles: true },
      ])
      .returning()
    const alpha = await addSquad(db(), {
      name: 'Alpha',
      slots: [
        { role: 'Lead' },
        { role: 'Pilot', lock: 'Pilot', team: 'Air' },
        { role: 'Door Gunner', team: 'Air' },
        { role: 'Rifleman' },
      ],
    })
    // The Air team for 3CB, its door gunner for TFB; the squad's Lead stays open to members.
    await db().update(slots).set({ team_reserved_for: cb!.id }).where(eq(slots.team, 'Air'))
    await db()
      .update(slots)
      .set({ reserved_for: tfb!.id })
      .where(eq(slots.id, alpha.slot('Door Gunner').id))
    const [cbGuest, tfbGuest] = await addAndLoginUsers(t, 2, { prefix: 7, roles: [] })
    await db()
      .insert(alliedGuests)
      .values([
        { user_id: cbGuest!.id, allied_unit_id: cb!.id },
        { user_id: tfbGuest!.id, allied_unit_id: tfb!.id },
      ])

    markChanged()
    const live = await (await reyes.client.get('/api/orbat')).json()
    const liveSlot = (id: number) => live.slots.find((s: { id: number }) => s.id === id)
    expect(liveSlot(alpha.slot('Pilot').id).reserved_for).toEqual({ id: cb!.id, tag: '3CB', name: cb!.name })
    expect(liveSlot(alpha.slot('Door Gunner').id).reserved_for.tag).toBe('TFB')

    // What each may take: the status, or the refusal's text (the page's reasons are the same texts: rows.test.ts).
    const members = (unit: string) => orbatRefusalText('slotReserved', unit)
    const guestsOf = (unit: string) => orbatRefusalText('guestOutsideReservation', unit)
    const expected: Record<string, Record<string, string>> = {
      reyes: { Lead: 'ok', Pilot: members(cb!.name), 'Door Gunner': members(tfb!.name), Rifleman: 'ok' },
      // Role locks do not bind 3CB's guests; TFB's must hold the roles.
      trooper_7_0: {
        Lead: guestsOf(cb!.name),
        Pilot: 'ok',
        'Door Gunner': guestsOf(cb!.name),
        Rifleman: guestsOf(cb!.name),
      },
      trooper_7_1: {
        Lead: guestsOf(tfb!.name),
        Pilot: guestsOf(tfb!.name),
        'Door Gunner': 'ok',
        Rifleman: guestsOf(tfb!.name),
      },
    }
    const rights = {
      reyes: { guestOf: null, roleLocksApply: true },
      trooper_7_0: { guestOf: { id: cb!.id, name: cb!.name, tag: '3CB' }, roleLocksApply: false },
      trooper_7_1: { guestOf: { id: tfb!.id, name: tfb!.name, tag: 'TFB' }, roleLocksApply: true },
    }
    for (const person of [reyes, cbGuest!, tfbGuest!]) {
      const given = await rightsOf(person)
      expect({ guestOf: given.guestOf, roleLocksApply: given.roleLocksApply }).toEqual(
        rights[person.username as keyof typeof rights],
      )
      // A guest may wait for their unit's slots whatever their roles.
      if (given.guestOf) expect([given.waitlistRefusal, given.generalWaitlist]).toEqual([null, true])
      for (const slot of alpha.slots) {
        const response = await signUp(person.client, slot.id)
        const answer = response.status === 200 ? 'ok' : response.body.error
        expect({ who: person.username, slot: slot.role, answer }).toEqual({
          who: person.username,
          slot: slot.role,
          answer: expected[person.username]![slot.role],
        })
        if (response.status === 200) expect((await leaveSlot(person.client, slot.id)).status).toBe(200)
      }
    }
    // Deleting the squad's rows leaves the allied units to the next test's reset.
    await db().delete(squads).where(eq(squads.id, alpha.squad.id))
  })
})
