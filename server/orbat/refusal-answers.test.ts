// Every refusal of the four member writes, as members read it: the exact status and {error} of the /api (a contract
// checked from outside), and the same text in the ORBAT page's toast, since both go through one handler
// (server/http/member-writes.ts answerMemberWrite). Also the refusal after a write: it is raised, so the member's old
// slot, given up on the way, is theirs again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readToast } from '#server/toast.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import {
  addEligibleRoles,
  addMember,
  addSquad,
  holderOf,
  joinWaitlist,
  leaveSlot,
  leaveWaitlist,
  loginDemos,
  resetOrbat,
  setSignupTime,
  signUp,
  spacer,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

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

async function arrange() {
  await addEligibleRoles(db(), { Rifleman: { general: true }, Pilot: {} })
  await addMember(db(), blake.discordId, { ingameName: 'Blake', banned: 'Teamkilling' })
  const alpha = await addSquad(db(), {
    name: 'Alpha',
    primary: true,
    slots: [
      spacer('Alpha'),
      { role: 'Rifleman', lock: 'Rifleman' },
      { role: 'Pilot', lock: 'Pilot' },
      { role: 'JTAC' },
    ],
  })
  const bravo = await addSquad(db(), { name: 'Bravo', slots: [{ role: 'Bravo 1' }] })
  return { alpha, bravo }
}

/** The ORBAT page's form post (JavaScript off) and the text of the toast it answers with. */
async function pageToast(client: TestClient, fields: Record<string, string>) {
  const response = await client.postForm('/orbat', fields)
  expect(response.status, JSON.stringify(fields)).toBe(302)
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('toast='))
    ?.split(';')[0]
  const { toast } = await readToast(t.app.services.config, new Request(t.url, { headers: { cookie: cookie ?? '' } }))
  return toast && { type: toast.type, message: toast.message }
}

