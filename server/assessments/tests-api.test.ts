// The qualification tests API over real HTTP on real PostgreSQL (docs/rules/assessments.md): the authorisation of every
// call, the editor's validation and in-place edits, rich text sanitised on write, the take answer without correct
// answers, server-side scoring, one attempt per member under concurrent submits, private results, grants with their
// Discord role, Manage Test (approve, revoke, retake, Approve Qual).
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  TEST_ERRORS,
  TEST_FIELD_MESSAGES,
  TEST_MESSAGES,
  type AdminTest,
  type AttemptsResponse,
  type MemberTestItem,
  type PublicTestItem,
  type TestForTaking,
  type TestResult,
  type TestSubmitResult,
} from '#contracts/assessments.ts'
import { memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import { testAttempts, testEligibility, testQuestions, tests } from '#db/schema/assessments.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { addMember, auditEntries, loginDemos, ROLE_IDS, type LoggedIn } from '#tests/harness/orbat.ts'
import { resetTests, roleChanges } from '#tests/harness/assessments.ts'

let t: TestApp
let admin: LoggedIn, novak: LoggedIn, reyes: LoggedIn, kowalski: LoggedIn, blake: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, novak, reyes, kowalski, blake] = await loginDemos(t, [
    'demo_admin',
    'novak',
    'reyes',
    'kowalski',
    'banned_blake',
  ])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetTests(t, [novak])
})

const db = () => t.database.db

/** Three questions; the right answers are 1, 2 and 0. */
const QUESTIONS = [
  {
    question_text: '<p>What does <strong>MOA</strong> stand for?</p>',
    options: ['Mean offset', 'Minute of angle', 'Mark of aim', 'Mils'],
    correct_answer_index: 1,
  },
  {
    question_text: '<p>Where does a tourniquet go?</p>',
    options: ['On the wound', 'Below', 'High and tight', 'On a joint'],
    correct_answer_index: 2,
  },
  {
    question_text: '<h2 style="text-align: center">Call a 9-line?</h2>',
    image_url: 'https://example.com/9line.png',
    options: ['Yes', 'No', 'Maybe', 'Never'],
    correct_answer_index: 0,
  },
]

async function qualification(name = 'Combat Medic', roleId: string | null = ROLE_IDS.Pilot) {
  const [row] = await db().insert(qualifications).values({ name, discord_role_id: roleId }).returning()
  return row!
}

const testBody = (qualificationId: number, fields: Record<string, unknown> = {}) => ({
  name: 'Medic Exam',
  qualification_id: qualificationId,
  required_score: 3,
  passing_questions: 2,
  questions: QUESTIONS,
  evaluation_questions: [],
  ...fields,
})

async function createTest(fields: Record<string, unknown> = {}, qualificationId?: number): Promise<AdminTest> {
  const response = await api<AdminTest>(
    admin.client,
    'POST',
    '/api/tests',
    testBody(qualificationId ?? (await qualification()).id, fields),
  )
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body
}

/** A roster member for a demo user with an event score, optionally approved for a test. */
async function rosterMember(who: LoggedIn, score: number, approvedFor?: AdminTest, banned?: string) {
  const member = await addMember(db(), who.discordId, { ingameName: who.username, banned })
  await db().update(members).set({ attended_events_count: score }).where(eq(members.id, member.id))
  if (approvedFor) await db().insert(testEligibility).values({ test_id: approvedFor.id, member_id: member.id })
  return member
}

const answersFor = (test: AdminTest, pick: (correct: number, index: number) => number = (c) => c) =>
  Object.fromEntries(test.questions.map((q, i) => [String(q.id), pick(q.correct_answer_index, i)]))

const submit = (who: LoggedIn, ref: number | string, answers: Record<string, number>) =>
  api<TestSubmitResult & { error?: string }>(who.client, 'POST', `/api/tests/${ref}/submit`, { answers })

