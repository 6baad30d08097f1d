// What a member is told, kind by kind (docs/rules/notifications.md), over real HTTP on real PostgreSQL, sent by a job
// runner in its own process to the tests' push service (decrypted as a browser would) or to the Discord stand-in:
// after each action the right person has exactly one row and gets one message; a refused action, the member's own
// action, and a person who chose nothing for the kind get none.
import type { ChildProcess } from 'node:child_process'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { NotificationKind } from '#contracts/notifications.ts'
import type { AdminTest } from '#contracts/assessments.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { testEligibility, tests } from '#db/schema/assessments.ts'
import { notificationOutbox, notificationPreferences, pushSubscriptions } from '#db/schema/notifications.ts'
import { applications, recruitmentForms } from '#db/schema/recruitment.ts'
import { members, promotionThresholds, qualifications, trainings, trainingSignups } from '#db/schema/roster.ts'
import { orbatVersions } from '#db/schema/orbat-history.ts'
import { squads } from '#db/schema/orbat.ts'
import { settings } from '#db/schema/settings.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { markChanged } from '#server/orbat/live.ts'
import { SYSTEM_ACTOR } from '#server/audit/audit.ts'
import { queueTrainingReminders } from '#server/notifications/sender.ts'
import { runPromotions } from '#server/roster/promotions.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { startRunnerProcess, stopRunnerProcess } from '#tests/harness/runner-process.ts'
import {
  addAndLoginUsers,
  addMember,
  addSquad,
  getJson,
  loginDemos,
  toSave,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { startPushService, type PushServiceStandIn, type TestDevice } from '#tests/harness/push-service.ts'

let push: PushServiceStandIn
let t: TestApp
let runner: ChildProcess
let admin: LoggedIn, novak: LoggedIn, reyes: LoggedIn
let admin2: LoggedIn, applicant: LoggedIn, applicant2: LoggedIn

const db = () => t.database.db

beforeAll(async () => {
  push = await startPushService()
  t = await startTestApp({ env: { PUSH_ENDPOINT_ALLOW: push.origin } })
  ;[admin, novak, reyes] = await loginDemos(t, ['demo_admin', 'novak', 'reyes'])
  admin2 = (await addAndLoginUsers(t, 1, { prefix: 91, roles: [DEMO_ROLES.admin.id], namePrefix: 'officer' }))[0]!
  const recruits = await addAndLoginUsers(t, 2, { prefix: 92, roles: [], namePrefix: 'recruit' })
  ;[applicant, applicant2] = [recruits[0]!, recruits[1]!]
  // The job runner alone in its process, as on another host, trusting the push service's certificate.
  runner = await startRunnerProcess({ ...t.env, NODE_EXTRA_CA_CERTS: push.caFile })
}, 60_000)
afterAll(async () => {
  if (runner) await stopRunnerProcess(runner)
  await t?.close()
  await push?.close()
})
beforeEach(async () => {
  // Deleted, not truncated: the runner reads these tables all along, and a truncate's exclusive locks taken one table
  // after another could deadlock with its reads.
  for (const table of [
    waitlistEntries,
    squads,
    orbatVersions,
    settings,
    members,
    notificationOutbox,
    pushSubscriptions,
    notificationPreferences,
    tests,
    qualifications,
    trainings,
    promotionThresholds,
    applications,
    recruitmentForms,
  ])
    await db().delete(table)
  markChanged()
  t.discord.state.messages.length = 0
  push.received.length = 0
})

async function subscribe(who: LoggedIn): Promise<TestDevice> {
  const device = push.device()
  const answer = await api(who.client, 'POST', '/api/push/subscriptions', {
    endpoint: device.endpoint,
    keys: device.keys,
  })
  expect(answer.status).toBe(201)
  return device
}

async function choose(who: LoggedIn, kind: NotificationKind, channels: { push: boolean; discord: boolean }) {
  expect((await api(who.client, 'PUT', '/api/account/notifications', { [kind]: channels })).status).toBe(200)
}

/** The outbox rows of a person (all kinds), oldest first. */
const rowsOf = (who: LoggedIn) =>
  db()
    .select({
      kind: notificationOutbox.kind,
      title: notificationOutbox.title,
      body: notificationOutbox.body,
      url: notificationOutbox.url,
    })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.user_id, who.id))
    .orderBy(notificationOutbox.id)

const pushesTo = (device: TestDevice) =>
  push.received.filter((r) => r.device === device.id).map(({ payload: { title, body, url } }) => ({ title, body, url }))

