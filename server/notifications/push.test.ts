// Notifications sent by the job runner over web push (docs/rules/notifications.md,
// docs/decisions/045-notifications-from-an-outbox.md), received by a push service of the tests' own that decrypts
// what arrives (https, its certificate trusted by the runner processes through NODE_EXTRA_CA_CERTS): a waitlist
// placement reaches the placed member within 5 s; "sign-ups open" reaches every subscribed member once, also when one
// of two runners is killed mid-send; a device the push service answers 410 for is deleted.
import type { ChildProcess } from 'node:child_process'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { notificationOutbox, pushSubscriptions } from '#db/schema/notifications.ts'
import { users } from '#db/schema/users-sessions.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import {
  addSquad,
  addWaitlistEntry,
  loginDemos,
  resetOrbat,
  setSignupTime,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { killHard, startRunnerProcess, stopRunnerProcess } from '#tests/harness/runner-process.ts'
import { startPushService, type PushServiceStandIn, type TestDevice } from '#tests/harness/push-service.ts'

let push: PushServiceStandIn
let t: TestApp
let admin: LoggedIn, novak: LoggedIn
const runners: ChildProcess[] = []

beforeAll(async () => {
  push = await startPushService()
  t = await startTestApp({ env: { PUSH_ENDPOINT_ALLOW: push.origin } })
  ;[admin, novak] = await loginDemos(t, ['demo_admin', 'novak'])
})
afterEach(async () => {
  await Promise.all(runners.splice(0).map(stopRunnerProcess))
  await t.database.db.delete(notificationOutbox)
  await t.database.db.delete(pushSubscriptions)
  push.received.length = 0
  push.delayMs = 0
})
afterAll(async () => {
  await t?.close()
  await push?.close()
})

/** A job runner alone in its own process (as on another host), trusting the push service's certificate. */
async function startRunner(): Promise<ChildProcess> {
  const child = await startRunnerProcess({ ...t.env, NODE_EXTRA_CA_CERTS: push.caFile })
  runners.push(child)
  return child
}

async function subscribeOverHttp(who: LoggedIn): Promise<TestDevice> {
  const device = push.device()
  const answer = await api(who.client, 'POST', '/api/push/subscriptions', {
    endpoint: device.endpoint,
    keys: device.keys,
  })
  expect(answer.status).toBe(201)
  return device
}