describe('authorisation', () => {
  it('every admin call answers 401 anonymous and 403 to a member, and changes nothing; member calls need a login', async () => {
    const test = await createTest()
    const member = await rosterMember(novak, 10, test)
    const [attempt] = await db()
      .insert(testAttempts)
      .values({ test_id: test.id, member_id: member.id, score: 100, passed: true })
      .returning()
    const auditBefore = (await auditEntries(db())).length
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/tests', testBody(test.qualification_id)],
      ['GET', `/api/tests/${test.id}`],
      ['PUT', `/api/tests/${test.id}`, testBody(test.qualification_id)],
      ['DELETE', `/api/tests/${test.id}`],
      ['GET', `/api/tests/${test.id}/attempts`],
      ['POST', '/api/tests/eligibility/grant', { testId: test.id, memberId: member.id }],
      ['POST', '/api/tests/eligibility/revoke', { testId: test.id, memberId: member.id }],
      ['DELETE', `/api/tests/attempt/${attempt!.id}`],
      ['POST', `/api/tests/attempts/${attempt!.id}/grant`],
      ['POST', '/api/admin/tests/images', 'not an image'],
      ['GET', `/api/admin/tests/${test.id}/passed-members`],
      ['GET', `/api/admin/tests/${test.id}/evaluation-questions`],
      ['PUT', `/api/admin/tests/${test.id}/evaluation-questions`, { questions: [] }],
    ]
    for (const [method, path, body] of calls) await expectAdminOnly(t, novak.client, method, path, body)
    expect((await auditEntries(db())).length).toBe(auditBefore)
    expect(await db().select({ id: testAttempts.id }).from(testAttempts)).toHaveLength(1)
    expect((await db().select().from(tests)).map((r) => r.name)).toEqual(['Medic Exam'])

    for (const [method, path] of [
      ['GET', '/api/tests'],
      ['GET', `/api/tests/${test.uuid}/take`],
      ['POST', `/api/tests/${test.id}/submit`],
      ['GET', `/api/tests/attempt/${attempt!.uuid}/result`],
    ] as const) {
      expect(
        (await api(t.client(), method, path, method === 'POST' ? { answers: {} } : undefined)).status,
        `${method} ${path}`,
      ).toBe(401)
    }
    // The public list needs no login and shows no standing.
    const listed = await api<PublicTestItem[]>(t.client(), 'GET', '/api/tests/public')
    expect(listed.body).toEqual([
      {
        id: test.id,
        uuid: test.uuid,
        name: 'Medic Exam',
        qualification_id: test.qualification_id,
        qualification_name: 'Combat Medic',
        required_score: 3,
        passing_questions: 2,
        total_questions: 3,
        passing_score: 66.67,
        requires_in_game_eval: false,
        eval_passing_score: 80,
      },
    ])
  })
})

