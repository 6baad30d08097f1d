// The light path of the four member writes (server/http/member-writes.ts), where it differs from a React Router
// resource route: slot ids in decimal digits only, JSON for every method, and the app's Origin check in front.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addEligibleRoles,
  addSquad,
  heldSlots,
  loginDemo,
  resetOrbat,
  signUp,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  novak = await loginDemo(t, 'novak')
}, 60_000)
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await addEligibleRoles(t.database.db, { Rifleman: { general: true } })
})

describe('the member writes answered before React Router', () => {
  it('read a slot id in decimal digits only: hex, exponent, sign or spaces are a 400 and take nothing', async () => {
    const squad = await addSquad(t.database.db, { name: 'Alpha', slots: [{ role: 'Rifleman' }] })
    const id = squad.slots[0]!.id
    for (const spelled of [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `%20${id}`, `0${id}`, `${id}.0`]) {
      const response = await signUp(novak.client, spelled)
      expect(response, spelled).toEqual(expect.objectContaining({ status: 400, body: { error: 'Invalid slot id.' } }))
    }
    expect(await heldSlots(t.database.db)).toEqual([])
    expect((await signUp(novak.client, String(id))).status).toBe(200)
  })

  it('answer other methods with 405 JSON, and refuse a cross-origin write (403) before reading the session', async () => {
    for (const path of ['/api/slot/1/signup', '/api/slot/1/leave', '/api/waitlist/join', '/api/waitlist/leave']) {
      const get = await novak.client.get(path)
      expect(get.status, path).toBe(405)
      expect(await get.json()).toEqual({ error: 'Method not allowed.' })
    }
    const forged = await novak.client.fetch('/api/waitlist/join', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    })
    expect(forged.status).toBe(403)
    expect(await forged.json()).toEqual({ error: 'Cross-origin request refused.' })
  })

  it('read the waitlist join body as JSON: malformed is a 400, a list is a 400', async () => {
    await addSquad(t.database.db, { name: 'Alpha', slots: [{ role: 'Rifleman' }] })
    for (const body of ['{nope', '[1]']) {
      const response = await novak.client.fetch('/api/waitlist/join', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
      expect(response.status, body).toBe(400)
      expect(await response.json()).toEqual({ error: 'The request body must be a JSON object.' })
    }
  })
})
