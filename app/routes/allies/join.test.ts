// The joint operations pages over real HTTP, posted as a browser without JavaScript posts them
// (docs/rules/joint-operations.md): the admin's Allied units page adds a unit (bad input and a taken name answered
// inline, never a 500); the invite link page for a visitor, a wrong code, a roster member (who stays one), a new person
// who joins (and lands on the ORBAT) and a guest already; /account naming the guest's unit; and what a guest, who is
// not on the roster, may not do: sign up to trainings, take tests, ask for leave.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALLY_MESSAGES, allyMessage } from '#contracts/allies.ts'
import { alliedGuests, alliedUnits } from '#db/schema/allies.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { loginStandInUser, userIdOf } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: TestClient
let member: TestClient
let guest: TestClient
let guestId: number
let memberId: number

// Beside the demo's own allied unit (db/seed/allies.ts), which the counts below leave out.
const NAME = 'Task Force Rhino'
const TAG = 'TFR'
const GUEST_DISCORD_ID = '812340000000000001'

beforeAll(async () => {
  t = await startTestApp()
  await seedDemoData(t.database.db)
  // A player of another community: not in the unit's Discord server, not on its roster.
  t.discord.state.addUser(
    {
      id: GUEST_DISCORD_ID,
      username: 'ally_player',
      global_name: 'Ally Player',
      avatar: null,
      roles: [],
      description: 'Test guest',
    },
    { inGuild: false },
  )
  ;[admin, member, guest] = await Promise.all([
    t.login('demo_admin'),
    t.login('novak'),
    loginStandInUser(t, GUEST_DISCORD_ID),
  ])
  guestId = await userIdOf(guest)
  memberId = await userIdOf(member)
})
afterAll(async () => {
  await t?.close()
})

const db = () => t.database.db
const html = async (response: Response) => (await response.text()).replaceAll('&#x27;', "'")

/** The admin page's Add allied unit form, as posted without JavaScript. */
const addUnit = (fields: Record<string, string>) =>
  admin.postForm('/admin/allied-units?dialog=add', { _form: 'allied-unit', intent: 'save-allied-unit', ...fields })

async function inviteCode(): Promise<string> {
  const [row] = await db().select({ code: alliedUnits.invite_code }).from(alliedUnits).where(eq(alliedUnits.name, NAME))
  return row!.code
}

describe('the Allied units page', () => {
  it('adds a unit from its form; bad input and a taken name are answered in the form, with nothing stored', async () => {
    const bad = await addUnit({ name: NAME, tag: TAG, release_hours_before: 'soon' })
    expect(bad.status).toBe(400)
    expect(await html(bad)).toContain('The release must be a whole number of hours from 0 to 8760, or empty for never.')
    expect(await db().select().from(alliedUnits).where(eq(alliedUnits.name, NAME))).toHaveLength(0)

    const added = await addUnit({ name: NAME, tag: TAG, release_hours_before: '24', guests_need_roles: 'on' })
    expect(added.status).toBe(302)
    const [unit] = await db().select().from(alliedUnits).where(eq(alliedUnits.name, NAME))
    expect(unit).toMatchObject({ name: NAME, tag: TAG, release_hours_before: 24, guests_need_roles: true })
    expect(added.headers.get('location')).toBe(`/admin/allied-units?unit=${unit!.id}`)

    const taken = await addUnit({ name: NAME.toUpperCase(), tag: 'OTHER' })
    expect(taken.status).toBe(409)
    expect(await html(taken)).toContain(ALLY_MESSAGES.nameTaken)

    const page = await admin.get('/admin/allied-units')
    expect(page.status).toBe(200)
    const text = await html(page)
    expect(text).toContain('Released 24 h before the operation')
    expect(text).toContain(`/allies/join/${unit!.invite_code}`)
  })

  it('is for admins only', async () => {
    expect((await member.get('/admin/allied-units')).status).toBe(403)
    const post = await member.postForm('/admin/allied-units', { intent: 'save-allied-unit', name: 'X', tag: 'X' })
    expect(post.status).toBe(403)
  })
})

