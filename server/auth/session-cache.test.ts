// Sessions live in each instance's memory (server/auth/session-cache.ts), and still end everywhere
// (docs/decisions/020): two app instances, in two processes, on one database. After a logout on one, the other refuses
// the session's writes at once (the stored function checks the session in the same statement) and forgets it as soon as
// the NOTIFY arrives; a change to the user is seen there as soon; a ban refuses the member's next sign-up there at
// once. Without the NOTIFY, the other instance would go on answering from memory: the first test shows that by
// silencing the trigger once.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { startOtherInstance, type OtherInstance } from '#tests/harness/instance.ts'
import {
  addEligibleRoles,
  addMember,
  addSquad,
  holderOf,
  loginDemo,
  resetOrbat,
  slotsHeldBy,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let other: OtherInstance
let admin: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  other = await startOtherInstance(t)
  admin = await loginDemo(t, 'demo_admin')
}, 90_000)
afterAll(async () => {
  await other?.stop()
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await addEligibleRoles(db(), { Rifleman: { general: true } })
})

const db = () => t.database.db
/** A NOTIFY reaches the other process in milliseconds; this bound only keeps a loaded test machine from flaking. */
const NOTIFY_DELIVERY_MS = 1000

/** A request to the other instance with this client's session cookie (and that instance's own Origin on writes). */
async function onOther(cookie: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${other.url}${path}`, {
    method,
    headers: { cookie, ...(method === 'POST' ? { origin: other.url, 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null }
}

const whoAmI = async (cookie: string) => onOther(cookie, 'GET', '/auth/user')

async function openSlots(count: number) {
  const squad = await addSquad(db(), {
    name: 'Alpha',
    slots: Array.from({ length: count }, (_, i) => ({ role: `Rifleman ${i + 1}` })),
  })
  return squad.slots.map((s) => s.id)
}

/** Logs in on the first instance and has the other one cache the session (one read answered from its database). */
async function sessionOnBoth(username: string): Promise<{ member: LoggedIn; client: TestClient; cookie: string }> {
  const member = await loginDemo(t, username)
  const cookie = member.client.cookieHeader()
  expect((await whoAmI(cookie)).status).toBe(200)
  return { member, client: member.client, cookie }
}

describe('a logout on one instance', () => {
  it('ends the session on the other at once: its reads and its writes answer 401', async () => {
    const [first] = await openSlots(2)
    const { client, cookie } = await sessionOnBoth('novak')

    // The other instance answers from memory: a session deleted behind its back, with the trigger silenced, is
    // still served there. This is what the NOTIFY is for.
    const { cookie: silenced } = await sessionOnBoth('kowalski')
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table sessions disable trigger sessions_notify_end`)
      await tx.execute(sql`delete from sessions where user_id = (select id from users where username = 'kowalski')`)
      await tx.execute(sql`alter table sessions enable trigger sessions_notify_end`)
    })
    expect((await whoAmI(silenced)).status).toBe(200)

    // A real logout. Its writes on the other instance are refused straight after the logout's answer, while that
    // instance may still hold the session in memory; and the memory follows within the NOTIFY's delivery.
    expect((await client.get('/auth/logout')).status).toBe(302)
    expect(await onOther(cookie, 'POST', `/api/slot/${first}/signup`)).toEqual({
      status: 401,
      body: { error: 'You must be logged in.' },
    })
    expect(await holderOf(db(), first!)).toBeNull()
    await expect.poll(async () => (await whoAmI(cookie)).status, { timeout: NOTIFY_DELIVERY_MS, interval: 5 }).toBe(401)
    // The instance that logged out forgets it before answering.
    expect((await client.get('/auth/user')).status).toBe(401)
  })

  it("stops the ORBAT page's own Sign up form too, even while the other instance still holds the session in memory", async () => {
    const [first] = await openSlots(1)
    const { cookie } = await sessionOnBoth('novak')
    // Ended behind the other instance's back (trigger silenced): its memory still has the session, so only the
    // database's own check in the sign-up statement can refuse the form post.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table sessions disable trigger sessions_notify_end`)
      await tx.execute(sql`delete from sessions where user_id = (select id from users where username = 'novak')`)
      await tx.execute(sql`alter table sessions enable trigger sessions_notify_end`)
    })
    expect((await whoAmI(cookie)).status).toBe(200)
    const response = await fetch(`${other.url}/orbat`, {
      method: 'POST',
      headers: { cookie, origin: other.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signup', slotId: String(first) }),
      redirect: 'manual',
    })
    expect(response.status).toBeLessThan(500)
    expect(await holderOf(db(), first!)).toBeNull()
  })

  it('stops every kind of member write on the other instance, every time (a dozen rounds)', async () => {
    const [first] = await openSlots(1)
    for (let round = 0; round < 12; round++) {
      const { client, cookie } = await sessionOnBoth('novak')
      expect((await client.get('/auth/logout')).status).toBe(302)
      const answers = await Promise.all([
        onOther(cookie, 'POST', `/api/slot/${first}/signup`),
        onOther(cookie, 'POST', `/api/slot/${first}/leave`),
        onOther(cookie, 'POST', '/api/waitlist/join', { squad_preference: null }),
        onOther(cookie, 'POST', '/api/waitlist/leave'),
      ])
      expect(
        answers.map((a) => a.status),
        `round ${round}`,
      ).toEqual([401, 401, 401, 401])
    }
  })
})

describe('a change to the user on one side', () => {
  it('is what the other instance answers with, as soon as the NOTIFY arrives (roles and admin flag refreshed from Discord)', async () => {
    const { member, cookie } = await sessionOnBoth('reyes')
    expect((await whoAmI(cookie)).body).toMatchObject({ isAdmin: false })
    await db().execute(
      sql`update users set is_admin = true, discord_roles = ${`{${DEMO_ROLES.admin.id}}`}::text[] where id = ${member.id}`,
    )
    await expect
      .poll(async () => (await whoAmI(cookie)).body, { timeout: NOTIFY_DELIVERY_MS, interval: 5 })
      .toMatchObject({ isAdmin: true })
  })
})

describe('a ban on one instance', () => {
  it("refuses the member's next sign-up and waitlist join on the other at once; they stay logged in", async () => {
    const [first, second] = await openSlots(2)
    const { member, cookie } = await sessionOnBoth('novak')
    const roster = await addMember(db(), member.discordId, { ingameName: 'Novak' })
    expect((await onOther(cookie, 'POST', `/api/slot/${first}/signup`)).status).toBe(200)

    const ban = await api(admin.client, 'POST', `/api/roster/members/${roster.id}/ban`, { reason: 'Teamkilling' })
    expect(ban.status, JSON.stringify(ban.body)).toBe(200)
    const [signup, join] = await Promise.all([
      onOther(cookie, 'POST', `/api/slot/${second}/signup`),
      onOther(cookie, 'POST', '/api/waitlist/join', { squad_preference: null }),
    ])
    expect(signup).toEqual({ status: 403, body: { error: 'Banned members cannot sign up.' } })
    expect(join).toEqual({ status: 403, body: { error: 'Banned members cannot join the waitlist.' } })
    expect(await slotsHeldBy(db(), member.id)).toEqual([])
    // Banned members can log in (docs/rules/roster.md, Bans): the session itself goes on.
    expect((await whoAmI(cookie)).status).toBe(200)
  })
})
