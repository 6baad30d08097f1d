import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  EVALUATION_ERRORS,
  EVALUATION_MESSAGES,
  liveScore,
  type EvaluationAnswer,
  type EvaluationSubmitResult,
  type LiveSession,
  type ServerMessage,
  type StartedEvaluation,
  type evaluationAnswerSchema,
  type startEvaluationSchema,
} from '#contracts/evaluations.ts'
import { TEST_ERRORS, type MessageAnswer } from '#contracts/assessments.ts'
import { memberQualifications, members } from '#db/schema/roster.ts'
import {
  liveEvaluationAnswers,
  liveEvaluationSessions,
  testAttempts,
  testEligibility,
  testEvaluationAnswers,
  testEvaluationQuestions,
  testEvaluations,
  tests,
} from '#db/schema/assessments.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Invalid, NotFound } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { grantChanges, grantQualification, syncGrantedRole, type Grant } from './grant.ts'
import { evaluationQuestions, findTest } from './queries.ts'
import { announceSessionChange } from './evaluation-live.ts'
import { activeSessionRow, getEvaluationDetails, getLiveSession } from './evaluation-queries.ts'

// Live in-game evaluations (docs/rules/assessments.md): start a session, mark each checklist item Pass / Fail / N/A,
// submit (which finishes the session, stores the evaluation and, on a pass, grants the qualification and its Discord
// role), cancel, delete a finished evaluation. Every change NOTIFYs the session's live viewers.

const nameOf = (admin: User) => admin.display_name || admin.username
const percent = (score: number) => `${score.toFixed(1)}%`

/** POST /api/admin/evaluations/start: a new session, or the one already under way for this member and test. */
export async function startEvaluation(
  services: AppServices,
  admin: User,
  input: z.output<typeof startEvaluationSchema>,
): Promise<StartedEvaluation> {
  return runTransaction(
    services,
    async (tx) => {
      const test = await findTest(tx, input.testId)
      if (!test.requires_in_game_eval) throw new Conflict(EVALUATION_ERRORS.noInGameEvaluation)
      const [member] = await tx
        .select({ id: members.id, name: members.ingame_name, banned: members.is_banned })
        .from(members)
        .where(eq(members.id, input.evaluateeId))
        .limit(1)
      if (!member) throw new NotFound(TEST_ERRORS.memberNotFound)
      if (member.banned) throw new Conflict(EVALUATION_ERRORS.bannedMember)
      // A test without a written part is only its evaluation: an admin's approval stands in for a passed attempt.
      const writtenPart = test.total_questions > 0
      const [[passed], [held], [item]] = await Promise.all([
        writtenPart
          ? tx
              .select({ id: testAttempts.id })
              .from(testAttempts)
              .where(
                and(
                  eq(testAttempts.test_id, test.id),
                  eq(testAttempts.member_id, member.id),
                  eq(testAttempts.passed, true),
                ),
              )
              .limit(1)
          : tx
              .select({ id: testEligibility.member_id })
              .from(testEligibility)
              .where(and(eq(testEligibility.test_id, test.id), eq(testEligibility.member_id, member.id)))
              .limit(1),
        tx
          .select({ id: memberQualifications.member_id })
          .from(memberQualifications)
          .where(
            and(
              eq(memberQualifications.member_id, member.id),
              eq(memberQualifications.qualification_id, test.qualification_id),
            ),
          )
          .limit(1),
        tx
          .select({ id: testEvaluationQuestions.id })
          .from(testEvaluationQuestions)
          .where(eq(testEvaluationQuestions.test_id, test.id))
          .limit(1),
      ])
      if (!passed)
        throw new Conflict(
          writtenPart ? EVALUATION_ERRORS.notPassed(member.name) : EVALUATION_ERRORS.notApproved(member.name),
        )
      if (held) throw new Conflict(EVALUATION_ERRORS.alreadyQualified(member.name, test.qualification_name))
      if (!item) throw new Conflict(EVALUATION_ERRORS.emptyChecklist)
      // NOTE: the partial unique index (one active session per test and member) decides between two admins starting
      // at once: the second joins the first one's session.
      const [created] = await tx
        .insert(liveEvaluationSessions)
        .values({
          test_id: test.id,
          evaluatee_member_id: member.id,
          evaluator_user_id: admin.id,
          evaluator_name: nameOf(admin),
        })
        .onConflictDoNothing({
          target: [liveEvaluationSessions.test_id, liveEvaluationSessions.evaluatee_member_id],
          where: sql`${liveEvaluationSessions.status} = 'active'`,
        })
        .returning({ id: liveEvaluationSessions.id })
      if (!created) {
        const [existing] = await tx
          .select({ id: liveEvaluationSessions.id })
          .from(liveEvaluationSessions)
          .where(
            and(
              eq(liveEvaluationSessions.test_id, test.id),
              eq(liveEvaluationSessions.evaluatee_member_id, member.id),
              eq(liveEvaluationSessions.status, 'active'),
            ),
          )
          .limit(1)
        if (!existing)
          throw new Conflict('Another evaluation of this member changed at the same moment. Please try again.')
        return { sessionId: existing.id, resumed: true }
      }
      await recordAudit(tx, admin, 'Evaluation started', `${member.name}: ${test.name}`)
      await announceSessionChange(tx, created.id)
      return { sessionId: created.id, resumed: false }
    },
    // A live session has its own per-session NOTIFY (announceSessionChange); the topics are for shared copies.
    { name: 'start evaluation', changes: [] },
  )
}