const dmsTo = (who: LoggedIn) =>
  t.discord.state.messages.filter((m) => m.channelName === `@${who.username}`).map((m) => m.content)

/** Waits until the outbox holds nothing left to send, so "nothing more arrived" is a fact, not a hope. */
async function allSent() {
  const pending = async () =>
    (
      await db().execute<{ n: number }>(sql`select count(*)::int as n from notification_outbox where done_at is null`)
    )[0]?.n
  await expect.poll(pending, { timeout: 15_000, interval: 100 }).toBe(0)
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 })

describe('slot_changed', () => {
  const loadOrbat = async () => (await getJson<OrbatPayload>(admin.client, '/api/orbat')).body
  const save = (body: unknown) =>
    api<{ error?: string; version?: number }>(admin.client, 'PUT', '/api/admin/orbat/save', body)

  it('tells a member an admin moved, put or removed by push; not their own leave, not a refused save', async () => {
    await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    const alpha = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman', user_id: novak.id }] })
    await addSquad(db(), { name: 'Bravo', slots: [{ role: 'Gunner' }, { role: 'Medic' }] })
    const device = await subscribe(novak)
    // Reyes has a device but wants no slot news.
    await subscribe(reyes)
    await choose(reyes, 'slot_changed', { push: false, discord: false })
    const first = await save(toSave(await loadOrbat()))
    expect(first.status).toBe(200)

    // Moved: Novak from Rifleman to Gunner; Reyes put in Medic (asked for nothing); the admin's own changes: none.
    let body = toSave(await loadOrbat())
    body.slots.find((s) => s.role === 'Rifleman')!.user_id = null
    body.slots.find((s) => s.role === 'Gunner')!.user_id = novak.id
    body.slots.find((s) => s.role === 'Medic')!.user_id = reyes.id
    expect((await save(body)).status).toBe(200)
    await poll(() => pushesTo(device)).toEqual([
      {
        title: 'Your slot changed',
        body: 'An admin moved you from Rifleman (Alpha) to Gunner (Bravo).',
        url: '/orbat',
      },
    ])

    // Refused (one person in two slots): nothing written.
    body = toSave(await loadOrbat())
    body.slots.find((s) => s.role === 'Rifleman')!.user_id = novak.id
    expect((await save(body)).status).toBe(400)
    // The member's own leave and sign-up are not news to them.
    const gunner = (await loadOrbat()).slots.find((s) => s.role === 'Gunner')!.id
    expect((await novak.client.fetch(`/api/slot/${gunner}/leave`, { method: 'POST' })).status).toBe(200)
    expect((await novak.client.fetch(`/api/slot/${alpha.slot('Rifleman').id}/signup`, { method: 'POST' })).status).toBe(
      200,
    )
    expect(await rowsOf(novak)).toHaveLength(1)

    // Moved to a new squad's slot; then a restore of the first version, which has no such squad, puts him back in the
    // slot he held in it (still there, and empty).
    body = toSave(await loadOrbat())
    body.slots.find((s) => s.role === 'Rifleman')!.user_id = null
    body.squads!.push({ name: 'Charlie', pos_x: 900, pos_y: 0, can_be_primary_waitlist: false, platoon_id: null })
    body.slots.push({
      squadName: 'Charlie',
      team: 'Air',
      team_order: 0,
      slot_order: 0,
      role: 'Pilot',
      user_id: novak.id,
      manual_username: null,
      required_role_id: null,
    })
    expect((await save(body)).status).toBe(200)
    expect((await api(admin.client, 'POST', `/api/admin/orbat/versions/${first.body.version}/restore`)).status).toBe(
      200,
    )
    await poll(() => pushesTo(device).slice(1)).toEqual([
      {
        title: 'Your slot changed',
        body: 'An admin moved you from Rifleman (Alpha) to Pilot (Charlie).',
        url: '/orbat',
      },
      {
        title: 'Your slot changed',
        body: 'An admin moved you from Pilot (Charlie) to Rifleman (Alpha).',
        url: '/orbat',
      },
    ])
    await allSent()
    expect(await rowsOf(novak)).toHaveLength(3)
    expect(await rowsOf(reyes)).toEqual([])
  })
})

