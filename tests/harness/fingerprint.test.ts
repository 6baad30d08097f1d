// The fingerprint that "a refused request changed nothing" rests on must not see the role-sync worker drain its
// queue between "before" and "after": that made ORBAT save tests fail now and then.
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestApp, type TestApp } from './app.ts'
import { stateFingerprint } from './fingerprint.ts'
import { addSquad, loginDemos, resetOrbat, signUp, type LoggedIn } from './orbat.ts'

let t: TestApp
let novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[novak] = await loginDemos(t, ['novak'])
  await resetOrbat(t)
})
afterAll(async () => {
  await t?.close()
})

it('is the same before and after the worker drains a role sync that a sign-up queued', async () => {
  const alpha = await addSquad(t.database.db, { name: 'Alpha', slots: [{ team: 'HQ', role: 'Rifleman' }] })
  const response = await signUp(novak.client, alpha.slots[0]!.id)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  const queued = (await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pending_role_syncs`,
  )) as unknown as Array<{ n: number }>
  expect(queued[0]!.n, 'the sign-up queued a role sync').toBeGreaterThan(0)

  const before = await stateFingerprint(t)
  // The drain runs about half a second after the commit; by now it has, whatever the fingerprint did.
  await sleep(1500)
  expect(await stateFingerprint(t)).toBe(before)
})