/** POST /api/admin/evaluations/live/{sessionId}/answer: Pass, Fail or N/A for one checklist item. */
export async function answerEvaluationQuestion(
  services: AppServices,
  admin: User,
  sessionId: string | undefined,
  input: z.output<typeof evaluationAnswerSchema>,
): Promise<LiveSession> {
  return runTransaction(
    services,
    async (tx) => {
      const session = await activeSessionRow(tx, sessionId, true)
      const [question] = await tx
        .select({ text: testEvaluationQuestions.text })
        .from(testEvaluationQuestions)
        .where(
          and(eq(testEvaluationQuestions.id, input.questionId), eq(testEvaluationQuestions.test_id, session.test_id)),
        )
        .limit(1)
      if (!question)
        throw new Invalid(EVALUATION_ERRORS.questionNotInTest, { questionId: [EVALUATION_ERRORS.questionNotInTest] })
      await tx
        .insert(liveEvaluationAnswers)
        .values({ session_id: session.id, question_id: input.questionId, answer: input.answer })
        .onConflictDoUpdate({
          target: [liveEvaluationAnswers.session_id, liveEvaluationAnswers.question_id],
          set: { answer: input.answer, updated_at: new Date() },
        })
      await recordAudit(
        tx,
        admin,
        'Evaluation answer',
        `${session.evaluatee_name} (${session.test_name}): "${question.text}" ${input.answer}`,
      )
      await announceSessionChange(tx, session.id)
      return getLiveSession(tx, session.id)
    },
    { name: 'answer evaluation question', changes: [] },
  )
}

/**
 * POST /api/admin/evaluations/live/{sessionId}/submit: finishes the session with the Final Notes, stores the
 * evaluation with the live score's result, and on a pass grants the qualification (its Discord role after the commit).
 */