describe("in the person's language", () => {
  it("the notices the database writes (a promotion) and those written per row (a training reminder) follow the language the member chose, else the unit's", async () => {
    const member = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    await db().update(members).set({ attended_events_count: 5 }).where(eq(members.id, member.id))
    await choose(novak, 'promotions_awards', { push: false, discord: true })
    await choose(novak, 'training_reminder', { push: false, discord: true })
    await db().execute(sql`update users set language = 'de' where id = ${novak.id}`)
    try {
      expect(
        (await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'BMT', required_score: 1 }]))
          .status,
      ).toBe(200)
      expect((await api(admin.client, 'POST', '/api/roster/promotions/run')).status).toBe(200)
      await poll(() => dmsTo(novak)).toEqual([
        `**Befördert zum JNCO**\nDu wurdest vom BMT zum JNCO befördert.\n${t.url}/account/record`,
      ])
      // No choice of their own: the unit's language (Polish here); the training's name as the unit wrote it.
      await db().execute(sql`update users set language = null where id = ${novak.id}`)
      await db().insert(settings).values({ key: 'unit_language', value: 'pl' })
      const [drill] = await db()
        .insert(trainings)
        .values({ name: 'Soon {training} Drill', date: new Date(Date.now() + 3600_000 - 60_000) })
        .returning({ id: trainings.id })
      await db().insert(trainingSignups).values({ training_id: drill!.id, member_id: member.id })
      await queueTrainingReminders(t.app.services)
      await poll(() => dmsTo(novak)).toHaveLength(2)
      expect(dmsTo(novak)[1]).toBe(
        `**Szkolenie za godzinę**\nSoon {training} Drill zaczyna się za godzinę.\n${t.url}/trainings`,
      )
    } finally {
      await db().execute(sql`update users set language = null where id = ${novak.id}`)
    }
  })
})

describe('training_reminder', () => {
  it('24 hours and 1 hour before, once per training and reminder, by Discord message as chosen', async () => {
    const reyesMember = await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    const novakMember = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    await choose(reyes, 'training_reminder', { push: false, discord: true })
    const at = (ms: number) => new Date(Date.now() + ms)
    const made = await db()
      .insert(trainings)
      .values([
        { name: 'Tomorrow Drill', date: at(24 * 3600_000 - 60_000) },
        { name: 'Soon Drill', date: at(3600_000 - 60_000) },
        { name: 'Hidden Drill', date: at(3600_000 - 60_000), is_hidden: true },
        { name: 'Later Drill', date: at(3 * 3600_000) },
      ])
      .returning({ id: trainings.id })
    await db()
      .insert(trainingSignups)
      .values([
        ...made.map((m) => ({ training_id: m.id, member_id: reyesMember.id })),
        // Novak chose nothing and has no device: no row.
        { training_id: made[1]!.id, member_id: novakMember.id },
      ])
    // Written by two "instances" (this process and the runner's tick): still once per training and reminder.
    await queueTrainingReminders(t.app.services)
    await queueTrainingReminders(t.app.services)
    await poll(() => dmsTo(reyes).length).toBe(2)
    expect(dmsTo(reyes).sort()).toEqual([
      `**Training in 1 hour**\nSoon Drill starts in 1 hour.\n${t.url}/trainings`,
      `**Training tomorrow**\nTomorrow Drill starts in 24 hours.\n${t.url}/trainings`,
    ])
    await queueTrainingReminders(t.app.services)
    await allSent()
    expect(await rowsOf(reyes)).toHaveLength(2)
    expect(await rowsOf(novak)).toEqual([])
    expect(dmsTo(reyes)).toHaveLength(2)
  })
})

