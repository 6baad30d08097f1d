import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  TEST_ERRORS,
  TEST_MESSAGES,
  passingScoreOf,
  testBadge,
  type AdminTest,
  type AttemptItem,
  type AttemptsResponse,
  type EvaluationChecklistItem,
  type MemberTestItem,
  type MemberTestStatus,
  type PublicTestItem,
  type ResultQuestion,
  type TestForTaking,
  type TestResult,
} from '#contracts/assessments.ts'
import type { DbOrTx } from '#db/client.ts'
import { memberEventScoreSql, memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import {
  testAttemptAnswers,
  testAttempts,
  testEligibility,
  testEvaluationQuestions,
  testQuestions,
  tests,
} from '#db/schema/assessments.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { parseId } from '../lib/request.ts'
import { Conflict, Forbidden, NotFound } from '../errors.ts'

// What the tests pages and /api read (docs/rules/assessments.md). Nothing here writes.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string | undefined): value is string => Boolean(value && UUID.test(value))

/** A test named in a path by its numeric id or its uuid (the take page knows the uuid), or NotFound. */
export function parseTestRef(param: string | undefined): number | string {
  if (isUuid(param)) return param
  return parseId(param, 'Test')
}

const cents = (value: number | string) => Math.round(Number(value) * 100) / 100

const questionCount = sql<number>`(select count(*)::int from ${testQuestions} where ${testQuestions.test_id} = ${tests.id})`

const testColumns = {
  id: tests.id,
  uuid: tests.uuid,
  name: tests.name,
  qualification_id: tests.qualification_id,
  qualification_name: qualifications.name,
  required_score: tests.required_score,
  passing_questions: tests.passing_questions,
  total_questions: questionCount,
  requires_in_game_eval: tests.requires_in_game_eval,
  eval_passing_score: tests.eval_passing_score,
}

function selectTests(db: DbOrTx) {
  return db.select(testColumns).from(tests).innerJoin(qualifications, eq(qualifications.id, tests.qualification_id))
}
type TestRow = Awaited<ReturnType<typeof selectTests>>[number]

function toPublicTest(row: TestRow): PublicTestItem {
  return {
    ...row,
    required_score: cents(row.required_score),
    total_questions: Number(row.total_questions),
    passing_score: passingScoreOf(row.passing_questions, Number(row.total_questions)),
  }
}

/** A test by numeric id or uuid, or NotFound. */
export async function findTest(db: DbOrTx, idOrUuid: number | string): Promise<PublicTestItem> {
  const where =
    typeof idOrUuid === 'number' ? eq(tests.id, idOrUuid) : isUuid(idOrUuid) ? eq(tests.uuid, idOrUuid) : undefined
  if (!where) throw new NotFound(TEST_ERRORS.testNotFound)
  const [row] = await selectTests(db).where(where).limit(1)
  if (!row) throw new NotFound(TEST_ERRORS.testNotFound)
  return toPublicTest(row)
}

/** GET /api/tests/public: every test, by name, without anyone's standing. */
export async function listPublicTests(db: DbOrTx): Promise<PublicTestItem[]> {
  const rows = await selectTests(db).orderBy(asc(tests.name), asc(tests.id))
  return rows.map(toPublicTest)
}

interface MemberOfUser {
  id: number
  ingame_name: string
  is_banned: boolean
  event_score: number
}

/** The roster member a user is (by Discord id), or null. */
export async function memberOfUser(db: DbOrTx, user: Pick<User, 'discord_id'>): Promise<MemberOfUser | null> {
  const [row] = await db
    .select({
      id: members.id,
      ingame_name: members.ingame_name,
      is_banned: members.is_banned,
      event_score: memberEventScoreSql,
    })
    .from(members)
    .where(eq(members.discord_id, user.discord_id))
    .limit(1)
  return row ? { ...row, event_score: cents(row.event_score) } : null
}

/** GET /api/tests: the cards with the signed-in member's standing (and its badge). */
export async function listTestsForUser(db: DbOrTx, user: User): Promise<MemberTestItem[]> {
  const [all, member] = await Promise.all([listPublicTests(db), memberOfUser(db, user)])
  const [held, approved, attempts] = member
    ? await Promise.all([
        db
          .select({ id: memberQualifications.qualification_id })
          .from(memberQualifications)
          .where(eq(memberQualifications.member_id, member.id)),
        db
          .select({ test_id: testEligibility.test_id })
          .from(testEligibility)
          .where(eq(testEligibility.member_id, member.id)),
        db
          .select({ test_id: testAttempts.test_id, uuid: testAttempts.uuid, passed: testAttempts.passed })
          .from(testAttempts)
          .where(eq(testAttempts.member_id, member.id)),
      ])
    : [[], [], []]
  const heldIds = new Set(held.map((h) => h.id))
  const approvedIds = new Set(approved.map((a) => a.test_id))
  const attemptByTest = new Map(attempts.map((a) => [a.test_id, { uuid: a.uuid, passed: a.passed }]))
  return all.map((test) => {
    const facts = {
      has_qual: heldIds.has(test.qualification_id),
      // Banned members keep their history but can take nothing.
      is_eligible: Boolean(member && !member.is_banned && approvedIds.has(test.id)),
      attempt: attemptByTest.get(test.id) ?? null,
      meets_required_score: Boolean(member && !member.is_banned && member.event_score >= test.required_score),
    }
    return { ...test, ...facts, status: testBadge(facts) }
  })
}

const writtenQuestionColumns = {
  id: testQuestions.id,
  question_text: testQuestions.question_text,
  image_url: testQuestions.image_url,
  options: testQuestions.options,
  correct_answer_index: testQuestions.correct_answer_index,
}

async function writtenQuestions(db: DbOrTx, testId: number) {
  return db
    .select(writtenQuestionColumns)
    .from(testQuestions)
    .where(eq(testQuestions.test_id, testId))
    .orderBy(asc(testQuestions.position), asc(testQuestions.id))
}

export async function evaluationQuestions(db: DbOrTx, testId: number): Promise<EvaluationChecklistItem[]> {
  const rows = await db
    .select({
      id: testEvaluationQuestions.id,
      text: testEvaluationQuestions.text,
      pos_score: testEvaluationQuestions.pos_score,
      neg_score: testEvaluationQuestions.neg_score,
      section: testEvaluationQuestions.section,
    })
    .from(testEvaluationQuestions)
    .where(eq(testEvaluationQuestions.test_id, testId))
    .orderBy(asc(testEvaluationQuestions.position), asc(testEvaluationQuestions.id))
  return rows.map((r) => ({ ...r, pos_score: cents(r.pos_score), neg_score: cents(r.neg_score) }))
}

/** GET /api/tests/{id} (admin): the test editor's test, correct answers included. */
export async function getAdminTest(db: DbOrTx, id: number): Promise<AdminTest> {
  const test = await findTest(db, id)
  const [questions, checklist] = await Promise.all([writtenQuestions(db, id), evaluationQuestions(db, id)])
  return { ...test, questions, evaluation_questions: checklist }
}

/** Whether the member is approved for the test, and whether they have an attempt. */
export async function approvalAndAttempt(
  db: DbOrTx,
  testId: number,
  memberId: number,
): Promise<{ approved: boolean; attempted: boolean }> {
  const [[approved], [attempt]] = await Promise.all([
    db
      .select({ id: testEligibility.id })
      .from(testEligibility)
      .where(and(eq(testEligibility.test_id, testId), eq(testEligibility.member_id, memberId)))
      .limit(1),
    db
      .select({ id: testAttempts.id })
      .from(testAttempts)
      .where(and(eq(testAttempts.test_id, testId), eq(testAttempts.member_id, memberId)))
      .limit(1),
  ])
  return { approved: Boolean(approved), attempted: Boolean(attempt) }
}

/**
 * Why a member may not take a test right now, or null when they may: on the roster, not banned, approved, no attempt
 * yet (docs/rules/assessments.md, Taking a test). Shared by the take page and the submit.
 */
export async function assertMayTake(
  db: DbOrTx,
  member: MemberOfUser | null,
  test: PublicTestItem,
): Promise<MemberOfUser> {
  if (!member) throw new Forbidden(TEST_ERRORS.notOnRoster)
  if (member.is_banned) throw new Forbidden(TEST_ERRORS.banned)
  const { approved, attempted } = await approvalAndAttempt(db, test.id, member.id)
  if (attempted) throw new Conflict(TEST_ERRORS.alreadyTaken)
  if (!approved) throw new Forbidden(TEST_ERRORS.notApproved)
  if (test.total_questions === 0) throw new Conflict(TEST_ERRORS.noQuestions)
  return member
}

/** GET /api/tests/{uuid}/take: the questions without their correct answers, for an approved member. */
export async function getTestForTaking(db: DbOrTx, user: User, idOrUuid: number | string): Promise<TestForTaking> {
  const test = await findTest(db, idOrUuid)
  await assertMayTake(db, await memberOfUser(db, user), test)
  const questions = await writtenQuestions(db, test.id)
  return {
    id: test.id,
    uuid: test.uuid,
    name: test.name,
    passing_score: test.passing_score,
    passing_questions: test.passing_questions,
    total_questions: test.total_questions,
    // NOTE: pick the public fields one by one: correct_answer_index must never reach the member taking the test.
    questions: questions.map((q) => ({
      id: q.id,
      question_text: q.question_text,
      image_url: q.image_url,
      options: q.options,
    })),
  }
}

/**
 * The signed-in member's own attempt at a test (its uuid), or null: the take page tells a member who already took the
 * test where their result is.
 */
export async function ownAttemptUuid(db: DbOrTx, user: User, idOrUuid: number | string): Promise<string | null> {
  const [test, member] = await Promise.all([findTest(db, idOrUuid), memberOfUser(db, user)])
  if (!member) return null
  const [row] = await db
    .select({ uuid: testAttempts.uuid })
    .from(testAttempts)
    .where(and(eq(testAttempts.test_id, test.id), eq(testAttempts.member_id, member.id)))
    .limit(1)
  return row?.uuid ?? null
}

/**
 * GET /api/tests/attempt/{uuid}/result: only for the member who made the attempt, or an admin; anyone else is told
 * it does not exist. Correct answers are shown only when the attempt passed.
 */
export async function getAttemptResult(db: DbOrTx, user: User, uuid: string | undefined): Promise<TestResult> {
  if (!isUuid(uuid)) throw new NotFound(TEST_MESSAGES.resultNotFound)
  const [attempt] = await db
    .select({
      id: testAttempts.id,
      test_id: testAttempts.test_id,
      score: testAttempts.score,
      passed: testAttempts.passed,
      member_discord_id: members.discord_id,
      test_name: tests.name,
    })
    .from(testAttempts)
    .innerJoin(members, eq(members.id, testAttempts.member_id))
    .innerJoin(tests, eq(tests.id, testAttempts.test_id))
    .where(eq(testAttempts.uuid, uuid))
    .limit(1)
  const own = attempt && attempt.member_discord_id !== null && attempt.member_discord_id === user.discord_id
  if (!attempt || !(own || user.is_admin)) throw new NotFound(TEST_MESSAGES.resultNotFound)
  const rows = await db
    .select({
      ...writtenQuestionColumns,
      selected_index: testAttemptAnswers.selected_index,
      is_correct: testAttemptAnswers.is_correct,
    })
    .from(testAttemptAnswers)
    .innerJoin(testQuestions, eq(testQuestions.id, testAttemptAnswers.question_id))
    .where(eq(testAttemptAnswers.attempt_id, attempt.id))
    .orderBy(asc(testQuestions.position), asc(testQuestions.id))
  const questions: ResultQuestion[] = rows.map((r) => {
    const question: ResultQuestion = {
      id: r.id,
      question_text: r.question_text,
      image_url: r.image_url,
      options: r.options,
      is_correct: r.is_correct,
    }
    if (attempt.passed) question.correct_answer_index = r.correct_answer_index
    return question
  })
  return {
    testName: attempt.test_name,
    passed: attempt.passed,
    score: cents(attempt.score),
    questions,
    userAnswers: Object.fromEntries(rows.map((r) => [String(r.id), r.selected_index])),
  }
}

/** A member's status for a test (docs/rules/assessments.md, Member status and approval), from its facts. */
export function memberTestStatus(facts: {
  attempted: boolean
  approved: boolean
  event_score: number
  required_score: number
}): MemberTestStatus {
  if (facts.attempted) return 'attempted'
  if (facts.approved) return 'approved'
  return facts.event_score >= facts.required_score ? 'eligible_for_approval' : 'ineligible'
}

/**
 * GET /api/tests/{id}/attempts (admin, the Manage Test modal): every attempt with its incorrect answers, and every
 * active member's status for the test.
 */
export async function listAttempts(db: DbOrTx, testId: number): Promise<AttemptsResponse> {
  const test = await findTest(db, testId)
  const [attemptRows, questions, roster, approved] = await Promise.all([
    db
      .select({
        id: testAttempts.id,
        uuid: testAttempts.uuid,
        member_id: testAttempts.member_id,
        ingame_name: members.ingame_name,
        score: testAttempts.score,
        passed: testAttempts.passed,
        created_at: testAttempts.created_at,
        has_qual: sql<boolean>`exists (select 1 from ${memberQualifications} where ${memberQualifications.member_id} = ${testAttempts.member_id} and ${memberQualifications.qualification_id} = ${test.qualification_id})`,
      })
      .from(testAttempts)
      .innerJoin(members, eq(members.id, testAttempts.member_id))
      .where(eq(testAttempts.test_id, testId))
      .orderBy(desc(testAttempts.created_at), desc(testAttempts.id)),
    writtenQuestions(db, testId),
    db
      .select({ member_id: members.id, ingame_name: members.ingame_name, score: memberEventScoreSql })
      .from(members)
      .where(eq(members.is_banned, false))
      .orderBy(sql`lower(${members.ingame_name})`, asc(members.id)),
    db
      .select({ member_id: testEligibility.member_id })
      .from(testEligibility)
      .where(eq(testEligibility.test_id, testId)),
  ])
  const wrong = attemptRows.length
    ? await db
        .select({
          attempt_id: testAttemptAnswers.attempt_id,
          question_id: testAttemptAnswers.question_id,
          selected_index: testAttemptAnswers.selected_index,
        })
        .from(testAttemptAnswers)
        .where(
          and(
            inArray(
              testAttemptAnswers.attempt_id,
              attemptRows.map((a) => a.id),
            ),
            eq(testAttemptAnswers.is_correct, false),
          ),
        )
    : []
  const position = new Map(questions.map((q, i) => [q.id, { number: i + 1, question: q }]))
  const attempts: AttemptItem[] = attemptRows.map((a) => ({
    ...a,
    score: cents(a.score),
    created_at: a.created_at.toISOString(),
    incorrectQuestions: wrong
      .filter((w) => w.attempt_id === a.id && position.has(w.question_id))
      .map((w) => {
        const { number, question } = position.get(w.question_id)!
        return {
          id: question.id,
          questionNumber: number,
          questionText: question.question_text,
          userAnswer: question.options[w.selected_index] ?? '',
          correctAnswer: question.options[question.correct_answer_index] ?? '',
        }
      })
      .sort((x, y) => x.questionNumber - y.questionNumber),
  }))
  const attempted = new Set(attemptRows.map((a) => a.member_id))
  const approvedIds = new Set(approved.map((a) => a.member_id))
  return {
    attempts,
    memberStatusList: roster.map((m) => {
      const score = cents(m.score)
      return {
        member_id: m.member_id,
        ingame_name: m.ingame_name,
        score,
        status: memberTestStatus({
          attempted: attempted.has(m.member_id),
          approved: approvedIds.has(m.member_id),
          event_score: score,
          required_score: test.required_score,
        }),
      }
    }),
    requiredScore: test.required_score,
  }
}