export async function submitEvaluation(
  services: AppServices,
  admin: User,
  sessionId: string | undefined,
  notes: string | null,
): Promise<EvaluationSubmitResult> {
  const { result } = await runTransaction(
    services,
    async (tx): Promise<{ result: EvaluationSubmitResult; grant: Grant | null }> => {
      const session = await activeSessionRow(tx, sessionId, true)
      const [questions, answerRows] = await Promise.all([
        evaluationQuestions(tx, session.test_id),
        tx
          .select({ question_id: liveEvaluationAnswers.question_id, answer: liveEvaluationAnswers.answer })
          .from(liveEvaluationAnswers)
          .where(eq(liveEvaluationAnswers.session_id, session.id)),
      ])
      const answers: Record<string, EvaluationAnswer> = Object.fromEntries(
        answerRows.map((a) => [String(a.question_id), a.answer]),
      )
      const { score, passing } = liveScore(questions, answers, session.eval_passing_score)
      const [evaluation] = await tx
        .insert(testEvaluations)
        .values({
          test_id: session.test_id,
          evaluatee_member_id: session.evaluatee_id,
          evaluator_user_id: admin.id,
          evaluator_name: nameOf(admin),
          score,
          passed: passing,
          notes,
        })
        .returning({ id: testEvaluations.id })
      const evaluationId = evaluation!.id
      if (answerRows.length)
        await tx
          .insert(testEvaluationAnswers)
          .values(
            answerRows.map((a) => ({ evaluation_id: evaluationId, question_id: a.question_id, answer: a.answer })),
          )
      await tx
        .update(liveEvaluationSessions)
        .set({ status: 'completed', evaluation_id: evaluationId })
        .where(eq(liveEvaluationSessions.id, session.id))
      await recordAudit(
        tx,
        admin,
        'Evaluation submitted',
        `${session.evaluatee_name}: ${session.test_name}, ${percent(score)} (${passing ? 'passed' : 'failed'})`,
      )
      const grant = passing
        ? await grantQualification(
            tx,
            admin,
            session.evaluatee_id,
            session.qualification_id,
            `passed the ${session.test_name} evaluation`,
            'evaluation',
          )
        : null
      await announceSessionChange(tx, session.id)
      // The evaluation as GET /api/admin/evaluations/details/{id} shows it.
      await emitWebhook(tx, 'evaluation.completed', () => getEvaluationDetails(tx, evaluationId))
      // The member hears the result, and the qualification it granted (which the grant itself does not tell).
      await notify(
        tx,
        { memberId: session.evaluatee_id, except: admin.id },
        {
          kind: 'test_updates',
          event: `evaluation:${evaluationId}`,
          title: inEveryLanguage(`notifications.evaluation.${passing ? 'passedTitle' : 'resultTitle'}`),
          body: !passing
            ? inEveryLanguage('notifications.evaluation.failed', {
                test: session.test_name,
                score: percent(score),
                needed: session.eval_passing_score,
              })
            : grant?.granted
              ? inEveryLanguage('notifications.evaluation.passedGranted', {
                  test: session.test_name,
                  score: percent(score),
                  qualification: grant.qualificationName,
                })
              : inEveryLanguage('notifications.evaluation.passed', { test: session.test_name, score: percent(score) }),
          url: '/tests',
        },
      )
      const messages: ServerMessage[] = [{ text: EVALUATION_MESSAGES.submitted, type: 'success' }]
      if (!passing)
        messages.push({
          text: `${session.evaluatee_name} did not pass: ${percent(score)} of the ${session.eval_passing_score}% needed.`,
          type: 'warning',
        })
      else if (grant?.granted)
        messages.push({
          text: `${session.evaluatee_name} passed with ${percent(score)} and was granted ${grant.qualificationName}.`,
          type: 'success',
        })
      else
        messages.push({
          text: `${session.evaluatee_name} passed with ${percent(score)} and already holds ${grant?.qualificationName ?? 'the qualification'}.`,
          type: 'info',
        })
      return { result: { messages, evaluationId }, grant }
    },
    {
      name: 'submit evaluation',
      changes: ({ grant }) => grantChanges(grant),
      after: ({ grant }) => syncGrantedRole(services, grant),
    },
  )
  return result
}

/** DELETE /api/admin/evaluations/live/{sessionId}: Cancel an evaluation under way (nothing is recorded). */
export async function cancelEvaluation(
  services: AppServices,
  admin: User,
  sessionId: string | undefined,
): Promise<MessageAnswer> {
  return runTransaction(
    services,
    async (tx) => {
      const session = await activeSessionRow(tx, sessionId, true)
      await tx
        .update(liveEvaluationSessions)
        .set({ status: 'cancelled' })
        .where(eq(liveEvaluationSessions.id, session.id))
      await recordAudit(tx, admin, 'Evaluation cancelled', `${session.evaluatee_name}: ${session.test_name}`)
      await announceSessionChange(tx, session.id)
      return { message: 'Evaluation cancelled.' }
    },
    { name: 'cancel evaluation', changes: [] },
  )
}

/** DELETE /api/admin/evaluations/{evaluationId}: removes a finished evaluation (a qualification it granted stays). */
export async function deleteEvaluation(
  services: AppServices,
  admin: User,
  evaluationId: number,
): Promise<MessageAnswer> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx.delete(testEvaluations).where(eq(testEvaluations.id, evaluationId)).returning({
        score: testEvaluations.score,
        passed: testEvaluations.passed,
        test_id: testEvaluations.test_id,
        member_id: testEvaluations.evaluatee_member_id,
      })
      if (!removed) throw new NotFound(EVALUATION_ERRORS.evaluationNotFound)
      const [names] = await tx
        .select({ test: tests.name, member: members.ingame_name })
        .from(tests)
        .innerJoin(members, eq(members.id, removed.member_id))
        .where(eq(tests.id, removed.test_id))
      await recordAudit(
        tx,
        admin,
        'Evaluation deleted',
        `${names?.member ?? 'Member'}: ${names?.test ?? 'test'}, ${percent(Number(removed.score))} (${removed.passed ? 'passed' : 'failed'})`,
      )
      return { message: 'Evaluation deleted.' }
    },
    // A qualification the evaluation granted stays: the public roster is unchanged.
    { name: 'delete evaluation', changes: [] },
  )
}