describe('test_updates', () => {
  async function arrangeTest(name: string, qualification: string, requiresEval: boolean) {
    const [qual] = await db().insert(qualifications).values({ name: qualification }).returning()
    const made = await api<AdminTest>(admin.client, 'POST', '/api/tests', {
      name,
      qualification_id: qual!.id,
      passing_questions: 1,
      requires_in_game_eval: requiresEval,
      eval_passing_score: 80,
      questions: [{ question_text: '<p>Two plus two?</p>', options: ['3', '4', '5', '6'], correct_answer_index: 1 }],
      evaluation_questions: requiresEval ? [{ text: 'Stops the bleeding', section: 'Care', pos_score: 1 }] : [],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    return made.body
  }

  it('approved to take a test, a qualification granted by an admin; by push; not for a pass of their own', async () => {
    const member = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    const banned = await addMember(db(), reyes.discordId, { ingameName: 'Reyes', banned: 'Griefing.' })
    await subscribe(reyes)
    const device = await subscribe(novak)
    const written = await arrangeTest('Radio Basics', 'Radio Operator', false)
    const medic = await arrangeTest('Medic Certification', 'Combat Medic', true)

    // Approved to take a test (a banned member's approval is refused: nothing).
    const grant = (testId: number, memberId: number) =>
      api(admin.client, 'POST', '/api/tests/eligibility/grant', { testId, memberId })
    expect((await grant(written.id, member.id)).status).toBe(200)
    expect((await grant(written.id, banned.id)).status).toBe(409)
    await poll(() => pushesTo(device)).toEqual([
      { title: 'Approved to take a test', body: 'You may now take Radio Basics.', url: '/tests' },
    ])

    // Passing on their own grants the qualification: they saw it on the page, so no notification.
    const answers = (test: AdminTest) => ({ answers: { [test.questions[0]!.id]: 1 } })
    expect((await api(novak.client, 'POST', `/api/tests/${written.id}/submit`, answers(written))).status).toBe(200)

    // Approve Qual after a passed attempt (the in-game evaluation waived).
    await db().insert(testEligibility).values({ test_id: medic.id, member_id: member.id })
    expect((await api(novak.client, 'POST', `/api/tests/${medic.id}/submit`, answers(medic))).status).toBe(200)
    const [attempt] = await db()
      .execute<{ id: number }>(sql`select id from test_attempts where test_id = ${medic.id}`)
      .then((rows) => [...rows])
    expect((await api(admin.client, 'POST', `/api/tests/attempts/${attempt!.id}/grant`)).status).toBe(200)
    expect((await api(admin.client, 'POST', `/api/tests/attempts/${attempt!.id}/grant`)).status).toBe(409)
    await poll(() => pushesTo(device)).toHaveLength(2)
    expect(pushesTo(device)[1]).toEqual({
      title: 'Qualification granted',
      body: 'You were granted Combat Medic.',
      url: '/account/record',
    })

    await allSent()
    expect((await rowsOf(novak)).map((r) => r.kind)).toEqual(['test_updates', 'test_updates'])
    expect(await rowsOf(reyes)).toEqual([])
  })

  it('an evaluation result: a failure, then a pass that says the qualification it granted, each once', async () => {
    const member = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    const device = await subscribe(novak)
    const medic = await arrangeTest('Medic Certification', 'Combat Medic', true)
    await db().insert(testEligibility).values({ test_id: medic.id, member_id: member.id })
    const answers = { answers: { [medic.questions[0]!.id]: 1 } }
    expect((await api(novak.client, 'POST', `/api/tests/${medic.id}/submit`, answers)).status).toBe(200)
    const evaluate = async (answer: 'pass' | 'fail') => {
      const started = await api<{ sessionId: string }>(admin.client, 'POST', '/api/admin/evaluations/start', {
        testId: medic.id,
        evaluateeId: member.id,
      })
      expect(started.status).toBe(201)
      const live = `/api/admin/evaluations/live/${started.body.sessionId}`
      await api(admin.client, 'POST', `${live}/answer`, { questionId: medic.evaluation_questions[0]!.id, answer })
      expect((await api(admin.client, 'POST', `${live}/submit`, {})).status).toBe(200)
      // Submitting again: the session is over (refused), nothing more.
      expect((await api(admin.client, 'POST', `${live}/submit`, {})).status).toBe(404)
    }
    await evaluate('fail')
    await evaluate('pass')
    await poll(() => pushesTo(device)).toEqual([
      {
        title: 'Evaluation result',
        body: 'You did not pass the Medic Certification evaluation: 0.0% of the 80% needed.',
        url: '/tests',
      },
      {
        title: 'Evaluation passed',
        body: 'You passed the Medic Certification evaluation with 100.0% and were granted Combat Medic.',
        url: '/tests',
      },
    ])
    await allSent()
    expect(await rowsOf(novak)).toHaveLength(2)
  })
})

describe('promotions_awards', () => {
  it('promotions (an admin run, the weekly run, the member form) and an award, by Discord message as chosen', async () => {
    const member = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    await db().update(members).set({ attended_events_count: 5 }).where(eq(members.id, member.id))
    await choose(novak, 'promotions_awards', { push: false, discord: true })
    expect(
      (await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'BMT', required_score: 1 }]))
        .status,
    ).toBe(200)
    expect((await api(admin.client, 'POST', '/api/roster/promotions/run')).status).toBe(200)
    expect((await api(admin.client, 'POST', '/api/roster/promotions/run')).status).toBe(200)
    // The weekly run (the job's, as System), then an admin's form: a promotion each; the form's demotion and the
    // qualification it grants (a kind Novak gets by push, with no device) tell nothing.
    expect(
      (await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'JNCO', required_score: 1 }]))
        .status,
    ).toBe(200)
    await runPromotions(t.app.services, SYSTEM_ACTOR)
    const [qual] = await db().insert(qualifications).values({ name: 'Pilot' }).returning()
    const edit = (rank: string, quals: number[]) =>
      api(admin.client, 'PUT', `/api/roster/members/${member.id}`, {
        ingame_name: 'Novak',
        join_date: '2024-01-01',
        discord_id: novak.discordId,
        rank,
        qualifications: quals,
      })
    expect((await edit('SNCO', [qual!.id])).status).toBe(200)
    expect((await edit('JNCO', [qual!.id])).status).toBe(200)
    await poll(() => dmsTo(novak)).toEqual([
      `**Promoted to JNCO**\nYou were promoted from BMT to JNCO.\n${t.url}/account/record`,
      `**Promoted to NCO**\nYou were promoted from JNCO to NCO.\n${t.url}/account/record`,
      `**Promoted to SNCO**\nYou were promoted from NCO to SNCO.\n${t.url}/account/record`,
    ])

    const award = await api<{ award: { id: number } }>(admin.client, 'POST', '/api/awards', { name: 'Purple Heart' })
    expect(award.status).toBe(201)
    const give = (awardId: number) =>
      api(admin.client, 'POST', `/api/roster/members/${member.id}/awards`, {
        award_id: awardId,
        citation: 'Wounded in action.',
        date: '2026-03-01',
        announce: false,
      })
    expect((await give(999_999)).status).toBe(400)
    expect((await give(award.body.award.id)).status).toBe(201)
    await poll(() => dmsTo(novak)).toHaveLength(4)
    expect(dmsTo(novak)[3]).toBe(
      `**Awarded the Purple Heart**\nYou were given the Purple Heart: Wounded in action.\n${t.url}/account/record`,
    )
    await allSent()
    expect((await rowsOf(novak)).map((r) => r.kind)).toEqual(Array(4).fill('promotions_awards'))
  })
})