describe('test editor', () => {
  it('validates with the spec rules and messages', async () => {
    const qual = await qualification()
    const refused = async (fields: Record<string, unknown>) =>
      (await api(admin.client, 'POST', '/api/tests', testBody(qual.id, fields))).body
    expect(await refused({ name: '  ' })).toEqual({
      error: TEST_FIELD_MESSAGES.nameRequired,
      fields: { name: [TEST_FIELD_MESSAGES.nameRequired] },
    })
    expect(await refused({ qualification_id: '' })).toMatchObject({
      fields: { qualification_id: [TEST_FIELD_MESSAGES.qualificationRequired] },
    })
    expect(await refused({ qualification_id: 99999 })).toEqual({
      error: TEST_FIELD_MESSAGES.qualificationRequired,
      fields: { qualification_id: [TEST_FIELD_MESSAGES.qualificationRequired] },
    })
    expect(await refused({ required_score: -1 })).toMatchObject({ error: TEST_FIELD_MESSAGES.requiredScore })
    expect(await refused({ passing_questions: 0 })).toMatchObject({ error: TEST_FIELD_MESSAGES.passingQuestionsMin })
    expect(await refused({ passing_questions: 4 })).toMatchObject({
      error: 'Required correct answers cannot be more than the number of questions (3).',
    })
    expect(await refused({ questions: [QUESTIONS[0]], passing_questions: 2 })).toMatchObject({
      error: 'Required correct answers cannot be more than the number of questions (1).',
    })
    // Nothing a member could take: no written question, and no in-game checklist in its place.
    expect(await refused({ questions: [], passing_questions: 1 })).toEqual({
      error: TEST_FIELD_MESSAGES.nothingToTake,
      fields: { questions: [TEST_FIELD_MESSAGES.nothingToTake] },
    })
    expect(
      await refused({ questions: [], passing_questions: 1, requires_in_game_eval: true, evaluation_questions: [] }),
    ).toMatchObject({ error: TEST_FIELD_MESSAGES.nothingToTake })
    expect(await refused({ eval_passing_score: 101 })).toMatchObject({ error: TEST_FIELD_MESSAGES.evalPassingScore })
    expect(
      await refused({ questions: [{ ...QUESTIONS[0], options: ['a', 'b', 'c'] }], passing_questions: 1 }),
    ).toMatchObject({ error: TEST_FIELD_MESSAGES.optionsCount })
    expect(
      await refused({ questions: [{ ...QUESTIONS[0], options: ['a', '', 'c', 'd'] }], passing_questions: 1 }),
    ).toMatchObject({ error: TEST_FIELD_MESSAGES.optionRequired })
    expect(
      await refused({ questions: [{ ...QUESTIONS[0], correct_answer_index: 4 }], passing_questions: 1 }),
    ).toMatchObject({ error: TEST_FIELD_MESSAGES.correctAnswer })
    expect(await refused({ evaluation_questions: [{ text: ' ' }] })).toMatchObject({
      error: TEST_FIELD_MESSAGES.checklistTextRequired,
    })
    expect(await refused({ evaluation_questions: [{ text: 'x', pos_score: -1 }] })).toMatchObject({
      error: TEST_FIELD_MESSAGES.points,
    })
    expect(await db().select().from(tests)).toEqual([])

    // Form-style values (strings, a checkbox) parse with the same schema; defaults fill what is left out.
    const made = await api<AdminTest>(admin.client, 'POST', '/api/tests', {
      name: 'Form Test',
      qualification_id: String(qual.id),
      requires_in_game_eval: 'on',
      questions: [{ question_text: '<p>Q</p>', options: ['a', 'b', 'c', 'd'], correct_answer_index: '3' }],
      evaluation_questions: [
        { text: 'Checks corners', pos_score: '2.5' },
        { text: 'Calls contact', section: 'Comms', neg_score: '1' },
      ],
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      name: 'Form Test',
      required_score: 0,
      passing_questions: 1,
      requires_in_game_eval: true,
      eval_passing_score: 80,
      questions: [
        { question_text: '<p>Q</p>', image_url: null, options: ['a', 'b', 'c', 'd'], correct_answer_index: 3 },
      ],
      evaluation_questions: [
        { text: 'Checks corners', pos_score: 2.5, neg_score: 0, section: 'Uncategorized' },
        { text: 'Calls contact', pos_score: 1, neg_score: 1, section: 'Comms' },
      ],
    })
  })

  it('creates, edits questions in place by id (past answers stay), deletes; every change is audited', async () => {
    const test = await createTest()
    expect(test).toMatchObject({
      name: 'Medic Exam',
      total_questions: 3,
      passing_score: 66.67,
      qualification_name: 'Combat Medic',
    })
    expect((await api<AdminTest>(admin.client, 'GET', `/api/tests/${test.id}`)).body).toEqual(test)
    const [first, second] = test.questions
    const edited = await api<AdminTest>(admin.client, 'PUT', `/api/tests/${test.id}`, {
      ...testBody(test.qualification_id, { name: 'Medic Exam II', passing_questions: 1 }),
      questions: [
        { ...QUESTIONS[1], id: second!.id, options: ['On the wound', 'Below', 'High and tight', 'Anywhere'] },
        { question_text: '<p>New</p>', options: ['1', '2', '3', '4'] },
        { ...QUESTIONS[0], id: first!.id },
      ],
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.questions.map((q) => q.id)).toEqual([second!.id, expect.any(Number), first!.id])
    expect(edited.body.questions[0]!.options[3]).toBe('Anywhere')
    expect(edited.body.questions[1]!.id).not.toBe(test.questions[2]!.id)
    expect(await db().select().from(testQuestions).where(eq(testQuestions.id, test.questions[2]!.id))).toEqual([])
    // An id from another test is refused.
    const other = await createTest({ name: 'Other' }, test.qualification_id)
    const stolen = await api(admin.client, 'PUT', `/api/tests/${test.id}`, {
      ...testBody(test.qualification_id, { passing_questions: 1 }),
      questions: [{ ...QUESTIONS[0], id: other.questions[0]!.id }],
    })
    expect(stolen).toEqual({ status: 400, body: { error: `Item ${other.questions[0]!.id} is not part of this test.` } })

    expect((await api(admin.client, 'PUT', '/api/tests/99999', testBody(test.qualification_id))).status).toBe(404)
    expect((await api(admin.client, 'DELETE', `/api/tests/${test.id}`)).body).toEqual({ message: 'Test deleted.' })
    expect((await api(admin.client, 'GET', `/api/tests/${test.id}`)).status).toBe(404)
    expect((await auditEntries(db())).map((e) => [e.action, e.details])).toEqual([
      ['Test created', 'Medic Exam: 3 questions, 0 checklist items'],
      ['Test updated', 'Medic Exam -> Medic Exam II: 3 questions, 0 checklist items'],
      ['Test created', 'Other: 3 questions, 0 checklist items'],
      ['Test deleted', 'Medic Exam II'],
    ])
  })

  it('sanitises question text on write: XSS vectors are stored and served harmlessly', async () => {
    const vectors = [
      '<p>Script<script>alert(1)</script></p>',
      '<p onclick="alert(1)">Handler <img src="https://x/y.png" onerror="alert(1)"></p>',
      '<p><a href="javascript:alert(1)">js link</a> <a href=" JaVa&#x09;ScRiPt:alert(1)">obfuscated</a></p>',
      '<p><img src="javascript:alert(1)"><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"><img src="data:text/html,<script>alert(1)</script>">images</p>',
      '<svg onload="alert(1)"><script>alert(1)</script></svg><p>svg</p><math><mtext><img src=x onerror=alert(1)></mtext></math>',
      '<p style="background:url(javascript:alert(1)); color: #e60000">style</p><iframe src="https://evil"></iframe><object data="x"></object>',
      '<p><a href="https://example.com" target="_blank">ok</a> <span style="color: rgb(230, 0, 0); font-family: monospace; font-size: 2.5em">kept</span></p>',
    ]
    const test = await createTest({
      questions: vectors.map((question_text) => ({ question_text, options: ['a', 'b', 'c', 'd'] })),
      passing_questions: 1,
    })
    const stored = (
      await db()
        .select({ html: testQuestions.question_text })
        .from(testQuestions)
        .where(eq(testQuestions.test_id, test.id))
    ).map((r) => r.html)
    await rosterMember(novak, 10, test)
    const take = await api<TestForTaking>(novak.client, 'GET', `/api/tests/${test.uuid}/take`)
    for (const html of [...stored, ...take.body.questions.map((q) => q.question_text)]) {
      expect(html).not.toMatch(/<script|<svg|<math|<iframe|<object|\son\w+=|javascript:|data:|url\(/i)
    }
    expect(stored).toEqual([
      '<p>Script</p>',
      '<p>Handler <img src="https://x/y.png"></p>',
      '<p><a>js link</a> <a>obfuscated</a></p>',
      '<p>images</p>',
      '<p>svg</p>',
      '<p>style</p>',
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a> <span style="color: rgb(230, 0, 0); font-family: monospace; font-size: 2.5em">kept</span></p>',
    ])
    // Allowed formatting survives (headings, alignment).
    const kept = await createTest({ name: 'Formatting' }, test.qualification_id)
    expect(kept.questions[2]!.question_text).toBe('<h2 style="text-align: center">Call a 9-line?</h2>')

    const refused = async (question: Record<string, unknown>) =>
      (
        await api(
          admin.client,
          'POST',
          '/api/tests',
          testBody(test.qualification_id, {
            questions: [{ options: ['a', 'b', 'c', 'd'], ...question }],
            passing_questions: 1,
          }),
        )
      ).body
    expect(await refused({ question_text: '<script>alert(1)</script>' })).toMatchObject({
      error: TEST_FIELD_MESSAGES.questionTextRequired,
    })
    expect(await refused({ question_text: '<p>Q</p>', image_url: 'javascript:alert(1)' })).toMatchObject({
      error: TEST_FIELD_MESSAGES.imageUrl,
    })
    expect(await refused({ question_text: '<p>Q</p>', image_url: 'data:image/png;base64,iVBORw0KGgo=' })).toMatchObject(
      { error: TEST_FIELD_MESSAGES.imageUrl },
    )
  })
})

describe('taking a test', () => {
  it('only approved, unbanned roster members take it; the take answer never contains correct_answer_index', async () => {
    const test = await createTest()
    expect((await api(kowalski.client, 'GET', `/api/tests/${test.uuid}/take`)).body).toEqual({
      error: TEST_ERRORS.notOnRoster,
    })
    await rosterMember(reyes, 10)
    expect(await api(reyes.client, 'GET', `/api/tests/${test.uuid}/take`)).toEqual({
      status: 403,
      body: { error: TEST_ERRORS.notApproved },
    })
    await rosterMember(blake, 10, test, 'Teamkilling')
    expect(await api(blake.client, 'GET', `/api/tests/${test.uuid}/take`)).toEqual({
      status: 403,
      body: { error: TEST_ERRORS.banned },
    })
    expect((await submit(blake, test.uuid, answersFor(test))).body).toEqual({ error: TEST_ERRORS.banned })
    expect((await api(novak.client, 'GET', '/api/tests/00000000-0000-4000-8000-000000000000/take')).body).toEqual({
      error: TEST_ERRORS.testNotFound,
    })

    await rosterMember(novak, 10, test)
    for (const ref of [test.uuid, test.id]) {
      const response = await novak.client.get(`/api/tests/${ref}/take`)
      const text = await response.text()
      expect(response.status).toBe(200)
      expect(text).not.toContain('correct_answer_index')
      const body = JSON.parse(text) as TestForTaking
      expect(body).toMatchObject({
        id: test.id,
        uuid: test.uuid,
        name: 'Medic Exam',
        passing_score: 66.67,
        passing_questions: 2,
        total_questions: 3,
      })
      expect(body.questions.map((q) => Object.keys(q).sort())).toEqual(
        Array(3).fill(['id', 'image_url', 'options', 'question_text']),
      )
      expect(body.questions[2]).toEqual({
        id: test.questions[2]!.id,
        question_text: QUESTIONS[2]!.question_text,
        image_url: 'https://example.com/9line.png',
        options: QUESTIONS[2]!.options,
      })
    }
    // Banned after approval: refused again.
    await db().update(members).set({ is_banned: true, ban_reason: 'x' }).where(eq(members.discord_id, novak.discordId))
    expect((await api(novak.client, 'GET', `/api/tests/${test.uuid}/take`)).status).toBe(403)
  })

  it('scores on the server; a pass without in-game evaluation grants the qualification and its Discord role; one attempt only', async () => {
    const test = await createTest()
    const member = await rosterMember(novak, 10, test)
    expect((await submit(novak, test.id, { [test.questions[0]!.id]: 1 })).body).toEqual({
      error: TEST_MESSAGES.answerAll,
    })
    expect((await submit(novak, test.id, { ...answersFor(test), 99999: 0 })).body).toEqual({
      error: TEST_ERRORS.unknownQuestion,
    })
    expect((await submit(novak, test.id, { ...answersFor(test), [test.questions[0]!.id]: 7 })).status).toBe(400)
    expect(await db().select().from(testAttempts)).toEqual([])

    // Two of three right: 66.67%, passing_questions 2 -> passed.
    const done = await submit(
      novak,
      test.uuid,
      answersFor(test, (c, i) => (i === 2 ? (c + 1) % 4 : c)),
    )
    expect(done.status).toBe(200)
    expect(done.body).toEqual({
      score: 66.67,
      passed: true,
      attemptUuid: expect.any(String),
      message: 'Test submitted! You scored 67%. You have passed.',
      qualificationGranted: 'Combat Medic',
    })
    expect(await db().select().from(memberQualifications)).toEqual([
      expect.objectContaining({ member_id: member.id, qualification_id: test.qualification_id }),
    ])
    await expect.poll(() => roleChanges(t)).toEqual([[novak.discordId, ROLE_IDS.Pilot, 'add']])

    expect((await submit(novak, test.id, answersFor(test))).body).toEqual({ error: TEST_ERRORS.alreadyTaken })
    expect(await api(novak.client, 'GET', `/api/tests/${test.uuid}/take`)).toEqual({
      status: 409,
      body: { error: TEST_ERRORS.alreadyTaken },
    })
    expect((await auditEntries(db())).map((e) => [e.actor, e.action, e.details]).slice(1)).toEqual([
      ['Pvt. Novak', 'Test submitted', 'novak: Medic Exam, 67% (passed)'],
      ['Pvt. Novak', 'Qualification granted', 'novak: Combat Medic (passed Medic Exam)'],
    ])

    // The cards show the member's standing.
    const cards = await api<MemberTestItem[]>(novak.client, 'GET', '/api/tests')
    expect(cards.body[0]).toMatchObject({
      has_qual: true,
      is_eligible: true,
      attempt: { uuid: done.body.attemptUuid, passed: true },
      meets_required_score: true,
      status: 'QUALIFIED',
    })
  })

  it('concurrent double submits store one attempt', async () => {
    const test = await createTest()
    await rosterMember(novak, 10, test)
    const answers = answersFor(test)
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(novak, test.id, answers)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409).map((r) => r.body)).toEqual(
      Array(7).fill({ error: TEST_ERRORS.alreadyTaken }),
    )
    expect(await db().select({ id: testAttempts.id }).from(testAttempts)).toHaveLength(1)
    expect(await auditEntries(db(), 'Test submitted')).toHaveLength(1)
    expect(await auditEntries(db(), 'Qualification granted')).toHaveLength(1)
  })

  it('results are private: the member who made the attempt and admins; correct answers only when it passed', async () => {
    const test = await createTest()
    await rosterMember(novak, 10, test)
    await rosterMember(reyes, 10, test)
    const failed = await submit(
      reyes,
      test.id,
      answersFor(test, (c, i) => (i === 0 ? c : (c + 1) % 4)),
    )
    expect(failed.body).toMatchObject({
      score: 33.33,
      passed: false,
      message: 'Test submitted! You scored 33%. You have failed.',
      qualificationGranted: null,
    })
    const passed = await submit(novak, test.id, answersFor(test))

    const mine = await api<TestResult>(reyes.client, 'GET', `/api/tests/attempt/${failed.body.attemptUuid}/result`)
    expect(mine.status).toBe(200)
    expect(JSON.stringify(mine.body)).not.toContain('correct_answer_index')
    expect(mine.body).toEqual({
      testName: 'Medic Exam',
      passed: false,
      score: 33.33,
      questions: test.questions.map((q, i) => ({
        id: q.id,
        question_text: q.question_text,
        image_url: q.image_url,
        options: q.options,
        is_correct: i === 0,
      })),
      userAnswers: Object.fromEntries(
        test.questions.map((q, i) => [
          String(q.id),
          i === 0 ? q.correct_answer_index : (q.correct_answer_index + 1) % 4,
        ]),
      ),
    })
    const theirs = await api<TestResult>(novak.client, 'GET', `/api/tests/attempt/${passed.body.attemptUuid}/result`)
    expect(theirs.body.questions.map((q) => q.correct_answer_index)).toEqual([1, 2, 0])

    for (const [who, uuid] of [
      [novak, failed.body.attemptUuid],
      [reyes, passed.body.attemptUuid],
      [kowalski, passed.body.attemptUuid],
    ] as const) {
      expect(await api(who.client, 'GET', `/api/tests/attempt/${uuid}/result`)).toEqual({
        status: 404,
        body: { error: TEST_MESSAGES.resultNotFound },
      })
    }
    expect((await api(admin.client, 'GET', `/api/tests/attempt/${failed.body.attemptUuid}/result`)).status).toBe(200)
    expect((await api(novak.client, 'GET', '/api/tests/attempt/not-a-uuid/result')).status).toBe(404)
  })
})

