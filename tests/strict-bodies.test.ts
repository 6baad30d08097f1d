// The /api calls whose bodies are strict (docs/security.md, "keys an /api body does not take"): a key the call does not
// take is 400 naming it and changes nothing, whatever else the body holds; without that key the same body is taken.
// The calls of the specification keep taking what they know and ignoring the rest (docs/rules/api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'
import { loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, member: LoggedIn

beforeAll(async () => {
  // An origin push endpoints may use although it is not a public address.
  t = await startTestApp({ env: { PUSH_ENDPOINT_ALLOW: 'https://localhost:9' } })
  ;[admin, member] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})

type Who = 'admin' | 'member'
/** Each strict call with a body that is right but for one key it does not take (`zz_extra`). */
const CALLS: Array<[Who, string, string, Record<string, unknown>]> = [
  ['member', 'POST', '/api/loa', { start_date: '2030-01-01', end_date: '2030-01-02', reason: 'Exams' }],
  ['admin', 'POST', '/api/loa/1/deny', { reason: 'No' }],
  ['member', 'POST', '/api/applications', { answers: {} }],
  ['admin', 'POST', '/api/applications/1/status', { status: 'accepted' }],
  ['admin', 'POST', '/api/applications/1/comments', { text: 'Looks good' }],
  ['admin', 'POST', '/api/applications/1/assign', { user_id: null }],
  ['admin', 'PUT', '/api/recruitment/form', { open: true, questions: [] }],
  ['member', 'PUT', '/api/account/notifications', {}],
  ['member', 'DELETE', '/api/push/subscriptions', { endpoint: 'https://push.example.com/x' }],
  ['admin', 'POST', '/api/awards', { name: 'Strict Medal', description: '' }],
  ['admin', 'PUT', '/api/awards/1', { name: 'Strict Medal', description: '' }],
  ['admin', 'POST', '/api/roster/members/1/awards', { award_id: 1, date: '2030-01-01' }],
  ['admin', 'POST', '/api/roster/members/1/notes', { text: 'A note' }],
  ['admin', 'POST', '/api/admin/allied-units', { name: 'Strict Allies', tag: 'SA' }],
  ['admin', 'PUT', '/api/admin/allied-units/1', { name: 'Strict Allies', tag: 'SA' }],
  ['admin', 'POST', '/api/admin/allied-units/1/rotate-invite', { invite_expires_in_days: null }],
  ['member', 'POST', '/api/allied-units/join', { code: 'abcdefgh' }],
  ['admin', 'POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/x', events: ['slot.taken'] }],
  ['admin', 'PUT', '/api/admin/webhooks/1', { url: 'https://hooks.example.com/x', events: ['slot.taken'] }],
]

describe('strict /api bodies', () => {
  it('answer 400 naming a key the call does not take, before anything else, and change nothing', async () => {
    const before = await stateFingerprint(t)
    const wrong: string[] = []
    for (const [who, method, path, body] of CALLS) {
      const client = (who === 'admin' ? admin : member).client
      const answer = await api<{ error?: string; fields?: Record<string, string[]> }>(client, method, path, {
        ...body,
        zz_extra: 1,
      })
      if (answer.status !== 400 || answer.body.error !== 'Unknown field: zz_extra.' || !answer.body.fields?.zz_extra)
        wrong.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
    expect(wrong).toEqual([])
    expect(await stateFingerprint(t)).toBe(before)
  })

  it('take the same body without the extra key (an award, an allied unit)', async () => {
    const award = await api<{ award: { id: number } }>(admin.client, 'POST', '/api/awards', {
      name: 'Strict Medal',
      description: '',
      zz_extra: 1,
    })
    expect(award.status).toBe(400)
    const created = await api<{ award: { id: number } }>(admin.client, 'POST', '/api/awards', {
      name: 'Strict Medal',
      description: '',
    })
    expect(created.status).toBe(201)
    const ally = await api(admin.client, 'POST', '/api/admin/allied-units', { name: 'Strict Allies', tag: 'SA' })
    expect(ally.status).toBe(201)
  })

  it("take the browser's PushSubscription.toJSON() as it is, and refuse unknown keys inside `keys`", async () => {
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    }
    const endpoint = 'https://localhost:9/strict-bodies-test'
    const nested = await api(member.client, 'POST', '/api/push/subscriptions', {
      endpoint,
      keys: { ...keys, zz_extra: 1 },
    })
    expect(nested.status).toBe(400)
    const asIs = await api(member.client, 'POST', '/api/push/subscriptions', { endpoint, expirationTime: null, keys })
    expect(asIs.status, JSON.stringify(asIs.body)).toBe(201)
  })
})