describe('the language of a notice', () => {
  it("is the person's own choice, else the unit's language; the award's name stays as the unit wrote it", async () => {
    const novakMember = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    const reyesMember = await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    await choose(novak, 'promotions_awards', { push: false, discord: true })
    await choose(reyes, 'promotions_awards', { push: false, discord: true })
    expect((await api(novak.client, 'PUT', '/api/account/preferences', { language: 'de' })).status).toBe(200)
    expect((await api(admin.client, 'PUT', '/api/admin/settings/language', { language: 'pl' })).status).toBe(200)
    try {
      const award = await api<{ award: { id: number } }>(admin.client, 'POST', '/api/awards', { name: 'Iron Cross' })
      for (const member of [novakMember, reyesMember]) {
        const given = await api(admin.client, 'POST', `/api/roster/members/${member.id}/awards`, {
          award_id: award.body.award.id,
          citation: 'Held the bridge.',
          date: '2026-03-01',
          announce: false,
        })
        expect(given.status).toBe(201)
      }
      await poll(() => dmsTo(novak)).toEqual([
        `**Auszeichnung: Iron Cross**\nDu hast die Auszeichnung Iron Cross erhalten: Held the bridge.\n${t.url}/account/record`,
      ])
      await poll(() => dmsTo(reyes)).toEqual([
        `**Odznaczenie: Iron Cross**\nOtrzymujesz odznaczenie Iron Cross: Held the bridge.\n${t.url}/account/record`,
      ])
    } finally {
      await api(novak.client, 'PUT', '/api/account/preferences', { language: null })
    }
  })
})

