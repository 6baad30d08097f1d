// Every /api resource route answers an unsupported method with 405 {error} and an Allow header, checked once in the
// HTTP layer (docs/decisions/022). Before: React Router's 405 or 400 {"message":"Unexpected Server Error"}, 405 without
// Allow from the routes that checked, and actions that did not check ran for any method (DELETE signed up).
import { isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { slots } from '#db/schema/orbat.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'
import { addEligibleRoles, addSquad, loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin] = await loginDemos(t, ['demo_admin'])
  await addEligibleRoles(t.database.db, { Rifleman: { general: true } })
  await addSquad(t.database.db, { name: 'Alpha', slots: [{ role: 'Rifleman' }] })
})
afterAll(async () => {
  await t?.close()
})

describe('an unsupported method on an /api route', () => {
  it.each([
    ['PUT', '/api/discord-roles/squads', 'GET, HEAD, POST'],
    ['POST', '/api/roster/qualifications/public', 'GET, HEAD'],
    ['DELETE', '/api/admin/audit-log', 'GET, HEAD'],
    ['GET', '/api/admin/orbat/save', 'PUT'],
    ['POST', '/api/admin/orbat/save', 'PUT'],
    ['PATCH', '/api/knowledge/1', 'PUT, DELETE'],
    ['POST', '/api/tests/1', 'GET, HEAD, PUT, DELETE'],
    ['PUT', '/api/waitlist/join', 'POST'],
    ['OPTIONS', '/api/roster/members', 'POST'],
    ['POST', '/api/orbat', 'GET, HEAD'],
    ['DELETE', '/api/live', 'GET, HEAD'],
  ])('%s %s answers 405 {error} with Allow: %s', async (method, path, allow) => {
    for (const client of [admin.client, t.client()]) {
      const response = await client.fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe(allow)
      expect(await response.json()).toEqual({ error: 'Method not allowed.' })
    }
  })

  it('does not run the route: PUT, PATCH and DELETE on the sign-up route sign no one up', async () => {
    const [slot] = await t.database.db.select({ id: slots.id }).from(slots).where(isNull(slots.user_id))
    const before = await stateFingerprint(t)
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await api(admin.client, method, `/api/slot/${slot!.id}/signup`)
      expect(response).toEqual({ status: 405, body: { error: 'Method not allowed.' } })
    }
    expect(await stateFingerprint(t)).toBe(before)
    expect((await api(admin.client, 'POST', `/api/slot/${slot!.id}/signup`)).status).toBe(200)
  })

  it('leaves unknown /api paths a 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect(await api(admin.client, method, '/api/no/such/thing')).toEqual({
        status: 404,
        body: { error: 'Not found.' },
      })
    }
  })
})