describe('the invite link page', () => {
  it('shows a visitor the unit and the login that comes back to it; a wrong code is a 404 saying so', async () => {
    const code = await inviteCode()
    const page = await t.client().get(`/allies/join/${code}`)
    expect(page.status).toBe(200)
    const text = await html(page)
    expect(text).toContain(NAME)
    expect(text).toContain(`/auth/discord?returnTo=${encodeURIComponent(`/allies/join/${code}`)}`)

    for (const wrong of ['no-such-code', 'x'.repeat(300)]) {
      const missing = await t.client().get(`/allies/join/${wrong}`)
      expect(missing.status, wrong).toBe(404)
      expect(await html(missing)).toContain(ALLY_MESSAGES.badCode)
    }
    // Posted by someone signed in, a wrong code is refused too (404 page, nobody made a guest).
    const refused = await guest.postForm('/allies/join/no-such-code', { intent: 'join-ally' })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)

    const anonymous = await t.client().postForm(`/allies/join/${code}`, { intent: 'join-ally' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toMatch(/^\/auth\/discord\?returnTo=/)
  })

  it('tells a roster member they stay one, and makes them no guest', async () => {
    const code = await inviteCode()
    const page = await html(await member.get(`/allies/join/${code}`))
    expect(page).toContain(ALLY_MESSAGES.isMember)
    expect(page).not.toContain('as a guest</button>')
    const post = await member.postForm(`/allies/join/${code}`, { intent: 'join-ally' })
    expect(post.status).toBe(409)
    expect(await html(post)).toContain(ALLY_MESSAGES.isMember)
    expect(await db().select().from(alliedGuests).where(eq(alliedGuests.user_id, memberId))).toHaveLength(0)
  })

  it('makes a new person a guest and sends them to the ORBAT; then says they are one already', async () => {
    const code = await inviteCode()
    expect(await html(await guest.get(`/allies/join/${code}`))).toContain(`Join ${NAME} as a guest`)
    const joined = await guest.postForm(`/allies/join/${code}`, { _form: 'join-ally', intent: 'join-ally' })
    expect(joined.status).toBe(302)
    expect(joined.headers.get('location')).toBe('/orbat')
    const orbat = await html(await guest.get('/orbat'))
    expect(orbat).toContain(allyMessage(ALLY_MESSAGES.joined, NAME))
    const [row] = await db().select().from(alliedGuests).where(eq(alliedGuests.user_id, guestId))
    expect(row).toBeDefined()

    expect(await html(await guest.get(`/allies/join/${code}`))).toContain(allyMessage(ALLY_MESSAGES.alreadyGuest, NAME))
    const account = await html(await guest.get('/account'))
    expect(account).toContain(`Guest of ${NAME} [${TAG}]`)

    const [unit] = await db().select({ id: alliedUnits.id }).from(alliedUnits).where(eq(alliedUnits.name, NAME))
    const admins = await html(await admin.get(`/admin/allied-units?unit=${unit!.id}`))
    expect(admins).toContain('Ally Player')
    expect(admins).toContain('1 guest')
  })
})

describe('a guest, not on the roster', () => {
  it('may not sign up to trainings, take tests or ask for leave', async () => {
    const [training] = (await db().execute<{ id: number }>(
      sql`select id from trainings where date > now() order by date limit 1`,
    )) as unknown as Array<{ id: number }>
    const signUp = await guest.postJson(`/api/roster/trainings/${training!.id}/signup`, {})
    expect(signUp.status).toBe(403)
    expect(await signUp.json()).toEqual({ error: 'You need to be on the company roster to sign up for trainings.' })

    const [test] = (await db().execute<{ id: number; uuid: string }>(
      sql`select id, uuid from tests order by id limit 1`,
    )) as unknown as Array<{ id: number; uuid: string }>
    const take = await guest.get(`/api/tests/${test!.id}/take`)
    expect(take.status).toBeGreaterThanOrEqual(400)
    expect(take.status).toBeLessThan(500)
    const takePage = await guest.get(`/tests/${test!.uuid}/take`)
    expect(takePage.status).toBeLessThan(500)
    // The page's texts travel with it ("Submit Test" among them): the form itself is what a guest must not get.
    const takeHtml = await html(takePage)
    expect(takeHtml).toContain('Test not found or you are not eligible to take it.')
    expect(takeHtml).not.toContain('type="radio"')

    const leave = await guest.postJson('/api/loa', {
      start_date: '2031-01-01',
      end_date: '2031-01-05',
      reason: 'Away.',
    })
    expect(leave.status).toBeGreaterThanOrEqual(400)
    expect(leave.status).toBeLessThan(500)
  })
})