describe('leave and admin_queue', () => {
  const unitDay = (offset: number) => {
    const day = new Date(Date.now() + offset * 86_400_000)
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(day)
  }
  const ask = (client: TestClient, from: number, to: number) =>
    api<{ leave: { id: number } }>(client, 'POST', '/api/loa', {
      start_date: unitDay(from),
      end_date: unitDay(to),
      reason: 'Family holiday.',
    })

  it('the member hears of approval and denial by push; admins who asked hear of the request by Discord', async () => {
    await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    await addMember(db(), admin.discordId, { ingameName: 'Miller' })
    const device = await subscribe(novak)
    await choose(admin, 'admin_queue', { push: false, discord: true })
    // The other admin has a device but did not ask for admin_queue.
    await subscribe(admin2)

    const first = await ask(novak.client, 10, 12)
    expect(first.status).toBe(201)
    await poll(() => dmsTo(admin)).toEqual([
      `**New leave request**\nNovak asks for leave from ${unitDay(10)} to ${unitDay(12)}.\n${t.url}/admin/roster/leave`,
    ])
    // A refused request (overlapping the first) tells nobody.
    expect((await ask(novak.client, 11, 13)).status).toBe(409)

    expect((await api(admin.client, 'POST', `/api/loa/${first.body.leave.id}/approve`)).status).toBe(200)
    expect((await api(admin.client, 'POST', `/api/loa/${first.body.leave.id}/approve`)).status).toBe(409)
    await poll(() => pushesTo(device)).toEqual([
      {
        title: 'Leave approved',
        body: `Your leave from ${unitDay(10)} to ${unitDay(12)} was approved.`,
        url: '/account',
      },
    ])
    const second = await ask(novak.client, 20, 21)
    expect(
      (await api(admin.client, 'POST', `/api/loa/${second.body.leave.id}/deny`, { reason: 'Op week.' })).status,
    ).toBe(200)
    await poll(() => pushesTo(device)).toHaveLength(2)
    expect(pushesTo(device)[1]).toEqual({
      title: 'Leave denied',
      body: `Your leave from ${unitDay(20)} to ${unitDay(21)} was denied: Op week.`,
      url: '/account',
    })
    // An admin's own request is not news to them.
    expect((await ask(admin.client, 30, 31)).status).toBe(201)
    await allSent()
    expect((await rowsOf(novak)).map((r) => r.kind)).toEqual(['leave', 'leave'])
    expect((await rowsOf(admin)).map((r) => r.kind)).toEqual(['admin_queue', 'admin_queue'])
    expect(await rowsOf(admin2)).toEqual([])
    expect(dmsTo(admin)).toHaveLength(2)
  })
})

describe('applications and admin_queue', () => {
  const FORM = {
    open: true,
    closed_message: 'Closed.',
    intro: '<p>Join us.</p>',
    questions: [{ id: 'why', label: 'Why?', kind: 'text', required: true }],
  }
  const applyAs = (who: LoggedIn) =>
    api<{ id: number }>(who.client, 'POST', '/api/applications', { answers: { why: 'Teamwork.' } })
  const move = (id: number, status: string, reason?: string) =>
    api(admin.client, 'POST', `/api/applications/${id}/status`, { status, reason })

  it('an applicant hears by Discord message until they subscribe, then by push; admins who asked hear of it', async () => {
    await choose(admin, 'admin_queue', { push: true, discord: false })
    const adminDevice = await subscribe(admin)
    expect((await api(admin.client, 'PUT', '/api/recruitment/form', { ...FORM, open: false })).status).toBe(200)
    // Closed: refused, nobody told.
    expect((await applyAs(applicant)).status).toBe(403)
    expect((await api(admin.client, 'PUT', '/api/recruitment/form', FORM)).status).toBe(200)

    const byDm = await applyAs(applicant)
    expect(byDm.status).toBe(201)
    await poll(() => pushesTo(adminDevice)).toEqual([
      {
        title: 'New application',
        body: 'Trooper 92-0 applied to join the unit.',
        url: `/admin/recruitment?application=${byDm.body.id}`,
      },
    ])
    expect(await rowsOf(admin2)).toEqual([])

    expect((await move(byDm.body.id, 'reviewing')).status).toBe(200)
    // The same status again is refused: nothing.
    expect((await move(byDm.body.id, 'reviewing')).status).toBe(409)
    await poll(() => dmsTo(applicant)).toEqual([`Your application is now: Reviewing. ${t.url}/account`])

    // Subscribed: by push, and no Discord message.
    const device = await subscribe(applicant2)
    const byPush = await applyAs(applicant2)
    expect((await move(byPush.body.id, 'rejected', 'We are full.')).status).toBe(200)
    await poll(() => pushesTo(device)).toEqual([
      { title: 'Application rejected', body: 'Reason: We are full.', url: '/account' },
    ])
    await allSent()
    expect(dmsTo(applicant2)).toEqual([])
    expect(dmsTo(applicant)).toHaveLength(1)
    expect((await rowsOf(applicant)).map((r) => r.kind)).toEqual(['applications'])
    expect((await rowsOf(admin)).map((r) => r.kind)).toEqual(['admin_queue', 'admin_queue'])
    const [done] = await db()
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.user_id, applicant2.id), eq(notificationOutbox.kind, 'applications')))
    expect([done!.push_state, done!.discord_state]).toEqual(['sent', 'skipped'])
  })
})