describe('Manage Test', () => {
  it('lists statuses and attempts; approve, revoke, retake; Approve Qual grants a passed attempt of an evaluated test', async () => {
    const qual = await qualification('Rotary Wing Pilot', ROLE_IDS.Pilot)
    const test = await createTest(
      { requires_in_game_eval: true, evaluation_questions: [{ text: 'Lands', section: 'Flight' }] },
      qual.id,
    )
    const low = await rosterMember(kowalski, 1)
    const ready = await rosterMember(reyes, 5)
    const n = await rosterMember(novak, 4)
    await rosterMember(blake, 10, undefined, 'Banned')

    // Approve only from 'Eligible to Approve'.
    const grant = (memberId: number) =>
      api(admin.client, 'POST', '/api/tests/eligibility/grant', { testId: test.id, memberId })
    expect(await grant(low.id)).toEqual({
      status: 409,
      body: { error: 'kowalski does not meet the required score of 3 for this test.' },
    })
    expect((await grant(n.id)).body).toEqual({ message: 'novak is approved to take Medic Exam.' })
    expect((await grant(n.id)).status).toBe(200)
    expect(
      (await api(admin.client, 'POST', '/api/tests/eligibility/grant', { testId: test.id, memberId: 'x' })).body,
    ).toMatchObject({ error: TEST_FIELD_MESSAGES.memberId })

    // Novak fails (one of three right); the attempts list shows what he got wrong.
    const failed = await submit(
      novak,
      test.id,
      answersFor(test, (c, i) => (i === 1 ? c : (c + 3) % 4)),
    )
    expect(failed.body.passed).toBe(false)
    let listed = (await api<AttemptsResponse>(admin.client, 'GET', `/api/tests/${test.id}/attempts`)).body
    expect(listed.requiredScore).toBe(3)
    expect(listed.memberStatusList).toEqual([
      { member_id: low.id, ingame_name: 'kowalski', score: 1, status: 'ineligible' },
      { member_id: n.id, ingame_name: 'novak', score: 4, status: 'attempted' },
      { member_id: ready.id, ingame_name: 'reyes', score: 5, status: 'eligible_for_approval' },
    ])
    expect(listed.attempts).toEqual([
      {
        id: expect.any(Number),
        uuid: failed.body.attemptUuid,
        member_id: n.id,
        ingame_name: 'novak',
        score: 33.33,
        passed: false,
        has_qual: false,
        created_at: expect.any(String),
        incorrectQuestions: [
          {
            id: test.questions[0]!.id,
            questionNumber: 1,
            questionText: QUESTIONS[0]!.question_text,
            userAnswer: 'Mean offset',
            correctAnswer: 'Minute of angle',
          },
          {
            id: test.questions[2]!.id,
            questionNumber: 3,
            questionText: QUESTIONS[2]!.question_text,
            userAnswer: 'Never',
            correctAnswer: 'Yes',
          },
        ],
      },
    ])
    const attemptId = listed.attempts[0]!.id
    expect(await grant(n.id)).toEqual({ status: 409, body: { error: 'novak has already taken this test.' } })
    expect((await api(admin.client, 'POST', `/api/tests/attempts/${attemptId}/grant`)).body).toEqual({
      error: TEST_ERRORS.attemptNotPassed,
    })

    // Allow Retake deletes the attempt; the approval stays, so he takes it again and passes.
    expect((await api(admin.client, 'DELETE', `/api/tests/attempt/${attemptId}`)).body).toEqual({
      message: 'novak may retake Medic Exam.',
    })
    expect((await api(admin.client, 'DELETE', `/api/tests/attempt/${attemptId}`)).status).toBe(404)
    listed = (await api<AttemptsResponse>(admin.client, 'GET', `/api/tests/${test.id}/attempts`)).body
    expect(listed.attempts).toEqual([])
    expect(listed.memberStatusList.find((m) => m.member_id === n.id)!.status).toBe('approved')
    const passed = await submit(novak, test.id, answersFor(test))
    // With an in-game evaluation, passing the written test grants nothing yet.
    expect(passed.body).toMatchObject({ passed: true, qualificationGranted: null })
    expect(await db().select().from(memberQualifications)).toEqual([])

    // Approve Qual: granted with its Discord role; a second time is a conflict.
    const again = (await api<AttemptsResponse>(admin.client, 'GET', `/api/tests/${test.id}/attempts`)).body.attempts[0]!
    expect((await api(admin.client, 'POST', `/api/tests/attempts/${again.id}/grant`)).body).toEqual({
      message: 'Rotary Wing Pilot granted to novak.',
    })
    await expect.poll(() => roleChanges(t)).toEqual([[novak.discordId, ROLE_IDS.Pilot, 'add']])
    expect((await api(admin.client, 'POST', `/api/tests/attempts/${again.id}/grant`)).body).toEqual({
      error: 'novak already holds Rotary Wing Pilot.',
    })
    expect(
      (await api<AttemptsResponse>(admin.client, 'GET', `/api/tests/${test.id}/attempts`)).body.attempts[0]!.has_qual,
    ).toBe(true)

    // Revoke.
    const revoke = (memberId: number) =>
      api(admin.client, 'POST', '/api/tests/eligibility/revoke', { testId: test.id, memberId })
    expect((await revoke(n.id)).body).toEqual({ message: 'novak is no longer approved to take Medic Exam.' })
    expect(await revoke(n.id)).toEqual({ status: 404, body: { error: TEST_ERRORS.notApprovedMember } })
    expect(
      await db()
        .select()
        .from(testEligibility)
        .where(and(eq(testEligibility.test_id, test.id), eq(testEligibility.member_id, n.id))),
    ).toEqual([])

    expect((await auditEntries(db())).map((e) => e.action)).toEqual([
      'Test created',
      'Test eligibility granted',
      'Test submitted',
      'Test retake allowed',
      'Test submitted',
      'Qualification granted',
      'Test eligibility revoked',
    ])
  })
})

describe('a test members can take', () => {
  it('an in-game evaluation with a checklist and no written part is a test; emptying its checklist is refused', async () => {
    const checklistOnly = await createTest({
      questions: [],
      passing_questions: 1,
      requires_in_game_eval: true,
      evaluation_questions: [{ text: 'Clears a room', section: 'CQB' }],
    })
    expect(checklistOnly).toMatchObject({ total_questions: 0, requires_in_game_eval: true })
    expect(
      await api(admin.client, 'PUT', `/api/admin/tests/${checklistOnly.id}/evaluation-questions`, { questions: [] }),
    ).toEqual({
      status: 400,
      body: { error: TEST_FIELD_MESSAGES.nothingToTake, fields: { questions: [TEST_FIELD_MESSAGES.nothingToTake] } },
    })
    // A test with written questions may drop its checklist.
    const written = await createTest(
      { name: 'Medic Exam 2', requires_in_game_eval: true, evaluation_questions: [{ text: 'Moves' }] },
      checklistOnly.qualification_id,
    )
    expect(
      (await api(admin.client, 'PUT', `/api/admin/tests/${written.id}/evaluation-questions`, { questions: [] })).status,
    ).toBe(200)
  })
})
