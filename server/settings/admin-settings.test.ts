// PUT /api/admin/settings over real HTTP with real logins on real PostgreSQL: admin-only, validation, the time lock
// (set -> public settings show it and sign-ups are refused; clear or a past time -> the waitlist fills at once),
// Discord id settings, and the audit entries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_CHANNELS, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { getSetting } from '#server/unit/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import {
  addEligibleRoles,
  addSquad,
  addWaitlistEntry,
  auditEntries,
  expectActivity,
  getJson,
  holderOf,
  loginDemos,
  resetOrbat,
  setActivityChannel,
  setSignupTime,
  signUp,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
})

const db = () => t.database.db
const HOUR = 3_600_000
const put = (client: LoggedIn, body: unknown) => api(client.client, 'PUT', '/api/admin/settings', body)

describe('/api/admin/settings', () => {
  it('is admin-only', async () => {
    await expectAdminOnly(t, reyes.client, 'PUT', '/api/admin/settings', { key: 'signup_time', value: '' })
    await expectAdminOnly(t, reyes.client, 'GET', '/api/admin/settings')
    expect(await auditEntries(db())).toEqual([])
  })

  it('rejects unknown keys, bad values and malformed bodies with 400 {error, fields}', async () => {
    const unknown = await put(admin, { key: 'nope', value: '1' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({
      error: expect.stringContaining('Unknown setting'),
      fields: { key: [expect.any(String)] },
    })

    const badTime = await put(admin, { key: 'signup_time', value: 'next friday' })
    expect(badTime.status).toBe(400)
    expect(badTime.body).toMatchObject({ fields: { value: [expect.stringContaining('ISO date-time')] } })
    expect((await put(admin, { key: 'signup_time', value: '2026-13-45T99:00:00Z' })).status).toBe(400)
    expect((await put(admin, { key: 'signup_time', value: 42 })).status).toBe(400)

    const badId = await put(admin, { key: 'promotion_channel_id', value: '12ab' })
    expect(badId.status).toBe(400)
    expect(badId.body).toMatchObject({ fields: { value: ['A Discord id must contain digits only.'] } })

    const malformed = await put(admin, '{"key": ')
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ error: 'The request body must be a JSON object.' })
    expect((await put(admin, '[1,2]')).status).toBe(400)
    expect((await api(admin.client, 'POST', '/api/admin/settings', { key: 'signup_time', value: '' })).status).toBe(405)
    expect(await auditEntries(db())).toEqual([])
  })

  it('sets a time lock (normalised to ISO): public settings show it, sign-ups and waitlist joins are refused, audit-logged', async () => {
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    const alpha = await addSquad(db(), { name: 'Alpha', primary: true, slots: [{ role: 'Rifleman 1' }] })
    const at = new Date(Date.now() + 2 * HOUR)
    at.setMilliseconds(0)
    const local = at.toISOString().replace('Z', '+00:00').replace('.000', '')

    const response = await put(admin, { key: 'signup_time', value: local })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      message: 'Time lock set successfully.',
      key: 'signup_time',
      value: at.toISOString(),
      placements: 0,
    })
    expect(await getSetting(db(), 'signup_time')).toBe(at.toISOString())
    expect((await getJson(reyes.client, '/api/settings')).body).toEqual({ signup_time: at.toISOString() })
    expect((await signUp(reyes.client, alpha.slot('Rifleman 1').id)).status).toBe(403)
    expect((await api(reyes.client, 'POST', '/api/waitlist/join', {})).status).toBe(403)

    const [entry] = await auditEntries(db(), 'Time lock set')
    expect(entry).toMatchObject({ actor_user_id: admin.id, details: `Sign-ups locked until ${at.toISOString()}.` })
    expect((await getJson<Record<string, string>>(admin.client, '/api/admin/settings')).body).toMatchObject({
      signup_time: at.toISOString(),
    })
  })

  it('clearing the lock fills open slots from the waitlist right away, in the same request', async () => {
    await setActivityChannel(db())
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    const alpha = await addSquad(db(), { name: 'Alpha', primary: true, slots: [{ role: 'Rifleman 1' }] })
    await setSignupTime(db(), new Date(Date.now() + HOUR))
    await addWaitlistEntry(db(), reyes.id)

    const response = await put(admin, { key: 'signup_time', value: '' })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'Time lock cleared.', key: 'signup_time', value: '', placements: 1 })
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(reyes.id)
    expect(await waitlistUserIds(db())).toEqual([])
    expect((await getJson(novak.client, '/api/settings')).body).toEqual({ signup_time: '' })
    expect(await auditEntries(db(), 'Time lock cleared')).toEqual([
      expect.objectContaining({ actor_user_id: admin.id }),
    ])
    expect(await auditEntries(db(), 'Waitlist placement')).toHaveLength(1)
    await expectActivity(t, 'was moved from the waitlist into Rifleman 1 (Alpha)')
  })

  it('a lock set in the past opens sign-ups and runs the unlock fill at once', async () => {
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    const alpha = await addSquad(db(), {
      name: 'Alpha',
      primary: true,
      slots: [{ role: 'Rifleman 1' }, { role: 'Rifleman 2' }],
    })
    await setSignupTime(db(), new Date(Date.now() + HOUR))
    await addWaitlistEntry(db(), reyes.id)

    const past = new Date(Date.now() - HOUR).toISOString()
    const response = await put(admin, { key: 'signup_time', value: past })
    expect(response.body).toMatchObject({ value: past, placements: 1 })
    expect(await holderOf(db(), alpha.slot('Rifleman 1').id)).toBe(reyes.id)
    expect((await signUp(novak.client, alpha.slot('Rifleman 2').id)).status).toBe(200)
  })

  it('Discord id settings are trimmed, may be cleared, and are audit-logged', async () => {
    const set = await put(admin, { key: 'orbat_activity_channel_id', value: '  123456789012345678 ' })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ message: 'Setting saved.', value: '123456789012345678' })
    expect(await getSetting(db(), 'orbat_activity_channel_id')).toBe('123456789012345678')
    const cleared = await put(admin, { key: 'orbat_activity_channel_id', value: '' })
    expect(cleared.body).toMatchObject({ value: '' })
    expect(await getSetting(db(), 'orbat_activity_channel_id')).toBe('')
    expect((await put(admin, { key: 'milsim_role_id', value: null })).status).toBe(200)
    const entries = await auditEntries(db(), 'Setting updated')
    expect(entries.map((e) => e.details)).toEqual([
      'orbat_activity_channel_id set to 123456789012345678.',
      'orbat_activity_channel_id cleared.',
      'milsim_role_id cleared.',
    ])
    expect(entries.every((e) => e.actor_user_id === admin.id)).toBe(true)
  })

  it('the audit entry names the channel or role a Discord setting points at (the bare id when Discord does not know it)', async () => {
    expect((await put(admin, { key: 'orbat_activity_channel_id', value: DEMO_CHANNELS.orbatActivity.id })).status).toBe(
      200,
    )
    expect((await put(admin, { key: 'event_ping_role_id', value: DEMO_ROLES.eventPing.id })).status).toBe(200)
    const entries = await auditEntries(db(), 'Setting updated')
    expect(entries.slice(-2).map((e) => e.details)).toEqual([
      `orbat_activity_channel_id set to #orbat-activity (${DEMO_CHANNELS.orbatActivity.id}).`,
      `event_ping_role_id set to @${DEMO_ROLES.eventPing.name} (${DEMO_ROLES.eventPing.id}).`,
    ])
    await put(admin, { key: 'orbat_activity_channel_id', value: '' })
    await put(admin, { key: 'event_ping_role_id', value: '' })
  })
})
