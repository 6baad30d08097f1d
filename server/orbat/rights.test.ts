// What the public ORBAT offers a member (actions that cannot succeed are not offered: docs/rules/orbat.md), checked
// against what the server then does: for every demo member, the rights the page is given agree with the answers of the
// real sign-up and waitlist calls, and the page's HTML for a banned member holds no enabled Sign up button.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#db/schema/users-sessions.ts'
import { ORBAT_REFUSALS } from '#contracts/orbat-rights.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
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
      recruit_lee: { waitlistRefusal: ORBAT_REFUSALS.noEligibleRole, generalWaitlist: false },
      banned_blake: { waitlistRefusal: ORBAT_REFUSALS.bannedWaitlist, generalWaitlist: true },
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
    expect((await rightsOf(blake)).signUpRefusal).toEqual({ label: 'Banned', reason: ORBAT_REFUSALS.bannedSignUp })
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
