// Outgoing webhooks end to end (docs/rules/webhooks.md): the app writes deliveries with each change, a sender runs in
// its own process as the job runner does, and a receiver of the tests' own (https, its own process) checks every
// signature with the Standard Webhooks library. Every event type once with the data the /api answers; retries after
// 500s and a timeout with the same webhook-id; order per endpoint; a day of failures pausing the endpoint and telling
// the admins; a paused endpoint written nothing; a private address refused at connection; and a sender killed with
// SIGKILL mid-send, whose delivery another sender finishes with the same webhook-id.
import type { ChildProcess } from 'node:child_process'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { WEBHOOK_EVENT_TYPES } from '#contracts/webhooks.ts'
import { auditLog } from '#db/schema/audit.ts'
import { testEligibility } from '#db/schema/assessments.ts'
import { notificationOutbox, notificationPreferences } from '#db/schema/notifications.ts'
import { qualifications } from '#db/schema/roster.ts'
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import {
  addAndLoginUsers,
  addEligibleRoles,
  addMember,
  addSquad,
  joinWaitlist,
  leaveSlot,
  loginDemos,
  resetOrbat,
  signUp,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { killHard, stopRunnerProcess } from '#tests/harness/runner-process.ts'
import { startWebhookReceiver, verified, type WebhookReceiver } from '#tests/harness/webhook-receiver.ts'
import { startWebhookSenderProcess } from '#tests/harness/webhook-sender.ts'
import type { WebhookSenderOptions } from './sender.ts'

/** Short enough for a test: a 1.5 s attempt, 200 ms back-off doubling, a 3 s lease. */
const SENDER: Partial<WebhookSenderOptions> = {
  timeoutMs: 1500,
  backoffMs: 200,
  maxBackoffMs: 1000,
  retryForMs: 60_000,
  leaseMs: 3000,
}

let t: TestApp
let receiver: WebhookReceiver
let sender: ChildProcess
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

const startSender = () =>
  startWebhookSenderProcess({ ...t.env, NODE_EXTRA_CA_CERTS: receiver.caFile }, SENDER).then((child) => {
    sender = child
  })

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  t = await startTestApp({ env: { WEBHOOK_ENDPOINT_ALLOW: receiver.origin } })
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
  await startSender()
})
afterAll(async () => {
  if (sender) await stopRunnerProcess(sender)
  await t?.close()
  await receiver?.close()
})

const db = () => t.database.db

async function endpoint(path: string, events: string[], active = true): Promise<{ id: number; secret: string }> {
  const made = await api<{ id: number; secret: string }>(admin.client, 'POST', '/api/admin/webhooks', {
    url: `${receiver.origin}${path}`,
    events,
    active,
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body
}

const deliveriesOf = (endpointId: number) =>
  db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpoint_id, endpointId))
    .orderBy(webhookDeliveries.seq)

