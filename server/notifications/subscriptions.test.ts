// Web push subscriptions and notification choices over real HTTP on real PostgreSQL (docs/rules/notifications.md):
// the public key, a device turned on and off, endpoints that are not https on a public address refused with 400 and
// nothing stored, the allow-list for tests, and the choices per kind (admin_queue for admins only); each change an
// audit entry by the person, in its transaction (a refusal leaves none).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from '#contracts/notifications.ts'
import { pushSubscriptions } from '#db/schema/notifications.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { auditEntries } from '#tests/harness/orbat.ts'

const ALLOWED = 'https://localhost:9'
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
}

let t: TestApp
let member: TestClient
let admin: TestClient
const json = (client: TestClient, method: string, path: string, body: unknown) =>
  client.fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

beforeAll(async () => {
  t = await startTestApp({ env: { PUSH_ENDPOINT_ALLOW: ALLOWED } })
  member = await t.login('novak')
  admin = await t.login('demo_admin')
})
afterAll(() => t?.close())

describe('web push subscriptions', () => {
  it('gives the public key to anyone', async () => {
    const answer = await t.client().get('/api/push/public-key')
    expect(answer.status).toBe(200)
    expect((await answer.json()).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
  })

  it.each([
    'http://push.example.com/x',
    'https://127.0.0.1/x',
    'https://localhost/x',
    'https://10.1.2.3/x',
    'https://192.168.0.4/x',
    'https://169.254.169.254/latest',
    'https://[::1]/x',
    'https://[fe80::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[64:ff9b::7f00:1]/x',
    'https://[::7f00:1]/x',
    'https://[fec0::1]/x',
    'https://[2002:7f00:1::1]/x',
    'https://[100::1]/x',
    'not a url',
  ])('refuses %s with 400 and stores nothing', async (endpoint) => {
    const answer = await json(member, 'POST', '/api/push/subscriptions', { endpoint, keys })
    expect(answer.status).toBe(400)
    expect((await answer.json()).error).toBeTruthy()
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([])
  })

  it('turns push on for a device at an allowed origin, and off again', async () => {
    expect((await json(t.client(), 'POST', '/api/push/subscriptions', { endpoint: `${ALLOWED}/a`, keys })).status).toBe(
      401,
    )
    const on = await json(member, 'POST', '/api/push/subscriptions', { endpoint: `${ALLOWED}/a`, keys })
    expect(on.status).toBe(201)
    expect((await on.json()).id).toEqual(expect.any(Number))
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(1)
    expect((await json(admin, 'DELETE', '/api/push/subscriptions', { endpoint: `${ALLOWED}/a` })).status).toBe(404)
    expect((await json(member, 'DELETE', '/api/push/subscriptions', { endpoint: `${ALLOWED}/a` })).status).toBe(204)
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([])
    // One entry each, by the member, naming the device by its name and id, never its endpoint; the refusals wrote none.
    const turnedOn = await auditEntries(t.database.db, 'Push turned on')
    const turnedOff = await auditEntries(t.database.db, 'Push turned off')
    expect([turnedOn.length, turnedOff.length]).toEqual([1, 1])
    for (const entry of [...turnedOn, ...turnedOff]) {
      expect(entry.actor).toMatch(/Novak/)
      expect(entry.details).toMatch(/^[\w ]+ \(#\d+\)$/)
      expect(entry.details).not.toContain(ALLOWED)
    }
  })
})

describe('a device’s keys', () => {
  it.each([
    [{ p256dh: 'AAAA', auth: keys.auth }, 'keys.p256dh must be'],
    // 65 bytes that start as a point should, but lie on no curve.
    [{ p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: keys.auth }, 'keys.p256dh must be'],
    [{ p256dh: keys.p256dh, auth: 'AAAA' }, 'keys.auth must be'],
  ])('are checked when the device subscribes: %j is 400 and stores nothing', async (bad, error) => {
    const answer = await json(member, 'POST', '/api/push/subscriptions', { endpoint: `${ALLOWED}/k`, keys: bad })
    expect(answer.status).toBe(400)
    expect((await answer.json()).error).toContain(error)
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([])
  })
})

describe('a person’s devices', () => {
  it('are 10 at the most: the 11th replaces the least recently used, named in the answer; 150 leave 10', async () => {
    const ids: number[] = []
    for (let i = 0; i < 10; i++) {
      const on = await json(member, 'POST', '/api/push/subscriptions', { endpoint: `${ALLOWED}/d${i}`, keys })
      expect(on.status).toBe(201)
      const answer = await on.json()
      expect(answer.replaced).toBeNull()
      ids.push(answer.id)
    }
    // The first device took a push lately; the second is now the least recently used.
    await t.database.db.execute(sql`update push_subscriptions set last_sent_at = now() where id = ${ids[0]!}`)
    const eleventh = await json(member, 'POST', '/api/push/subscriptions', { endpoint: `${ALLOWED}/d10`, keys })
    expect(eleventh.status).toBe(201)
    expect((await eleventh.json()).replaced).toEqual({ id: ids[1], device: expect.any(String) })
    const more = await Promise.all(
      Array.from({ length: 139 }, (_, i) =>
        json(member, 'POST', '/api/push/subscriptions', { endpoint: `${ALLOWED}/e${i}`, keys }),
      ),
    )
    expect(more.map((r) => r.status)).toEqual(Array(139).fill(201))
    const left = await t.database.db.select().from(pushSubscriptions)
    expect(left).toHaveLength(10)
    await t.database.db.delete(pushSubscriptions)
  })
})

describe('notification choices', () => {
  it('lists every kind with push and Discord, admin_queue only for admins, and keeps a change', async () => {
    const mine = await (await member.get('/api/account/notifications')).json()
    expect(Object.keys(mine).sort()).toEqual([...NOTIFICATION_KINDS].sort())
    expect(mine.signups_open).toEqual({ push: true, discord: false })
    const theirs = await (await admin.get('/api/account/notifications')).json()
    expect(theirs.admin_queue).toEqual({ push: false, discord: false })

    const changed = await json(member, 'PUT', '/api/account/notifications', {
      signups_open: { push: false, discord: true },
    })
    expect(changed.status).toBe(200)
    expect((await changed.json()).signups_open).toEqual({ push: false, discord: true })
    expect((await (await member.get('/api/account/notifications')).json()).signups_open).toEqual({
      push: false,
      discord: true,
    })

    expect(
      (await json(member, 'PUT', '/api/account/notifications', { admin_queue: { push: true, discord: true } })).status,
    ).toBe(403)
    expect(
      (await json(member, 'PUT', '/api/account/notifications', { nonsense: { push: true, discord: true } })).status,
    ).toBe(400)
    expect((await json(member, 'PUT', '/api/account/notifications', { leave: { push: 'yes' } })).status).toBe(400)
    const saved = await auditEntries(t.database.db, 'Notification choices saved')
    expect(saved.map((entry) => entry.details)).toEqual(['signups_open: discord'])
    expect(saved[0]!.actor).toMatch(/Novak/)
  })
})