describe('a refused member write', () => {
  it('answers the /api and the page with the same status-bearing text, slot by slot', async () => {
    const { alpha } = await arrange()
    const heading = alpha.slots[0]!.id
    const rifleman = alpha.slot('Rifleman').id
    const pilot = alpha.slot('Pilot').id
    const jtac = alpha.slot('JTAC').id
    const refused = (error: string) => ({ type: 'error', message: error })

    const cases: Array<[string, LoggedIn, () => Promise<{ status: number; body: unknown }>, Record<string, string>]> = [
      ['bannedSignUp', blake, () => signUp(blake.client, jtac), { intent: 'signup', slotId: String(jtac) }],
      ['slotNotFound', novak, () => signUp(novak.client, 999_999), { intent: 'signup', slotId: '999999' }],
      ['notASlot', novak, () => signUp(novak.client, heading), { intent: 'signup', slotId: String(heading) }],
      ['roleLocked', novak, () => signUp(novak.client, pilot), { intent: 'signup', slotId: String(pilot) }],
      [
        'leave: slotNotFound',
        novak,
        () => leaveSlot(novak.client, 999_999),
        { intent: 'leave', slotId: '999999', confirmed: 'yes' },
      ],
      [
        'notYourSlot',
        novak,
        () => leaveSlot(novak.client, jtac),
        { intent: 'leave', slotId: String(jtac), confirmed: 'yes' },
      ],
      ['noEligibleRole', lee, () => joinWaitlist(lee.client, null), { intent: 'join-waitlist', squad_preference: '' }],
      [
        'bannedWaitlist',
        blake,
        () => joinWaitlist(blake.client, null),
        { intent: 'join-waitlist', squad_preference: '' },
      ],
      [
        'noGeneralWaitlist',
        kowalski,
        () => joinWaitlist(kowalski.client, null),
        { intent: 'join-waitlist', squad_preference: '' },
      ],
      ['notOnWaitlist', novak, () => leaveWaitlist(novak.client), { intent: 'leave-waitlist' }],
    ]
    const expected: Record<string, { status: number; body: unknown }> = {
      bannedSignUp: { status: 403, body: { error: 'Banned members cannot sign up.' } },
      slotNotFound: { status: 404, body: { error: 'Slot not found.' } },
      notASlot: { status: 400, body: { error: 'This row is a heading, not a slot.' } },
      roleLocked: {
        status: 403,
        body: { error: 'This slot is locked to Pilot. You do not have the required Discord role.' },
      },
      'leave: slotNotFound': { status: 404, body: { error: 'Slot not found.' } },
      notYourSlot: { status: 403, body: { error: 'You can only leave your own slot.' } },
      noEligibleRole: { status: 403, body: { error: 'You need an eligible Discord role to join the waitlist.' } },
      bannedWaitlist: { status: 403, body: { error: 'Banned members cannot join the waitlist.' } },
      noGeneralWaitlist: {
        status: 403,
        body: { error: 'Your roles do not allow joining the general waitlist. Choose a squad preference.' },
      },
      notOnWaitlist: { status: 409, body: { error: 'You are not on the waitlist.' } },
    }
    // JTAC is Reyes's, so the others' sign-ups and leaves meet a slot that is someone else's.
    expect((await signUp(reyes.client, jtac)).status).toBe(200)
    for (const [name, member, api, form] of cases) {
      const answer = await api()
      expect({ name, status: answer.status, body: answer.body }).toEqual({ name, ...expected[name]! })
      expect(await pageToast(member.client, form), name).toEqual(
        refused((expected[name]!.body as { error: string }).error),
      )
    }

    // Taken, already theirs, holding a slot, already waiting, a squad that takes no preferences.
    const taken = { status: 409, body: { error: 'This slot is already taken.' } }
    expect(await signUp(novak.client, jtac)).toMatchObject(taken)
    expect(await pageToast(novak.client, { intent: 'signup', slotId: String(jtac) })).toEqual(refused(taken.body.error))
    const yours = { status: 409, body: { error: 'You are already signed up to this slot.' } }
    expect(await signUp(reyes.client, jtac)).toMatchObject(yours)
    expect(await pageToast(reyes.client, { intent: 'signup', slotId: String(jtac) })).toEqual(refused(yours.body.error))
    const holds = { status: 409, body: { error: 'You already hold a slot. Leave it before joining the waitlist.' } }
    expect(await joinWaitlist(reyes.client, null)).toMatchObject(holds)
    expect(await pageToast(reyes.client, { intent: 'join-waitlist', squad_preference: '' })).toEqual(
      refused(holds.body.error),
    )
    expect((await joinWaitlist(novak.client, null)).status).toBe(200)
    const waiting = { status: 409, body: { error: 'You are already on the waitlist.' } }
    expect(await joinWaitlist(novak.client, null)).toMatchObject(waiting)
    expect(await pageToast(novak.client, { intent: 'join-waitlist', squad_preference: '' })).toEqual(
      refused(waiting.body.error),
    )
    expect((await leaveWaitlist(novak.client)).status).toBe(200)
    expect(await joinWaitlist(novak.client, 'Bravo')).toMatchObject({
      status: 400,
      body: {
        error: 'That squad does not take waitlist preferences.',
        fields: { squad_preference: ['Choose one of the listed squads.'] },
      },
    })
    expect(await pageToast(novak.client, { intent: 'join-waitlist', squad_preference: 'Bravo' })).toEqual(
      refused('That squad does not take waitlist preferences.'),
    )
    expect(await holderOf(db(), rifleman)).toBeNull()
  })

  it('answers the time lock the same way, and a signed-out caller with 401', async () => {
    const { alpha } = await arrange()
    const jtac = alpha.slot('JTAC').id
    await setSignupTime(db(), new Date(Date.now() + 3_600_000))
    const locked = { status: 403, body: { error: 'Sign-ups are locked.' } }
    expect(await signUp(novak.client, jtac)).toMatchObject(locked)
    expect(await pageToast(novak.client, { intent: 'signup', slotId: String(jtac) })).toEqual({
      type: 'error',
      message: locked.body.error,
    })
    const waitlistLocked = { status: 403, body: { error: 'The waitlist is locked until sign-ups open.' } }
    expect(await joinWaitlist(novak.client, null)).toMatchObject(waitlistLocked)
    expect(await leaveWaitlist(novak.client)).toMatchObject(waitlistLocked)
    expect(await pageToast(novak.client, { intent: 'leave-waitlist' })).toEqual({
      type: 'error',
      message: waitlistLocked.body.error,
    })
    expect(await signUp(t.client(), jtac)).toMatchObject({ status: 401, body: { error: 'You must be logged in.' } })
  })

  it('after a write is raised, so the slot the member gave up on the way is theirs again', async () => {
    const { alpha } = await arrange()
    const jtac = alpha.slot('JTAC').id
    const rifleman = alpha.slot('Rifleman').id
    expect((await signUp(novak.client, rifleman)).status).toBe(200)
    // Reyes takes JTAC in a transaction that commits only once Novak's move waits on JTAC's row: Novak's function has
    // read JTAC open and given up Rifleman by then.
    const other = await t.database.sql.reserve()
    try {
      await other`begin`
      await other`update slots set user_id = ${reyes.id} where id = ${jtac}`
      const move = signUp(novak.client, jtac)
      await expect
        .poll(async () => {
          const [row] = await t.database.sql<{ waiting: number }[]>`
            select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and query like '%orbat_sign_up%'`
          return row!.waiting
        })
        .toBe(1)
      await other`commit`
      expect(await move).toMatchObject({ status: 409, body: { error: 'This slot is already taken.' } })
    } finally {
      other.release()
    }
    expect(await holderOf(db(), rifleman)).toBe(novak.id)
    expect(await holderOf(db(), jtac)).toBe(reyes.id)
  })
})