// A test that starts a job runner process waits for it as well as for the push: 60 s, so a busy machine's slow process
// start is not read as a lost push (each push's own deadline is checked inside).
describe('notifications by web push', () => {
  it('a waitlist placement reaches the placed member within 5 s, encrypted, with the page it is about', async () => {
    await resetOrbat(t)
    const { slot } = await addSquad(t.database.db, { name: 'Alpha', slots: [{ role: 'Rifleman', user_id: admin.id }] })
    const device = await subscribeOverHttp(novak)
    await startRunner()
    await addWaitlistEntry(t.database.db, novak.id)

    const left = Date.now()
    expect((await api(admin.client, 'POST', `/api/slot/${slot('Rifleman').id}/leave`)).status).toBe(200)
    await expect
      .poll(() => push.received.filter((r) => r.device === device.id), { timeout: 5000, interval: 50 })
      .toHaveLength(1)
    expect(Date.now() - left).toBeLessThan(5000)
    expect(push.received[0]!.payload).toMatchObject({
      title: 'You have a slot',
      body: 'You were placed from the waitlist in Rifleman (Alpha).',
      url: '/orbat',
    })
  }, 60_000)

  it('a device its push service answers 410 for is deleted', async () => {
    await resetOrbat(t)
    const { slot } = await addSquad(t.database.db, { name: 'Alpha', slots: [{ role: 'Rifleman', user_id: admin.id }] })
    const device = await subscribeOverHttp(novak)
    push.answer(device.id, 410)
    await startRunner()
    await addWaitlistEntry(t.database.db, novak.id)
    expect((await api(admin.client, 'POST', `/api/slot/${slot('Rifleman').id}/leave`)).status).toBe(200)
    await expect
      .poll(() => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, novak.id)), {
        timeout: 5000,
      })
      .toEqual([])
  }, 60_000)

  it('a person whose 40 devices fail slowly delays nobody else: another member’s push leaves within a second', async () => {
    // 40 devices (more than a person may subscribe now, as one had before the limit), each failing after 3 s.
    const dead = Array.from({ length: 40 }, () => push.device())
    for (const device of dead) push.answer(device.id, 503, 3000)
    await t.database.db.insert(pushSubscriptions).values(
      dead.map((device) => ({
        user_id: novak.id,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
      })),
    )
    const live = await subscribeOverHttp(admin)
    await startRunner()
    const row = (userId: number, key: string) => ({
      user_id: userId,
      kind: 'promotions_awards',
      event_key: key,
      title: 'Award granted',
      body: 'You were awarded the Combat Infantry Badge.',
      url: '/account/record',
      discord_state: 'skipped',
    })
    await t.database.db.insert(notificationOutbox).values(row(novak.id, 'slow-devices'))
    // The sender is now busy with the dead devices.
    await expect.poll(() => push.hits(dead[0]!.id), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0)
    const granted = Date.now()
    await t.database.db.insert(notificationOutbox).values(row(admin.id, 'other-member'))
    await expect
      .poll(() => push.received.filter((r) => r.device === live.id), { timeout: 10_000, interval: 20 })
      .toHaveLength(1)
    // Before, a person's devices were tried one after another and the run waited for them all: 40 x 3 s.
    expect(Date.now() - granted).toBeLessThan(1000)
  })

  it('"sign-ups open" reaches every subscribed member once, with two runners and one killed mid-send', async () => {
    await resetOrbat(t)
    const members = 150
    const made = await t.database.db
      .insert(users)
      .values(Array.from({ length: members }, (_, i) => ({ discord_id: `77000000000${1000 + i}`, username: `m${i}` })))
      .returning({ id: users.id })
    const devices = made.map((u) => ({ user: u.id, device: push.device() }))
    await t.database.db.insert(pushSubscriptions).values(
      devices.map(({ user, device }) => ({
        user_id: user,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
      })),
    )
    // Each answer is held a little, so the kill lands while pushes are in flight.
    push.delayMs = 30
    // One after the other: the job store's tables are made by the first.
    const doomed = await startRunner()
    await startRunner()
    // Far enough ahead that the runners' 10 s tick sees it before it passes, so "soon" is sent too.
    await setSignupTime(t.database.db, new Date(Date.now() + 25_000))

    await expect.poll(() => push.received.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(10)
    await killHard(doomed)

    // Two events per member: ten minutes before (here: at once) and when sign-ups open.
    const seen = () => new Set(push.received.map((r) => `${r.device} ${r.payload.tag}`)).size
    await expect.poll(seen, { timeout: 90_000, interval: 200 }).toBe(members * 2)
    const perDevice = new Map<string, Set<string>>()
    for (const r of push.received) perDevice.set(r.device, (perDevice.get(r.device) ?? new Set()).add(r.payload.title))
    for (const { device } of devices)
      expect([...(perDevice.get(device.id) ?? [])].sort()).toEqual(['Sign-ups are open', 'Sign-ups open in 10 minutes'])
    // A push in flight when its sender died may arrive again, with the same topic and tag: the device shows it once.
    for (const r of push.received) expect(r.topic).toBe(r.payload.tag)
    // What the killed runner held is finished by the other once its lease ends; still once per member and event.
    const pending = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from notification_outbox where done_at is null`,
        )
      )[0]?.n
    await expect.poll(pending, { timeout: 60_000, interval: 500 }).toBe(0)
    expect(seen()).toBe(members * 2)
  }, 200_000)
})
