import { and, asc, desc, eq, sql } from 'drizzle-orm'
import {
  EVALUATION_ERRORS,
  EVALUATION_MESSAGES,
  liveScore,
  type ActiveLiveEvaluation,
  type CompletedEvaluation,
  type EvaluationAnswer,
  type EvaluationDetails,
  type LiveSession,
  type PassedMember,
} from '#contracts/evaluations.ts'
import type { DbOrTx } from '#db/client.ts'
import { memberQualifications, members } from '#db/schema/roster.ts'
import {
  liveEvaluationAnswers,
  liveEvaluationSessions,
  testAttempts,
  testEligibility,
  testEvaluationAnswers,
  testEvaluations,
  tests,
} from '#db/schema/assessments.ts'
import { NotFound } from '../errors.ts'
import { evaluationQuestions, findTest, isUuid } from './queries.ts'

// What the Evaluations dialog, the live page, the admin tests page's banner and the View evaluation page read
// (docs/rules/assessments.md, Live in-game evaluations).

const cents = (value: number | string) => Math.round(Number(value) * 100) / 100

const answerMap = (rows: Array<{ question_id: number; answer: EvaluationAnswer }>): Record<string, EvaluationAnswer> =>
  Object.fromEntries(rows.map((r) => [String(r.question_id), r.answer]))

/**
 * GET /api/admin/tests/{id}/passed-members: members who passed the written test and do not hold the qualification
 * yet (Members Awaiting Evaluation), with any evaluation of them already under way. A test without a written part is
 * only its evaluation: there the members an admin approved for it are awaiting (with no attempt).
 */
export async function listPassedMembers(db: DbOrTx, testId: number): Promise<PassedMember[]> {
  const test = await findTest(db, testId)
  if (test.total_questions === 0) return listApprovedMembers(db, test)
  const rows = await db
    .select({
      member_id: members.id,
      ingame_name: members.ingame_name,
      attempt_uuid: testAttempts.uuid,
      attempt_score: testAttempts.score,
      passed_at: testAttempts.created_at,
      active_session_id: liveEvaluationSessions.id,
    })
    .from(testAttempts)
    .innerJoin(members, eq(members.id, testAttempts.member_id))
    .leftJoin(
      liveEvaluationSessions,
      and(
        eq(liveEvaluationSessions.test_id, testAttempts.test_id),
        eq(liveEvaluationSessions.evaluatee_member_id, members.id),
        eq(liveEvaluationSessions.status, 'active'),
      ),
    )
    .where(
      and(
        eq(testAttempts.test_id, test.id),
        eq(testAttempts.passed, true),
        eq(members.is_banned, false),
        sql`not exists (select 1 from ${memberQualifications} where ${memberQualifications.member_id} = ${members.id} and ${memberQualifications.qualification_id} = ${test.qualification_id})`,
      ),
    )
    .orderBy(asc(testAttempts.created_at), asc(testAttempts.id))
  return rows.map((r) => ({ ...r, attempt_score: cents(r.attempt_score), passed_at: r.passed_at.toISOString() }))
}

/** Members Awaiting Evaluation of a test that has no written part: approved, not banned, without the qualification. */
async function listApprovedMembers(
  db: DbOrTx,
  test: { id: number; qualification_id: number },
): Promise<PassedMember[]> {
  const rows = await db
    .select({
      member_id: members.id,
      ingame_name: members.ingame_name,
      active_session_id: liveEvaluationSessions.id,
    })
    .from(testEligibility)
    .innerJoin(members, eq(members.id, testEligibility.member_id))
    .leftJoin(
      liveEvaluationSessions,
      and(
        eq(liveEvaluationSessions.test_id, testEligibility.test_id),
        eq(liveEvaluationSessions.evaluatee_member_id, members.id),
        eq(liveEvaluationSessions.status, 'active'),
      ),
    )
    .where(
      and(
        eq(testEligibility.test_id, test.id),
        eq(members.is_banned, false),
        sql`not exists (select 1 from ${memberQualifications} where ${memberQualifications.member_id} = ${members.id} and ${memberQualifications.qualification_id} = ${test.qualification_id})`,
      ),
    )
    .orderBy(asc(sql`lower(${members.ingame_name})`), asc(members.id))
  return rows.map((r) => ({ ...r, attempt_uuid: null, attempt_score: null, passed_at: null }))
}

/** GET /api/admin/evaluations/{testId}: the test's completed evaluations, newest first. */
export async function listCompletedEvaluations(db: DbOrTx, testId: number): Promise<CompletedEvaluation[]> {
  const test = await findTest(db, testId)
  const rows = await db
    .select({
      id: testEvaluations.id,
      evaluatee_id: testEvaluations.evaluatee_member_id,
      evaluatee_name: members.ingame_name,
      evaluator_name: testEvaluations.evaluator_name,
      passed: testEvaluations.passed,
      score: testEvaluations.score,
      timestamp: testEvaluations.created_at,
      notes: testEvaluations.notes,
    })
    .from(testEvaluations)
    .innerJoin(members, eq(members.id, testEvaluations.evaluatee_member_id))
    .where(eq(testEvaluations.test_id, test.id))
    .orderBy(desc(testEvaluations.created_at), desc(testEvaluations.id))
  return rows.map((r) => ({ ...r, score: cents(r.score), timestamp: r.timestamp.toISOString() }))
}

