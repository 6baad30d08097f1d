// Notifications on /account over real HTTP on real PostgreSQL (docs/rules/notifications.md): the devices listed by
// GET /api/push/subscriptions and on the page, removed by the page's form (only one's own); the choices form under the
// rules of PUT /api/account/notifications (admin_queue for admins only, unknown kinds refused, nothing changed on a
// refusal, nor an audit entry); closed Discord DMs said on the page while the last message was refused so.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '#contracts/notifications.ts'
import { notificationOutbox, notificationPreferences, pushSubscriptions } from '#db/schema/notifications.ts'
import { users } from '#db/schema/users-sessions.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { auditEntries } from '#tests/harness/orbat.ts'
import { DMS_CLOSED } from './sender.ts'

const ALLOWED = 'https://localhost:9'
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
}
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile'

let t: TestApp
let member: TestClient
let admin: TestClient
let memberId: number

beforeAll(async () => {
  t = await startTestApp({ env: { PUSH_ENDPOINT_ALLOW: ALLOWED } })
  member = await t.login('novak')
  admin = await t.login('demo_admin')
  memberId = (await t.database.db.select().from(users).where(eq(users.username, 'novak')))[0]!.id
})
afterEach(async () => {
  await t.database.db.delete(pushSubscriptions)
  await t.database.db.delete(notificationPreferences)
  await t.database.db.delete(notificationOutbox)
})
afterAll(() => t?.close())

/** The page's choices form as a browser sends it: every kind shown, and one field per box ticked. */
function choicesForm(kinds: string[], push: string[], discord: string[]) {
  const body = new URLSearchParams({ intent: 'notification-choices', _form: 'notifications' })
  for (const kind of kinds) body.append('kind', kind)
  for (const kind of push) body.append('push', kind)
  for (const kind of discord) body.append('discord', kind)
  return body
}
const post = (client: TestClient, body: URLSearchParams) => client.fetch('/account', { method: 'POST', body })
const choices = async (client: TestClient) => (await client.get('/api/account/notifications')).json()

describe('devices', () => {
  it('are listed to their owner by the API and on /account, and removed there by their owner only', async () => {
    expect((await t.client().get('/api/push/subscriptions')).status).toBe(401)
    const made = await member.fetch('/api/push/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': ANDROID },
      body: JSON.stringify({ endpoint: `${ALLOWED}/phone`, keys }),
    })
    const { id } = (await made.json()) as { id: number }
    const listed = await (await member.get('/api/push/subscriptions')).json()
    expect(listed).toEqual({
      devices: [
        { id, device: 'Chrome on Android', created_at: expect.stringMatching(/Z$|\+00:00$/), last_sent_at: null },
      ],
    })
    expect(await (await admin.get('/api/push/subscriptions')).json()).toEqual({ devices: [] })
    const page = await (await member.get('/account')).text()
    expect(page).toContain('Chrome on Android')
    expect(page).not.toContain(`${ALLOWED}/phone`)

    // Someone else's device is not theirs to remove: refused, kept.
    const refused = await admin.postForm('/account', { intent: 'remove-device', id: String(id) })
    expect(refused.status).toBe(302)
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(1)

    const removed = await member.postForm('/account', { intent: 'remove-device', id: String(id) })
    expect(removed.status).toBe(302)
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([])
  })
})

describe('the choices form', () => {
  it('sets every kind it shows to the boxes ticked, like PUT /api/account/notifications', async () => {
    const kinds = ['signups_open', 'waitlist_placed', 'leave']
    const saved = await post(member, choicesForm(kinds, ['signups_open'], ['signups_open', 'leave']))
    expect(saved.status).toBe(302)
    const now = await choices(member)
    expect(now.signups_open).toEqual({ push: true, discord: true })
    expect(now.waitlist_placed).toEqual({ push: false, discord: false })
    expect(now.leave).toEqual({ push: false, discord: true })
    // A kind the form did not show keeps its choice (the default).
    expect(now.slot_changed).toEqual({ push: true, discord: false })
    const [entry] = (await auditEntries(t.database.db, 'Notification choices saved')).slice(-1)
    expect(entry?.details).toBe('signups_open: push, discord; waitlist_placed: none; leave: discord')
  })

  it('refuses admin_queue from a member, unknown kinds and boxes of kinds not shown, changing nothing', async () => {
    const refusals: Array<[URLSearchParams, number]> = [
      [choicesForm(['signups_open', 'admin_queue'], ['admin_queue'], []), 403],
      [choicesForm(['signups_open', 'nonsense'], [], []), 400],
      [choicesForm(['signups_open'], ['leave'], []), 400],
      [choicesForm([], [], []), 400],
    ]
    const audited = (await auditEntries(t.database.db, 'Notification choices saved')).length
    for (const [body, status] of refusals) {
      const answer = await post(member, body)
      expect(answer.status, body.toString()).toBe(status)
      // The page again, the reason in the form.
      expect(await answer.text()).toMatch(/role="alert"[^>]*>[^<]+</)
    }
    expect(await t.database.db.select().from(notificationPreferences)).toEqual([])
    expect(await auditEntries(t.database.db, 'Notification choices saved')).toHaveLength(audited)
  })

  it('lets an admin choose new applications and leave requests', async () => {
    expect((await post(admin, choicesForm(['admin_queue'], [], ['admin_queue']))).status).toBe(302)
    expect((await choices(admin)).admin_queue).toEqual({ push: false, discord: true })
    expect(await (await admin.get('/account')).text()).toContain('New applications and leave requests (admins)')
    expect(await (await member.get('/account')).text()).not.toContain('New applications and leave requests (admins)')
  })
})

describe('closed Discord DMs', () => {
  const outcome = (event: string, state: 'sent' | 'failed', error: string | null, minutesAgo: number) => ({
    user_id: memberId,
    kind: 'signups_open',
    event_key: event,
    title: 'Sign-ups are open',
    body: 'Pick your slot now.',
    url: '/orbat',
    push_state: 'skipped',
    discord_state: state,
    discord_error: error,
    done_at: new Date(Date.now() - minutesAgo * 60_000),
  })
  const said = async () => (await (await member.get('/account')).text()).includes('data-testid="dms-closed"')

  it('are said while the last message was refused so and a kind is chosen by Discord message', async () => {
    await t.database.db.insert(notificationOutbox).values(outcome('a', 'failed', DMS_CLOSED, 5))
    // Nothing chosen by Discord message (applications are by Discord until chosen otherwise): nothing to say.
    await post(member, choicesForm([...NOTIFICATION_KINDS], [], []))
    expect(await said()).toBe(false)
    await post(member, choicesForm(['signups_open'], [], ['signups_open']))
    expect(await said()).toBe(true)
    expect(await (await member.get('/account')).text()).toContain('closed to the bot')
    // Another failure (Discord down) is not closed DMs.
    await t.database.db.insert(notificationOutbox).values(outcome('b', 'failed', 'Discord is unavailable', 3))
    expect(await said()).toBe(false)
    await t.database.db.insert(notificationOutbox).values(outcome('c', 'failed', DMS_CLOSED, 2))
    expect(await said()).toBe(true)
    // A message delivered since: they opened them.
    await t.database.db.insert(notificationOutbox).values(outcome('d', 'sent', null, 1))
    expect(await said()).toBe(false)
    expect(NOTIFICATION_MESSAGES.dmsClosed).toContain('closed to the bot')
  })
})