describe('every event type', () => {
  it('is delivered once, signed, with the data the /api answers for the object', { timeout: 120_000 }, async () => {
    await resetOrbat(t)
    const all = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test')
    const hook = await endpoint('/all', [...all])
    const post = async <T = Record<string, unknown>>(
      who: LoggedIn,
      method: string,
      path: string,
      body?: unknown,
      status = [200, 201],
    ) => {
      const answer = await api<T>(who.client, method, path, body)
      expect(status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toContain(answer.status)
      return answer.body
    }

    // The ORBAT: a sign-up, a join, a leave that places the waiting member, a save.
    await addEligibleRoles(db(), { Rifleman: { general: true } })
    const alpha = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman' }, { role: 'Gunner' }] })
    const reyesMember = await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    const slotId = alpha.slot('Rifleman').id
    expect((await signUp(reyes.client, slotId)).status).toBe(200)
    const taken = (await api<OrbatPayload>(admin.client, 'GET', '/api/orbat')).body.slots.find((s) => s.id === slotId)!
    const joined = await joinWaitlist(novak.client, 'any')
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect((await leaveSlot(reyes.client, slotId)).status).toBe(200)
    const orbat = (await api<OrbatPayload>(admin.client, 'GET', '/api/orbat')).body
    const promoted = orbat.slots.find((s) => s.id === slotId)!
    const { toSave } = await import('#tests/harness/orbat.ts')
    await post(admin, 'PUT', '/api/admin/orbat/save', toSave(orbat))
    const saved = (await api<OrbatPayload>(admin.client, 'GET', '/api/orbat')).body

    // Events, with the operation's ORBAT frozen by hand.
    const { event } = await post<{ event: { id: number } }>(admin, 'POST', '/api/roster/events', {
      name: 'Op Dawn',
      date: '2099-01-10',
    })
    const updated = await post<{ event: { id: number } }>(admin, 'PUT', `/api/roster/events/${event.id}`, {
      name: 'Op Dusk',
      date: '2099-01-10',
    })
    await post(admin, 'POST', `/api/roster/events/${event.id}/orbat-snapshot`)
    const snapshot = await post(admin, 'GET', `/api/roster/events/${event.id}/orbat-snapshot`)
    await post(admin, 'DELETE', `/api/roster/events/${event.id}`)

    // Trainings, with a member's sign-up.
    const { training } = await post<{ training: { id: number } }>(admin, 'POST', '/api/roster/trainings', {
      name: 'Night drills',
      date: '2099-02-01T20:00:00Z',
    })
    const trainingEdit = await post<{ training: unknown }>(admin, 'PUT', `/api/roster/trainings/${training.id}`, {
      name: 'Night drills II',
      date: '2099-02-01T20:00:00Z',
    })
    await post(reyes, 'POST', `/api/roster/trainings/${training.id}/signup`)
    await post(admin, 'DELETE', `/api/roster/trainings/${training.id}`)

    // Members: added, promoted by the form with a qualification, the qualification removed, banned, deleted.
    const [qualification] = await db().insert(qualifications).values({ name: 'Combat Medic' }).returning()
    const created = await post<{ member: { id: number } }>(admin, 'POST', '/api/roster/members', {
      ingame_name: 'Kowalski',
      join_date: '2024-05-01',
    })
    const memberId = created.member.id
    const edited = await post<{ member: unknown }>(admin, 'PUT', `/api/roster/members/${memberId}`, {
      ingame_name: 'Kowalski',
      join_date: '2024-05-01',
      rank: 'JNCO',
      qualifications: [qualification!.id],
    })
    await post(admin, 'PUT', `/api/roster/members/${memberId}`, {
      ingame_name: 'Kowalski',
      join_date: '2024-05-01',
      rank: 'JNCO',
      qualifications: [],
    })
    const { award } = await post<{ award: { id: number } }>(admin, 'POST', '/api/awards', {
      name: 'Purple Heart',
      description: 'Wounded in action.',
      precedence: 1,
    })
    const grant = await post<{ id: number }>(admin, 'POST', `/api/roster/members/${memberId}/awards`, {
      award_id: award.id,
      date: '2024-06-01',
    })
    await post(admin, 'DELETE', `/api/roster/members/${memberId}/awards/${grant.id}`)
    const banned = await post<{ member: unknown }>(admin, 'POST', `/api/roster/members/${memberId}/ban`, {
      reason: 'Griefing.',
    })
    const beforeDelete = await post(admin, 'GET', `/api/roster/admin/member/${memberId}`)
    await post(admin, 'DELETE', `/api/roster/members/${memberId}`)

    // Leave: requested, approved, ended; another requested and denied.
    const asked = await post<{ leave: { id: number } }>(reyes, 'POST', '/api/loa', {
      start_date: '2099-03-01',
      end_date: '2099-03-05',
      reason: 'Travel.',
    })
    const approved = await post<{ leave: unknown }>(admin, 'POST', `/api/loa/${asked.leave.id}/approve`)
    const ended = await post<{ leave: unknown }>(reyes, 'POST', `/api/loa/${asked.leave.id}/end`)
    const second = await post<{ leave: { id: number } }>(reyes, 'POST', '/api/loa', {
      start_date: '2099-04-01',
      end_date: '2099-04-02',
      reason: 'Exams.',
    })
    const denied = await post<{ leave: unknown }>(admin, 'POST', `/api/loa/${second.leave.id}/deny`, {
      reason: 'Op week.',
    })

    // Recruitment: an application submitted and moved.
    await post(admin, 'PUT', '/api/recruitment/form', {
      open: true,
      closed_message: '',
      intro: '<p>Join us.</p>',
      questions: [{ id: 'why', label: 'Why?', kind: 'textarea', required: true }],
    })
    const [applicant] = await addAndLoginUsers(t, 1, { prefix: 78, roles: [], namePrefix: 'recruit' })
    const applied = await post<{ id: number }>(applicant!, 'POST', '/api/applications', {
      answers: { why: 'Teamwork.' },
    })
    const moved = await post<{ application: unknown }>(admin, 'POST', `/api/applications/${applied.id}/status`, {
      status: 'reviewing',
    })

    // A written test passed (its qualification waits for the evaluation) and a live evaluation failed: no grant.
    const [exam] = await db().insert(qualifications).values({ name: 'Pilot' }).returning()
    const test = await post<{ id: number; questions: Array<{ id: number; correct_answer_index: number }> }>(
      admin,
      'POST',
      '/api/tests',
      {
        name: 'Pilot Exam',
        qualification_id: exam!.id,
        passing_questions: 1,
        requires_in_game_eval: true,
        questions: [
          { question_text: '<p>Flaps?</p>', options: ['Up', 'Down', 'Half', 'Auto'], correct_answer_index: 0 },
        ],
        evaluation_questions: [{ text: 'Lands the helicopter' }],
      },
    )
    await db().insert(testEligibility).values({ test_id: test.id, member_id: reyesMember.id })
    const right = Object.fromEntries(test.questions.map((q) => [String(q.id), q.correct_answer_index]))
    await post(reyes, 'POST', `/api/tests/${test.id}/submit`, { answers: right })
    const attempts = await post<{ attempts: Array<{ id: number }> }>(admin, 'GET', `/api/tests/${test.id}/attempts`)
    const started = await post<{ sessionId: string }>(admin, 'POST', '/api/admin/evaluations/start', {
      testId: test.id,
      evaluateeId: reyesMember.id,
    })
    const checklist = await post<Array<{ id: number }>>(
      admin,
      'GET',
      `/api/admin/tests/${test.id}/evaluation-questions`,
    )
    await post(admin, 'POST', `/api/admin/evaluations/live/${started.sessionId}/answer`, {
      questionId: checklist[0]!.id,
      answer: 'fail',
    })
    const submitted = await post<{ evaluationId: number }>(
      admin,
      'POST',
      `/api/admin/evaluations/live/${started.sessionId}/submit`,
      { notes: 'Hard landing.' },
    )
    const evaluation = await post(admin, 'GET', `/api/admin/evaluations/details/${submitted.evaluationId}`)

    // Send test.
    await post(admin, 'POST', `/api/admin/webhooks/${hook.id}/test`, undefined, [202])

    // Each type once (two leave requests and two member edits were made), every signature good.
    const expected = [...all, 'webhook.test', 'leave.requested', 'member.updated']
    await expect
      .poll(() => receiver.at('/all').length, { timeout: 60_000, interval: 100 })
      .toBe(expected.length)
      .catch((error: unknown) => {
        const got = receiver.at('/all').map((r) => (JSON.parse(r.body) as { type: string }).type)
        throw new Error(`${String(error)}; received ${got.sort().join(' ')}`)
      })
    const events = receiver.at('/all').map((request) => verified(hook.secret, request))
    expect([...events.map((e) => e.type)].sort()).toEqual([...expected].sort())
    expect(new Set(receiver.at('/all').map((r) => r.headers['webhook-id'])).size).toBe(expected.length)
    const data = (type: string) => events.find((e) => e.type === type)!.data as Record<string, unknown>
    for (const e of events) expect(Date.parse(e.timestamp), e.type).toBeGreaterThan(Date.now() - 120_000)

    // The slot JSON is the ORBAT's, built by the stored functions (the avatar names Discord's CDN: the stand-in serves
    // the app's own default avatars).
    const slot = (s: Record<string, unknown>) => ({ ...s, avatar: expect.any(String) })
    expect(data('slot.taken')).toEqual(slot({ ...taken }))
    expect(data('slot.left')).toEqual(slot({ ...taken }))
    expect(data('waitlist.promoted')).toEqual(slot({ ...promoted }))
    expect(data('waitlist.joined')).toEqual({ ...joined.body.entry, avatar: expect.any(String) })
    expect(data('orbat.saved')).toEqual(saved)
    expect(data('operation.frozen')).toEqual(snapshot)
    expect(data('event.created')).toEqual(event)
    expect(data('event.updated')).toEqual(updated.event)
    expect(data('event.deleted')).toEqual(updated.event)
    expect(data('training.created')).toEqual(training)
    expect(data('training.updated')).toEqual(trainingEdit.training)
    expect(data('training.deleted')).toMatchObject({ id: training.id, name: 'Night drills II' })
    expect(data('training.signup')).toMatchObject({ signup: { id: reyesMember.id, ingame_name: 'Reyes' } })
    expect(data('member.created')).toEqual(created.member)
    expect(data('member.updated')).toEqual(edited.member)
    expect(data('member.banned')).toEqual(banned.member)
    expect(data('member.deleted')).toEqual(beforeDelete)
    expect(data('member.promoted')).toMatchObject({
      member: { id: memberId, rank: 'JNCO' },
      entry: { kind: 'rank', detail: { from: 'BMT', to: 'JNCO' } },
    })
    expect(data('qualification.granted')).toMatchObject({
      member: { id: memberId },
      entry: {
        kind: 'qualification',
        detail: { qualification_id: qualification!.id, name: 'Combat Medic', granted: true },
      },
    })
    expect(data('qualification.revoked')).toMatchObject({
      entry: { detail: { qualification_id: qualification!.id, granted: false } },
    })
    expect(data('award.granted')).toMatchObject({ member_id: memberId, grant: { id: grant.id, name: 'Purple Heart' } })
    expect(data('award.revoked')).toMatchObject({ member_id: memberId, grant: { id: grant.id } })
    expect(data('leave.requested')).toEqual({ ...asked.leave })
    expect(data('leave.approved')).toEqual(approved.leave)
    expect(data('leave.ended')).toEqual(ended.leave)
    expect(data('leave.denied')).toEqual(denied.leave)
    expect(data('application.submitted')).toMatchObject({ id: applied.id, status: 'submitted' })
    expect(data('application.status_changed')).toEqual(moved.application)
    expect(data('test.attempted')).toEqual({ test: { id: test.id, name: 'Pilot Exam' }, attempt: attempts.attempts[0] })
    expect(data('evaluation.completed')).toEqual(evaluation)
    expect(data('webhook.test')).toMatchObject({ id: hook.id, url: `${receiver.origin}/all` })

    // The list shows each as delivered, with the answer.
    const list = await api<{ items: Array<Record<string, unknown>> }>(
      admin.client,
      'GET',
      `/api/admin/webhooks/${hook.id}/deliveries`,
    )
    expect(list.body.items).toHaveLength(expected.length)
    expect(list.body.items.every((d) => d.status === 'delivered' && d.response_status === 200)).toBe(true)
    expect(list.body.items[0]).toMatchObject({ type: 'webhook.test', attempts: 1, response_body: 'answered 200' })
    await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
  })
})

describe("an admin's ORBAT save", () => {
  it(
    'tells slot.left and slot.taken for each member it moves or removes, and nothing for those it keeps',
    { timeout: 60_000 },
    async () => {
      await resetOrbat(t)
      await addEligibleRoles(db(), { Rifleman: { general: true } })
      const bravo = await addSquad(db(), { name: 'Bravo', slots: [{ role: 'Rifleman' }, { role: 'Medic' }] })
      const charlie = await addSquad(db(), { name: 'Charlie', slots: [{ role: 'Rifleman' }] })
      await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
      await addMember(db(), novak.discordId, { ingameName: 'Novak' })
      const [rifleman, gunner, medic] = [bravo.slot('Rifleman').id, charlie.slot('Rifleman').id, bravo.slot('Medic').id]
      expect((await signUp(reyes.client, rifleman)).status).toBe(200)
      expect((await signUp(novak.client, gunner)).status).toBe(200)
      const hook = await endpoint('/saves', ['slot.taken', 'slot.left'])
      const loaded = (await api<OrbatPayload>(admin.client, 'GET', '/api/orbat')).body
      const asHeld = (id: number) => loaded.slots.find((s) => s.id === id)!

      // Reyes moves from Rifleman to Medic; Novak is taken out of Gunner.
      const { toSave } = await import('#tests/harness/orbat.ts')
      const body = toSave(loaded)
      for (const slot of body.slots) {
        if (slot.id === rifleman || slot.id === gunner) slot.user_id = null
        if (slot.id === medic) slot.user_id = reyes.id
      }
      const saved = await api(admin.client, 'PUT', '/api/admin/orbat/save', body)
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      const after = (await api<OrbatPayload>(admin.client, 'GET', '/api/orbat')).body

      await expect.poll(() => receiver.at('/saves').length, { timeout: 30_000, interval: 100 }).toBe(3)
      const events = receiver.at('/saves').map((request) => verified(hook.secret, request))
      const slot = (s: Record<string, unknown>) => ({ ...s, avatar: expect.any(String) })
      expect(events.filter((e) => e.type === 'slot.left').map((e) => e.data)).toEqual(
        expect.arrayContaining([slot({ ...asHeld(rifleman) }), slot({ ...asHeld(gunner) })]),
      )
      expect(events.filter((e) => e.type === 'slot.taken').map((e) => e.data)).toEqual([
        slot({ ...after.slots.find((s) => s.id === medic)! }),
      ])

      // A save that changes no holder tells nothing.
      expect((await api(admin.client, 'PUT', '/api/admin/orbat/save', toSave(after))).status).toBe(200)
      expect((await api(admin.client, 'POST', `/api/admin/webhooks/${hook.id}/test`)).status).toBe(202)
      await expect.poll(() => receiver.at('/saves').length, { timeout: 30_000, interval: 100 }).toBe(4)
      expect(verified(hook.secret, receiver.at('/saves')[3]!).type).toBe('webhook.test')
      await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
    },
  )
})

describe('a recruit accepted onto the roster', () => {
  it('is a member.created, with the member as the /api answers for them', { timeout: 60_000 }, async () => {
    const hook = await endpoint('/recruits', ['member.created', 'application.status_changed'])
    const form = await api(admin.client, 'PUT', '/api/recruitment/form', {
      open: true,
      closed_message: '',
      intro: '<p>Join us.</p>',
      questions: [{ id: 'why', label: 'Why?', kind: 'textarea', required: true }],
    })
    expect(form.status).toBe(200)
    const [applicant] = await addAndLoginUsers(t, 1, { prefix: 79, roles: [], namePrefix: 'accepted' })
    const applied = await api<{ id: number }>(applicant!.client, 'POST', '/api/applications', {
      answers: { why: 'Teamwork.' },
    })
    expect(applied.status).toBe(201)
    const accepted = await api<{ member_id: number }>(
      admin.client,
      'POST',
      `/api/applications/${applied.body.id}/status`,
      { status: 'accepted' },
    )
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    const member = await api(admin.client, 'GET', `/api/roster/admin/member/${accepted.body.member_id}`)

    await expect.poll(() => receiver.at('/recruits').length, { timeout: 30_000, interval: 100 }).toBe(2)
    const events = receiver.at('/recruits').map((request) => verified(hook.secret, request))
    expect(events.map((e) => e.type).sort()).toEqual(['application.status_changed', 'member.created'])
    expect(events.find((e) => e.type === 'member.created')!.data).toEqual(member.body)
    await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
  })
})

describe('delivery', () => {
  it(
    'retries after 500s and a timeout with the same webhook-id, and keeps the order per endpoint',
    { timeout: 60_000 },
    async () => {
      const hook = await endpoint('/ordered', ['event.created'])
      await receiver.plan('/ordered', [{ status: 500 }, { status: 503 }, { status: 200, delayMs: 2500 }])
      const names = ['One', 'Two', 'Three']
      for (const name of names)
        expect((await api(admin.client, 'POST', '/api/roster/events', { name, date: '2099-05-01' })).status).toBe(201)
      await expect.poll(() => receiver.at('/ordered').length, { timeout: 30_000, interval: 100 }).toBe(6)
      const got = receiver.at('/ordered').map((r) => ({ id: r.headers['webhook-id'], ...verified(hook.secret, r) }))
      expect(got.map((e) => (e.data as { name: string }).name)).toEqual(['One', 'One', 'One', 'One', 'Two', 'Three'])
      expect(new Set(got.slice(0, 4).map((e) => e.id)).size).toBe(1)
      // Two failures, a timeout, then delivered: the first attempts waited longer each time (200, 400, 800 ms).
      const times = receiver.at('/ordered').map((r) => r.at)
      expect(times[2]! - times[1]!).toBeGreaterThan(times[1]! - times[0]!)
      await expect
        .poll(async () => (await deliveriesOf(hook.id)).map((d) => [d.status, d.attempts]), { timeout: 10_000 })
        .toEqual([
          ['delivered', 4],
          ['delivered', 1],
          ['delivered', 1],
        ])
      await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
    },
  )

  it('does not follow a redirect: it is a failed attempt, tried again', { timeout: 30_000 }, async () => {
    const hook = await endpoint('/moved', ['event.created'])
    await receiver.plan('/moved', [{ status: 302, location: `${receiver.origin}/elsewhere` }])
    await api(admin.client, 'POST', '/api/roster/events', { name: 'Op Moved', date: '2099-09-01' })
    await expect
      .poll(async () => (await deliveriesOf(hook.id)).map((d) => [d.status, d.attempts]), { timeout: 20_000 })
      .toEqual([['delivered', 2]])
    expect(receiver.at('/moved')).toHaveLength(2)
    expect(receiver.at('/elsewhere')).toEqual([])
    await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
  })

  it(
    'a day of failures fails the delivery, pauses the endpoint and tells the admins; a paused endpoint is written nothing',
    { timeout: 60_000 },
    async () => {
      const adminRow = (await db().execute<{ id: number }>(sql`select id from users where username = 'demo_admin'`))[0]!
      await db()
        .insert(notificationPreferences)
        .values({ user_id: adminRow.id, kind: 'admin_queue', push: false, discord: true })
        .onConflictDoNothing()
      const hook = await endpoint('/down', ['training.created'])
      await receiver.plan(
        '/down',
        Array.from({ length: 50 }, () => ({ status: 500 })),
      )
      await api(admin.client, 'POST', '/api/roster/trainings', { name: 'Range', date: '2099-06-01T18:00:00Z' })
      await expect.poll(() => receiver.at('/down').length, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0)
      // Written two days ago: the next failure is past the retry window.
      await db()
        .update(webhookDeliveries)
        .set({ queued_at: sql`now() - interval '2 days'` })
        .where(eq(webhookDeliveries.endpoint_id, hook.id))
      const endpointRow = async () =>
        (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)))[0]!
      await expect.poll(async () => (await endpointRow()).active, { timeout: 20_000, interval: 100 }).toBe(false)
      expect((await endpointRow()).paused_reason).toMatch(/^Paused after failing for 0 hours: HTTP 500/)
      expect((await deliveriesOf(hook.id)).map((d) => d.status)).toEqual(['failed'])
      expect(await db().select().from(auditLog).where(eq(auditLog.action, 'Webhook endpoint paused'))).toHaveLength(1)
      expect(
        await db()
          .select()
          .from(notificationOutbox)
          .where(
            and(eq(notificationOutbox.user_id, adminRow.id), eq(notificationOutbox.title, 'Webhook endpoint paused')),
          ),
      ).toHaveLength(1)

      // Paused: a new training writes it nothing, and an endpoint created paused gets nothing either.
      const quiet = await endpoint('/quiet', ['training.created'], false)
      await api(admin.client, 'POST', '/api/roster/trainings', { name: 'Range 2', date: '2099-06-02T18:00:00Z' })
      expect(await deliveriesOf(hook.id)).toHaveLength(1)
      expect(await deliveriesOf(quiet.id)).toEqual([])
      // Made active again, Redeliver sends the failed message once more with its own id.
      const failed = (await deliveriesOf(hook.id))[0]!
      await receiver.plan('/down', [])
      await api(admin.client, 'PUT', `/api/admin/webhooks/${hook.id}`, {
        url: `${receiver.origin}/down`,
        events: ['training.created'],
        active: true,
      })
      expect((await endpointRow()).paused_reason).toBeNull()
      const before = receiver.at('/down').length
      expect(
        (await api(admin.client, 'POST', `/api/admin/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`)).status,
      ).toBe(202)
      await expect.poll(() => receiver.at('/down').length, { timeout: 20_000, interval: 50 }).toBe(before + 1)
      expect(receiver.at('/down').at(-1)!.headers['webhook-id']).toBe(failed.id)
      await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
      await api(admin.client, 'DELETE', `/api/admin/webhooks/${quiet.id}`)
    },
  )

  it(
    'a bulk rank change tells of each member it changed, as the member call answers',
    { timeout: 30_000 },
    async () => {
      const hook = await endpoint('/bulk', ['member.updated'])
      const ids: number[] = []
      for (const name of ['Able', 'Baker']) {
        const made = await api<{ member: { id: number } }>(admin.client, 'POST', '/api/roster/members', {
          ingame_name: name,
          join_date: '2024-05-01',
        })
        ids.push(made.body.member.id)
      }
      const bulk = await api(admin.client, 'POST', '/api/admin/roster/members/bulk', {
        action: 'set_rank',
        member_ids: ids,
        rank: 'NCO',
      })
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(200)
      await expect.poll(() => receiver.at('/bulk').length, { timeout: 20_000, interval: 50 }).toBe(2)
      const sent = receiver.at('/bulk').map((r) => verified(hook.secret, r).data)
      for (const id of ids)
        expect(sent).toContainEqual((await api(admin.client, 'GET', `/api/roster/admin/member/${id}`)).body)
      expect(sent.map((m) => (m as { rank: string }).rank)).toEqual(['NCO', 'NCO'])
      await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
    },
  )

  it('keeps the last 100 deliveries of an endpoint, and cuts a long answer at 4 KB', { timeout: 30_000 }, async () => {
    const hook = await endpoint('/kept', ['event.created'])
    // 120 finished deliveries of long ago, then one more sent now.
    await db().execute(sql`
      insert into webhook_deliveries (id, endpoint_id, type, payload, status, attempts)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${hook.id}, 'event.created', '{}', 'delivered', 1
        from generate_series(1, 120)`)
    await receiver.plan('/kept', [{ status: 200, body: 'x'.repeat(10_000) }])
    await api(admin.client, 'POST', '/api/roster/events', { name: 'Op Kept', date: '2099-08-01' })
    await expect.poll(async () => (await deliveriesOf(hook.id)).length, { timeout: 20_000, interval: 100 }).toBe(100)
    const newest = (await deliveriesOf(hook.id)).at(-1)!
    expect(newest).toMatchObject({ status: 'delivered', response_status: 200 })
    expect(newest.response_body).toHaveLength(4096)
    await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
  })

  it('an endpoint whose name points at a private address is refused at connection', { timeout: 30_000 }, async () => {
    // Written past the create's check (as a name that pointed elsewhere then would be): another origin than the
    // allowed one, so the checked agent resolves localhost at connection and refuses it.
    const [row] = await db()
      .insert(webhookEndpoints)
      .values({ url: 'https://localhost:9/private', events: ['member.created'], secret: `whsec_${'A'.repeat(32)}` })
      .returning()
    await api(admin.client, 'POST', '/api/roster/members', { ingame_name: 'Lee', join_date: '2024-05-01' })
    await expect
      .poll(async () => (await deliveriesOf(row!.id))[0]?.error ?? null, { timeout: 20_000, interval: 100 })
      .toBe('The URL must be an https URL on a public address.')
    expect((await deliveriesOf(row!.id))[0]).toMatchObject({ status: 'pending', response_status: null })
    expect(receiver.at('/private')).toEqual([])
    await db().delete(webhookEndpoints).where(eq(webhookEndpoints.id, row!.id))
  })

  it(
    'a sender killed mid-send loses nothing: another sends it again with the same webhook-id',
    { timeout: 60_000 },
    async () => {
      const hook = await endpoint('/crash', ['event.created'])
      // The first request is held unanswered until the sender is gone.
      await receiver.plan('/crash', [{ status: 200, delayMs: 30_000 }])
      await api(admin.client, 'POST', '/api/roster/events', { name: 'Op Crash', date: '2099-07-01' })
      await expect.poll(() => receiver.at('/crash').length, { timeout: 20_000, interval: 50 }).toBe(1)
      const crashedAt = await killHard(sender)
      await startSender()
      await expect
        .poll(async () => (await deliveriesOf(hook.id)).map((d) => d.status), { timeout: 20_000, interval: 100 })
        .toEqual(['delivered'])
      expect(Date.now() - crashedAt).toBeLessThan(15_000)
      const [first, second] = receiver.at('/crash')
      expect(receiver.at('/crash')).toHaveLength(2)
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
      expect(verified(hook.secret, second!)).toEqual(verified(hook.secret, first!))
      await api(admin.client, 'DELETE', `/api/admin/webhooks/${hook.id}`)
    },
  )
})