/** GET /api/admin/evaluations/live/active: the admin tests page's 'Active Evaluations In Progress' banner. */
export async function listActiveSessions(db: DbOrTx): Promise<ActiveLiveEvaluation[]> {
  const rows = await db
    .select({
      sessionId: liveEvaluationSessions.id,
      testId: tests.id,
      testName: tests.name,
      evaluateeName: members.ingame_name,
      evaluatorName: liveEvaluationSessions.evaluator_name,
      startedAt: liveEvaluationSessions.created_at,
    })
    .from(liveEvaluationSessions)
    .innerJoin(tests, eq(tests.id, liveEvaluationSessions.test_id))
    .innerJoin(members, eq(members.id, liveEvaluationSessions.evaluatee_member_id))
    .where(eq(liveEvaluationSessions.status, 'active'))
    .orderBy(asc(liveEvaluationSessions.created_at))
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() }))
}

/** The session row joined with its test and evaluatee, if it is still active. */
export async function activeSessionRow(db: DbOrTx, sessionId: string | undefined, forUpdate = false) {
  if (!isUuid(sessionId)) throw new NotFound(EVALUATION_MESSAGES.sessionNotFound)
  const query = db
    .select({
      id: liveEvaluationSessions.id,
      status: liveEvaluationSessions.status,
      evaluator_name: liveEvaluationSessions.evaluator_name,
      test_id: tests.id,
      test_name: tests.name,
      eval_passing_score: tests.eval_passing_score,
      qualification_id: tests.qualification_id,
      evaluatee_id: members.id,
      evaluatee_name: members.ingame_name,
    })
    .from(liveEvaluationSessions)
    .innerJoin(tests, eq(tests.id, liveEvaluationSessions.test_id))
    .innerJoin(members, eq(members.id, liveEvaluationSessions.evaluatee_member_id))
    .where(eq(liveEvaluationSessions.id, sessionId))
    .limit(1)
  const [row] = forUpdate ? await query.for('update', { of: liveEvaluationSessions }) : await query
  if (!row || row.status !== 'active') throw new NotFound(EVALUATION_MESSAGES.sessionNotFound)
  return row
}

/** GET /api/admin/evaluations/live/{sessionId}: the checklist, the answers so far and the live score. */
export async function getLiveSession(db: DbOrTx, sessionId: string | undefined): Promise<LiveSession> {
  const session = await activeSessionRow(db, sessionId)
  const [questions, answers] = await Promise.all([
    evaluationQuestions(db, session.test_id),
    db
      .select({ question_id: liveEvaluationAnswers.question_id, answer: liveEvaluationAnswers.answer })
      .from(liveEvaluationAnswers)
      .where(eq(liveEvaluationAnswers.session_id, session.id)),
  ])
  const map = answerMap(answers)
  return {
    sessionId: session.id,
    test: { id: session.test_id, name: session.test_name, eval_passing_score: session.eval_passing_score },
    evaluatee: { id: session.evaluatee_id, ingame_name: session.evaluatee_name },
    evaluator: { username: session.evaluator_name },
    questions,
    answers: map,
    ...liveScore(questions, map, session.eval_passing_score),
  }
}

/** GET /api/admin/evaluations/details/{id}: a finished evaluation. */
export async function getEvaluationDetails(db: DbOrTx, id: number): Promise<EvaluationDetails> {
  const [row] = await db
    .select({
      id: testEvaluations.id,
      testId: tests.id,
      testName: tests.name,
      evaluatorName: testEvaluations.evaluator_name,
      evaluateeName: members.ingame_name,
      passed: testEvaluations.passed,
      score: testEvaluations.score,
      notes: testEvaluations.notes,
      timestamp: testEvaluations.created_at,
    })
    .from(testEvaluations)
    .innerJoin(tests, eq(tests.id, testEvaluations.test_id))
    .innerJoin(members, eq(members.id, testEvaluations.evaluatee_member_id))
    .where(eq(testEvaluations.id, id))
    .limit(1)
  if (!row) throw new NotFound(EVALUATION_ERRORS.evaluationNotFound)
  const [questions, answers] = await Promise.all([
    evaluationQuestions(db, row.testId),
    db
      .select({ question_id: testEvaluationAnswers.question_id, answer: testEvaluationAnswers.answer })
      .from(testEvaluationAnswers)
      .where(eq(testEvaluationAnswers.evaluation_id, id)),
  ])
  return {
    ...row,
    score: cents(row.score),
    timestamp: row.timestamp.toISOString(),
    questions,
    answers: answerMap(answers),
  }
}
