// The settings use cases called directly, as jobs would (the pages and PUT /api/admin/settings reach them over HTTP in
// admin-settings.test.ts and app/routes/admin/settings/settings.test.ts): the wall-time conversion of the time lock,
// its refusals, and that a failing activity post after the commit never fails the change.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { TIME_LOCK_REQUIRED } from '#contracts/settings.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { Invalid } from '#server/errors.ts'
import { ACTIVITY_BATCH_MS } from '#server/discord/activity-channel.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addEligibleRoles,
  addSquad,
  addWaitlistEntry,
  auditEntries,
  holderOf,
  loginDemos,
  resetOrbat,
  setActivityChannel,
  setSignupTime,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { clearTimeLock, setTimeLock } from './admin-settings.ts'
import { getSetting } from '../unit/settings.ts'
import { nextLockInstant } from '../lib/time-lock.ts'

let t: TestApp
let admin: User, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  const [adminLogin, reyesLogin] = await loginDemos(t, ['demo_admin', 'reyes'])
  reyes = reyesLogin
  ;[admin] = (await t.database.db.select().from(users).where(eq(users.id, adminLogin.id))) as [User]
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  vi.restoreAllMocks()
})

const db = () => t.database.db
const services = () => t.app.services

describe('setTimeLock', () => {
  it("stores the next instant of the wall time in the admin's zone, audit-logged", async () => {
    const wall = { month: 7, day: 4, hour: 9, minute: 30 }
    const result = await setTimeLock(services(), admin, { ...wall, tz: 'America/New_York' })
    const expected = nextLockInstant(wall, 'America/New_York')!.toISOString()
    expect(result).toMatchObject({ key: 'signup_time', value: expected, placements: [] })
    expect(await getSetting(db(), 'signup_time')).toBe(expected)
    expect(await auditEntries(db(), 'Time lock set')).toEqual([expect.objectContaining({ actor_user_id: admin.id })])
  })

  it('refuses a date that never exists and a zone the server does not know, and stores nothing', async () => {
    await expect(setTimeLock(services(), admin, { month: 4, day: 31, hour: 10, minute: 0, tz: 'UTC' })).rejects.toThrow(
      new Invalid(TIME_LOCK_REQUIRED),
    )
    await expect(
      setTimeLock(services(), admin, { month: 5, day: 1, hour: 10, minute: 0, tz: 'Mars/Base' }),
    ).rejects.toBeInstanceOf(Invalid)
    expect(await getSetting(db(), 'signup_time')).toBe('')
    expect(await auditEntries(db())).toEqual([])
  })
})

describe('clearTimeLock', () => {
  it('commits the fill even when the activity post after it fails', async () => {
    await setActivityChannel(db())
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    const alpha = await addSquad(db(), { name: 'Alpha', primary: true, slots: [{ role: 'Rifleman 1' }] })
    await setSignupTime(db(), new Date(Date.now() + 3_600_000))
    await addWaitlistEntry(db(), reyes.id)
    const post = vi.spyOn(services().discord, 'sendMessage').mockRejectedValue(new Error('Discord is down'))

    const result = await clearTimeLock(services(), admin)
    expect(result).toMatchObject({
      value: '',
      placements: [expect.objectContaining({ slotRole: 'Rifleman 1', squadName: 'Alpha' })],
    })
    expect(await getSetting(db(), 'signup_time')).toBe('')
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(reyes.id)
    // The batched post ran after the commit and failed; the change stands.
    await vi.waitFor(() => expect(post).toHaveBeenCalled(), { timeout: ACTIVITY_BATCH_MS * 3 })
    expect(await getSetting(db(), 'signup_time')).toBe('')
  })
})
