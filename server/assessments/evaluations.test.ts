// Live in-game evaluations over real HTTP on real PostgreSQL (docs/rules/assessments.md): the score formula, the
// authorisation of every call, a whole session (start, join, answers, the live stream, submit), the grant and its
// Discord role on a pass, refusals, cancel and delete.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ACCESS_CHECK_MS, ACCESS_ENDED } from '#server/assessments/evaluation-live.ts'
import { createToken } from '#tests/harness/tokens.ts'
import {
  EVALUATION_ERRORS,
  EVALUATION_MESSAGES,
  liveScore,
  type ActiveLiveEvaluation,
  type CompletedEvaluation,
  type EvaluationDetails,
  type EvaluationSubmitResult,
  type LiveSession,
  type PassedMember,
  type StartedEvaluation,
} from '#contracts/evaluations.ts'
import type { AdminTest } from '#contracts/assessments.ts'
import { memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import { liveEvaluationSessions, testAttempts, testEligibility, testEvaluations } from '#db/schema/assessments.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { addMember, auditEntries, loginDemos, ROLE_IDS, type LoggedIn } from '#tests/harness/orbat.ts'
import { resetTests, roleChanges } from '#tests/harness/assessments.ts'

describe('liveScore (docs/rules/assessments.md, The live score)', () => {
  const q = [
    { id: 1, pos_score: 2, neg_score: 1 },
    { id: 2, pos_score: 1, neg_score: 0 },
    { id: 3, pos_score: 3, neg_score: 2 },
  ]
  it('max = pos over questions not marked na; earned = pos per pass minus neg per fail; at least 0; 100 when max is 0', () => {
    expect(liveScore(q, {}, 80)).toEqual({ score: 0, passing: false })
    expect(liveScore(q, { 1: 'pass', 2: 'pass', 3: 'pass' }, 80)).toEqual({ score: 100, passing: true })
    // 2 + 1 - 2 = 1 of 6.
    expect(liveScore(q, { 1: 'pass', 2: 'pass', 3: 'fail' }, 80)).toEqual({ score: 16.67, passing: false })
    // na leaves the maximum: 2 + 1 of 3.
    expect(liveScore(q, { 1: 'pass', 2: 'pass', 3: 'na' }, 80)).toEqual({ score: 100, passing: true })
    // Unanswered counts toward the maximum: 2 of 6.
    expect(liveScore(q, { 1: 'pass' }, 33)).toEqual({ score: 33.33, passing: true })
    expect(liveScore(q, { 1: 'fail', 2: 'fail', 3: 'fail' }, 0)).toEqual({ score: 0, passing: true })
    expect(liveScore(q, { 1: 'na', 2: 'na', 3: 'na' }, 80)).toEqual({ score: 100, passing: true })
    expect(liveScore([], {}, 100)).toEqual({ score: 100, passing: true })
  })
})

describe('live evaluations over HTTP', () => {
  let t: TestApp
  let admin: LoggedIn, novak: LoggedIn, reyes: LoggedIn

  beforeAll(async () => {
    t = await startTestApp()
    ;[admin, novak, reyes] = await loginDemos(t, ['demo_admin', 'novak', 'reyes'])
  })
  afterAll(async () => {
    await t?.close()
  })
  beforeEach(async () => {
    await resetTests(t, [novak])
  })
  const db = () => t.database.db

  /** A test with an in-game checklist (2 + 1 + 3 points) and a member who passed its written test. */
  async function arrange(options: { requiresEval?: boolean; checklist?: boolean; passed?: boolean } = {}) {
    const [qual] = await db()
      .insert(qualifications)
      .values({ name: 'Combat Medic', discord_role_id: ROLE_IDS.Pilot })
      .returning()
    const made = await api<AdminTest>(admin.client, 'POST', '/api/tests', {
      name: 'Medic Certification',
      qualification_id: qual!.id,
      passing_questions: 1,
      requires_in_game_eval: options.requiresEval ?? true,
      eval_passing_score: 80,
      questions: [
        {
          question_text: '<p>First step under fire?</p>',
          options: ['Treat', 'Win the firefight', 'Run', 'Call'],
          correct_answer_index: 1,
        },
      ],
      evaluation_questions:
        options.checklist === false
          ? []
          : [
              { text: 'Secures the area', section: 'Casualty Care', pos_score: 2, neg_score: 1 },
              { text: 'Stops the bleeding', section: 'Casualty Care', pos_score: 1 },
              { text: 'Sends a 9-line', section: 'Communication', pos_score: 3, neg_score: 2 },
            ],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const test = made.body
    const member = await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    await db().insert(testEligibility).values({ test_id: test.id, member_id: member.id })
    if (options.passed ?? true) {
      const answers = { [test.questions[0]!.id]: 1 }
      expect((await api(novak.client, 'POST', `/api/tests/${test.id}/submit`, { answers })).status).toBe(200)
    }
    return { test, member, qualification: qual! }
  }

  const start = (testId: number, evaluateeId: number) =>
    api<StartedEvaluation & { error?: string }>(admin.client, 'POST', '/api/admin/evaluations/start', {
      testId,
      evaluateeId,
    })
  const answer = (sessionId: string, questionId: number, value: string) =>
    api<LiveSession & { error?: string }>(admin.client, 'POST', `/api/admin/evaluations/live/${sessionId}/answer`, {
      questionId,
      answer: value,
    })

  it('every call is admin-only and changes nothing for others', async () => {
    const { test, member } = await arrange()
    const { body: session } = await start(test.id, member.id)
    const [evaluation] = await db()
      .insert(testEvaluations)
      .values({ test_id: test.id, evaluatee_member_id: member.id, evaluator_name: 'X', score: 90, passed: true })
      .returning()
    const evaluationId = evaluation!.id
    const auditBefore = (await auditEntries(db())).length
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/admin/tests/${test.id}/passed-members`],
      ['GET', `/api/admin/evaluations/${test.id}`],
      ['DELETE', `/api/admin/evaluations/${evaluationId}`],
      ['POST', '/api/admin/evaluations/start', { testId: test.id, evaluateeId: member.id }],
      ['GET', '/api/admin/evaluations/live/active'],
      ['GET', `/api/admin/evaluations/details/${evaluationId}`],
      ['GET', `/api/admin/evaluations/live/${session.sessionId}`],
      ['DELETE', `/api/admin/evaluations/live/${session.sessionId}`],
      [
        'POST',
        `/api/admin/evaluations/live/${session.sessionId}/answer`,
        { questionId: test.evaluation_questions[0]!.id, answer: 'pass' },
      ],
      ['POST', `/api/admin/evaluations/live/${session.sessionId}/submit`, { notes: 'x' }],
      ['GET', `/api/admin/evaluations/session/${session.sessionId}/live`],
    ]
    for (const [method, path, body] of calls) await expectAdminOnly(t, reyes.client, method, path, body)
    expect((await auditEntries(db())).length).toBe(auditBefore)
    expect(
      (await db().select({ status: liveEvaluationSessions.status }).from(liveEvaluationSessions)).map((s) => s.status),
    ).toEqual(['active'])
  })

  it('a whole session: start (and join), answers with the live score, the live stream, submit; a pass grants with the Discord role', async () => {
    const { test, member } = await arrange()
    const checklist = test.evaluation_questions
    const awaiting = await api<PassedMember[]>(admin.client, 'GET', `/api/admin/tests/${test.id}/passed-members`)
    expect(awaiting.body).toEqual([
      {
        member_id: member.id,
        ingame_name: 'Novak',
        attempt_uuid: expect.any(String),
        attempt_score: 100,
        passed_at: expect.any(String),
        active_session_id: null,
      },
    ])

    const started = await start(test.id, member.id)
    expect(started).toEqual({ status: 201, body: { sessionId: expect.any(String), resumed: false } })
    const id = started.body.sessionId
    // Starting again (or a second admin at the same moment) joins the same session.
    const again = await Promise.all([start(test.id, member.id), start(test.id, member.id)])
    expect(again.map((r) => [r.status, r.body])).toEqual([
      [200, { sessionId: id, resumed: true }],
      [200, { sessionId: id, resumed: true }],
    ])
    expect(
      (await api<PassedMember[]>(admin.client, 'GET', `/api/admin/tests/${test.id}/passed-members`)).body[0]!
        .active_session_id,
    ).toBe(id)
    expect((await api<ActiveLiveEvaluation[]>(admin.client, 'GET', '/api/admin/evaluations/live/active')).body).toEqual(
      [
        {
          sessionId: id,
          testId: test.id,
          testName: 'Medic Certification',
          evaluateeName: 'Novak',
          evaluatorName: 'Cpt. Miller',
          startedAt: expect.any(String),
        },
      ],
    )
    const live = await api<LiveSession>(admin.client, 'GET', `/api/admin/evaluations/live/${id}`)
    expect(live.body).toEqual({
      sessionId: id,
      test: { id: test.id, name: 'Medic Certification', eval_passing_score: 80 },
      evaluatee: { id: member.id, ingame_name: 'Novak' },
      evaluator: { username: 'Cpt. Miller' },
      questions: checklist,
      answers: {},
      score: 0,
      passing: false,
    })

    // Another admin's view follows over the live stream.
    const stream = await openStream(admin.client, `/api/admin/evaluations/session/${id}/live`)
    expect((await stream.next('session')).answers).toEqual({})

    expect((await answer(id, checklist[0]!.id, 'pass')).body).toMatchObject({
      answers: { [checklist[0]!.id]: 'pass' },
      score: 33.33,
      passing: false,
    })
    expect((await stream.next('session')).answers).toEqual({ [checklist[0]!.id]: 'pass' })
    await answer(id, checklist[1]!.id, 'fail')
    const changed = await answer(id, checklist[1]!.id, 'pass')
    expect(changed.body).toMatchObject({ score: 50, passing: false })
    const last = await answer(id, checklist[2]!.id, 'na')
    // 2 + 1 of 3 (the 9-line is N/A).
    expect(last.body).toMatchObject({
      answers: { [checklist[0]!.id]: 'pass', [checklist[1]!.id]: 'pass', [checklist[2]!.id]: 'na' },
      score: 100,
      passing: true,
    })
    expect(await stream.until((s) => s.score === 100)).toMatchObject({ passing: true })

    expect(await answer(id, 99999, 'pass')).toEqual({
      status: 400,
      body: {
        error: EVALUATION_ERRORS.questionNotInTest,
        fields: { questionId: [EVALUATION_ERRORS.questionNotInTest] },
      },
    })
    expect((await answer(id, checklist[0]!.id, 'maybe')).status).toBe(400)

    const submitted = await api<EvaluationSubmitResult>(
      admin.client,
      'POST',
      `/api/admin/evaluations/live/${id}/submit`,
      { notes: ' Calm under fire. ' },
    )
    expect(submitted.body).toEqual({
      messages: [
        { text: EVALUATION_MESSAGES.submitted, type: 'success' },
        { text: 'Novak passed with 100.0% and was granted Combat Medic.', type: 'success' },
      ],
      evaluationId: expect.any(Number),
    })
    expect(await stream.after('ended')).toEqual({ sessionId: id, message: EVALUATION_MESSAGES.sessionNotFound })
    await stream.close()

    // The session is finished: every live call answers the same text.
    const gone = { status: 404, body: { error: EVALUATION_MESSAGES.sessionNotFound } }
    expect(await api(admin.client, 'GET', `/api/admin/evaluations/live/${id}`)).toEqual(gone)
    expect(await answer(id, checklist[0]!.id, 'fail')).toEqual(gone)
    expect(await api(admin.client, 'POST', `/api/admin/evaluations/live/${id}/submit`, {})).toEqual(gone)
    expect(await api(admin.client, 'GET', `/api/admin/evaluations/session/${id}/live`)).toEqual(gone)
    expect((await api<ActiveLiveEvaluation[]>(admin.client, 'GET', '/api/admin/evaluations/live/active')).body).toEqual(
      [],
    )

    // The qualification and its Discord role; the member no longer awaits an evaluation.
    expect(await db().select().from(memberQualifications)).toEqual([expect.objectContaining({ member_id: member.id })])
    await expect.poll(() => roleChanges(t)).toEqual([[novak.discordId, ROLE_IDS.Pilot, 'add']])
    expect((await api(admin.client, 'GET', `/api/admin/tests/${test.id}/passed-members`)).body).toEqual([])

    const evaluationId = submitted.body.evaluationId
    const completed = await api<CompletedEvaluation[]>(admin.client, 'GET', `/api/admin/evaluations/${test.id}`)
    expect(completed.body).toEqual([
      {
        id: evaluationId,
        evaluatee_id: member.id,
        evaluatee_name: 'Novak',
        evaluator_name: 'Cpt. Miller',
        passed: true,
        score: 100,
        timestamp: expect.any(String),
        notes: 'Calm under fire.',
      },
    ])
    const details = await api<EvaluationDetails>(admin.client, 'GET', `/api/admin/evaluations/details/${evaluationId}`)
    expect(details.body).toEqual({
      id: evaluationId,
      testId: test.id,
      testName: 'Medic Certification',
      evaluatorName: 'Cpt. Miller',
      evaluateeName: 'Novak',
      passed: true,
      score: 100,
      notes: 'Calm under fire.',
      timestamp: expect.any(String),
      questions: checklist,
      answers: { [checklist[0]!.id]: 'pass', [checklist[1]!.id]: 'pass', [checklist[2]!.id]: 'na' },
    })

    // Deleting the evaluation keeps the qualification.
    expect((await api(admin.client, 'DELETE', `/api/admin/evaluations/${evaluationId}`)).body).toEqual({
      message: 'Evaluation deleted.',
    })
    expect((await api(admin.client, 'DELETE', `/api/admin/evaluations/${evaluationId}`)).status).toBe(404)
    expect((await api(admin.client, 'GET', `/api/admin/evaluations/details/${evaluationId}`)).body).toEqual({
      error: EVALUATION_ERRORS.evaluationNotFound,
    })
    expect(await db().select().from(memberQualifications)).toHaveLength(1)

    expect((await auditEntries(db())).map((e) => e.action)).toEqual([
      'Test created',
      'Test submitted',
      'Evaluation started',
      'Evaluation answer',
      'Evaluation answer',
      'Evaluation answer',
      'Evaluation answer',
      'Evaluation submitted',
      'Qualification granted',
      'Evaluation deleted',
    ])
    expect((await auditEntries(db(), 'Evaluation submitted'))[0]!.details).toBe(
      'Novak: Medic Certification, 100.0% (passed)',
    )
  })

  it('a failed evaluation grants nothing and the member keeps awaiting one; cancel records nothing', async () => {
    const { test, member } = await arrange()
    const { body } = await start(test.id, member.id)
    await answer(body.sessionId, test.evaluation_questions[0]!.id, 'pass')
    await answer(body.sessionId, test.evaluation_questions[2]!.id, 'fail')
    const failed = await api<EvaluationSubmitResult>(
      admin.client,
      'POST',
      `/api/admin/evaluations/live/${body.sessionId}/submit`,
      {},
    )
    // 2 - 2 = 0 of 6.
    expect(failed.body.messages).toEqual([
      { text: EVALUATION_MESSAGES.submitted, type: 'success' },
      { text: 'Novak did not pass: 0.0% of the 80% needed.', type: 'warning' },
    ])
    expect(await db().select().from(memberQualifications)).toEqual([])
    expect(roleChanges(t)).toEqual([])
    expect(
      (await api<CompletedEvaluation[]>(admin.client, 'GET', `/api/admin/evaluations/${test.id}`)).body,
    ).toMatchObject([{ passed: false, score: 0, notes: null }])
    expect(
      (await api<PassedMember[]>(admin.client, 'GET', `/api/admin/tests/${test.id}/passed-members`)).body,
    ).toHaveLength(1)

    const second = await start(test.id, member.id)
    expect(second.body.resumed).toBe(false)
    expect((await api(admin.client, 'DELETE', `/api/admin/evaluations/live/${second.body.sessionId}`)).body).toEqual({
      message: 'Evaluation cancelled.',
    })
    expect((await api(admin.client, 'GET', `/api/admin/evaluations/live/${second.body.sessionId}`)).status).toBe(404)
    expect(
      (await api<CompletedEvaluation[]>(admin.client, 'GET', `/api/admin/evaluations/${test.id}`)).body,
    ).toHaveLength(1)
    expect((await auditEntries(db(), 'Evaluation cancelled'))[0]!.details).toBe('Novak: Medic Certification')
  })

  it('refuses to start without an in-game evaluation, a checklist or a passed written test, or for a qualified or banned member', async () => {
    const { test, member, qualification } = await arrange({ passed: false })
    expect(await start(test.id, member.id)).toEqual({
      status: 409,
      body: { error: 'Novak has not passed the written test.' },
    })
    await db().insert(testAttempts).values({ test_id: test.id, member_id: member.id, score: 100, passed: true })
    await db().insert(memberQualifications).values({ member_id: member.id, qualification_id: qualification.id })
    expect(await start(test.id, member.id)).toEqual({
      status: 409,
      body: { error: 'Novak already holds Combat Medic.' },
    })
    await db().delete(memberQualifications)
    await db().update(members).set({ is_banned: true, ban_reason: 'x' }).where(eq(members.id, member.id))
    expect(await start(test.id, member.id)).toEqual({ status: 409, body: { error: EVALUATION_ERRORS.bannedMember } })
    expect((await start(test.id, 99999)).status).toBe(404)
    expect((await start(99999, member.id)).status).toBe(404)
    expect((await api(admin.client, 'POST', '/api/admin/evaluations/start', { testId: 'x' })).status).toBe(400)

    await resetTests(t, [novak])
    const written = await arrange({ requiresEval: false })
    expect(await start(written.test.id, written.member.id)).toEqual({
      status: 409,
      body: { error: EVALUATION_ERRORS.noInGameEvaluation },
    })
    await resetTests(t, [novak])
    const empty = await arrange({ checklist: false })
    expect(await start(empty.test.id, empty.member.id)).toEqual({
      status: 409,
      body: { error: EVALUATION_ERRORS.emptyChecklist },
    })
  })

  it('an open stream ends within seconds of its viewer logging out or having their token revoked', async () => {
    const { test, member } = await arrange()
    const { body: session } = await start(test.id, member.id)
    const path = `/api/admin/evaluations/session/${session.sessionId}/live`

    const viewer = await t.login('demo_admin')
    const byCookie = await openStream(viewer, path)
    await byCookie.next('session')
    const loggedOut = performance.now()
    await viewer.fetch('/auth/logout', { method: 'POST' })
    expect(await byCookie.next<{ message: string }>('ended')).toMatchObject({ message: ACCESS_ENDED })
    expect(performance.now() - loggedOut).toBeLessThan(ACCESS_CHECK_MS + 2000)

    const token = await createToken(admin.client, 'stream viewer', 'admin')
    const response = await fetch(new URL(path, t.url), { headers: { Authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    await db().execute(sql`delete from api_tokens where name = 'stream viewer'`)
    let text = ''
    const revoked = performance.now()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    expect(text).toContain('event: ended')
    expect(performance.now() - revoked).toBeLessThan(ACCESS_CHECK_MS + 2000)
  })

  it('the checklist saves on its own (PUT evaluation-questions), in place by id', async () => {
    const { test } = await arrange()
    const [first, , third] = test.evaluation_questions
    const saved = await api(admin.client, 'PUT', `/api/admin/tests/${test.id}/evaluation-questions`, {
      questions: [{ ...third, text: 'Sends a full 9-line' }, { text: 'New item' }, first],
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toEqual([
      { ...third, text: 'Sends a full 9-line' },
      { id: expect.any(Number), text: 'New item', pos_score: 1, neg_score: 0, section: 'Uncategorized' },
      first,
    ])
    expect((await api(admin.client, 'GET', `/api/admin/tests/${test.id}/evaluation-questions`)).body).toEqual(
      saved.body,
    )
    expect(
      (
        await api(admin.client, 'PUT', `/api/admin/tests/${test.id}/evaluation-questions`, {
          questions: [{ text: '' }],
        })
      ).status,
    ).toBe(400)
    expect((await auditEntries(db(), 'Evaluation checklist updated'))[0]!.details).toBe(
      'Medic Certification: 3 items in 3 sections',
    )
  })
})

/** Reads Server-Sent Events from a live endpoint. */
async function openStream(client: TestClient, path: string) {
  const controller = new AbortController()
  const response = await client.fetch(path, { signal: controller.signal })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/event-stream')
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const events: Array<{ event: string; data: unknown }> = []
  const pull = async (): Promise<{ event: string; data: unknown }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (event && data) return { event, data: JSON.parse(data) }
        continue
      }
      const { value, done } = await reader.read()
      if (done) throw new Error('stream ended')
      buffer += decoder.decode(value, { stream: true })
    }
  }
  const next = async <T = LiveSession>(event: string): Promise<T> => {
    const got = events.shift() ?? (await pull())
    expect(got.event).toBe(event)
    return got.data as T
  }
  return {
    next,
    /** Skips session events until one matches. */
    until: async (match: (session: LiveSession) => boolean): Promise<LiveSession> => {
      for (;;) {
        const session = await next('session')
        if (match(session)) return session
      }
    },
    /**
     * The next `event`, past any session updates still on their way (an update of an earlier change may arrive after
     * a later call has answered: the stream sends the newest state, not one event per call).
     */
    after: async <T = LiveSession>(event: string): Promise<T> => {
      for (;;) {
        const got = events.shift() ?? (await pull())
        if (got.event === 'session' && event !== 'session') continue
        expect(got.event).toBe(event)
        return got.data as T
      }
    },
    close: async () => {
      controller.abort()
      await reader.cancel().catch(() => {})
    },
  }
}
