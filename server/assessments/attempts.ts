import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  TEST_ERRORS,
  TEST_MESSAGES,
  testSubmittedMessage,
  type MessageAnswer,
  type PublicTestItem,
  type TestSubmitResult,
  type eligibilitySchema,
  type submitTestSchema,
} from '#contracts/assessments.ts'
import { EVALUATION_ERRORS } from '#contracts/evaluations.ts'
import type { DbOrTx } from '#db/client.ts'
import { memberEventScoreSql, members } from '#db/schema/roster.ts'
import { testAttemptAnswers, testAttempts, testEligibility, testQuestions, tests } from '#db/schema/assessments.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Invalid, NotFound } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { grantChanges, grantQualification, syncGrantedRole, type Grant } from './grant.ts'
import { approvalAndAttempt, assertMayTake, findTest, listAttempts, memberOfUser, memberTestStatus } from './queries.ts'

// Taking a test and the Manage Test modal's actions (Approve, Revoke, Allow Retake, Approve Qual:
// docs/rules/assessments.md). Scoring happens here, never in the browser; one attempt per member per test is the
// database's unique index, so concurrent submits count once.

const cents = (value: number) => Math.round(value * 100) / 100

/** POST /api/tests/{id}/submit (the id or the uuid): scores the answers, stores the one attempt, grants on a pass. */
export async function submitTest(
  services: AppServices,
  user: User,
  idOrUuid: number | string,
  input: z.output<typeof submitTestSchema>,
): Promise<TestSubmitResult> {
  const { result } = await runTransaction(
    services,
    async (tx) => {
      const test = await findTest(tx, idOrUuid)
      const member = await assertMayTake(tx, await memberOfUser(tx, user), test)
      const questions = await tx
        .select({ id: testQuestions.id, correct: testQuestions.correct_answer_index })
        .from(testQuestions)
        .where(eq(testQuestions.test_id, test.id))
      const known = new Set(questions.map((q) => String(q.id)))
      if (Object.keys(input.answers).some((id) => !known.has(id))) throw new Invalid(TEST_ERRORS.unknownQuestion)
      if (questions.some((q) => input.answers[String(q.id)] === undefined)) throw new Invalid(TEST_MESSAGES.answerAll)
      const marked = questions.map((q) => ({
        question_id: q.id,
        selected_index: input.answers[String(q.id)]!,
        is_correct: input.answers[String(q.id)] === q.correct,
      }))
      const correct = marked.filter((m) => m.is_correct).length
      const score = cents((correct / questions.length) * 100)
      const passed = correct >= test.passing_questions
      // NOTE: the unique index (test_id, member_id) decides between concurrent submits: the second waits for the first
      // to commit, then inserts nothing.
      const [attempt] = await tx
        .insert(testAttempts)
        .values({ test_id: test.id, member_id: member.id, score, passed })
        .onConflictDoNothing({ target: [testAttempts.test_id, testAttempts.member_id] })
        .returning({ id: testAttempts.id, uuid: testAttempts.uuid })
      if (!attempt) throw new Conflict(TEST_ERRORS.alreadyTaken)
      await tx.insert(testAttemptAnswers).values(marked.map((m) => ({ ...m, attempt_id: attempt.id })))
      await recordAudit(
        tx,
        user,
        'Test submitted',
        `${member.ingame_name}: ${test.name}, ${Math.round(score)}% (${passed ? 'passed' : 'failed'})`,
      )
      const grant =
        passed && !test.requires_in_game_eval
          ? await grantQualification(tx, user, member.id, test.qualification_id, `passed ${test.name}`, 'test')
          : null
      // The attempt as the test's attempts list shows it (GET /api/tests/{id}/attempts), with the test.
      await emitWebhook(tx, 'test.attempted', async () => ({
        test: { id: test.id, name: test.name },
        attempt: (await listAttempts(tx, test.id)).attempts.find((a) => a.id === attempt.id) ?? null,
      }))
      const result: TestSubmitResult = {
        score,
        passed,
        attemptUuid: attempt.uuid,
        message: testSubmittedMessage(score, passed),
        qualificationGranted: grant?.granted ? grant.qualificationName : null,
      }
      return { result, grant }
    },
    {
      name: 'submit test',
      changes: ({ grant }) => grantChanges(grant),
      after: ({ grant }) => syncGrantedRole(services, grant),
    },
  )
  return result
}

type EligibilityInput = z.output<typeof eligibilitySchema>

async function lockMember(tx: DbOrTx, id: number) {
  const [member] = await tx
    .select({
      id: members.id,
      name: members.ingame_name,
      is_banned: members.is_banned,
      event_score: memberEventScoreSql,
    })
    .from(members)
    .where(eq(members.id, id))
    .for('update')
    .limit(1)
  if (!member) throw new NotFound(TEST_ERRORS.memberNotFound)
  return { ...member, event_score: cents(Number(member.event_score)) }
}

/** An approval change: the test, the member (locked, so two admins' clicks on one member queue), one transaction. */
function changeEligibility(
  services: AppServices,
  name: string,
  input: EligibilityInput,
  change: (tx: DbOrTx, test: PublicTestItem, member: Awaited<ReturnType<typeof lockMember>>) => Promise<MessageAnswer>,
): Promise<MessageAnswer> {
  return runTransaction(
    services,
    async (tx) => change(tx, await findTest(tx, input.testId), await lockMember(tx, input.memberId)),
    // An approval is the tests' own record: no copy anyone keeps shows it.
    { name, changes: [] },
  )
}

/** POST /api/tests/eligibility/grant: Approve (only from 'Eligible to Approve'; approving twice changes nothing). */
export async function grantEligibility(
  services: AppServices,
  admin: User,
  input: EligibilityInput,
): Promise<MessageAnswer> {
  return changeEligibility(services, 'grant test eligibility', input, async (tx, test, member) => {
    if (member.is_banned) throw new Conflict(TEST_ERRORS.bannedMember)
    const status = memberTestStatus({
      ...(await approvalAndAttempt(tx, test.id, member.id)),
      event_score: member.event_score,
      required_score: test.required_score,
    })
    if (status === 'attempted') throw new Conflict(`${member.name} has already taken this test.`)
    if (status === 'ineligible')
      throw new Conflict(`${member.name} does not meet the required score of ${test.required_score} for this test.`)
    if (status === 'eligible_for_approval') {
      const [approval] = await tx
        .insert(testEligibility)
        .values({ test_id: test.id, member_id: member.id, granted_by_user_id: admin.id })
        .onConflictDoNothing()
        .returning({ id: testEligibility.id })
      await recordAudit(tx, admin, 'Test eligibility granted', `${member.name} approved for ${test.name}.`)
      if (approval)
        await notify(
          tx,
          { memberId: member.id, except: admin.id },
          {
            kind: 'test_updates',
            event: `test-approved:${approval.id}`,
            title: inEveryLanguage('notifications.testApproved.title'),
            body: inEveryLanguage('notifications.testApproved.body', { test: test.name }),
            url: '/tests',
          },
        )
    }
    return { message: `${member.name} is approved to take ${test.name}.` }
  })
}

/** POST /api/tests/eligibility/revoke: Revoke an approval. */
export async function revokeEligibility(
  services: AppServices,
  admin: User,
  input: EligibilityInput,
): Promise<MessageAnswer> {
  return changeEligibility(services, 'revoke test eligibility', input, async (tx, test, member) => {
    const removed = await tx
      .delete(testEligibility)
      .where(and(eq(testEligibility.test_id, test.id), eq(testEligibility.member_id, member.id)))
      .returning({ id: testEligibility.id })
    if (!removed.length) throw new NotFound(TEST_ERRORS.notApprovedMember)
    await recordAudit(tx, admin, 'Test eligibility revoked', `${member.name} for ${test.name}.`)
    return { message: `${member.name} is no longer approved to take ${test.name}.` }
  })
}

async function attemptWithNames(tx: DbOrTx, attemptId: number) {
  const [attempt] = await tx
    .select({
      id: testAttempts.id,
      member_id: testAttempts.member_id,
      member_name: members.ingame_name,
      passed: testAttempts.passed,
      score: testAttempts.score,
      test_name: tests.name,
      qualification_id: tests.qualification_id,
    })
    .from(testAttempts)
    .innerJoin(members, eq(members.id, testAttempts.member_id))
    .innerJoin(tests, eq(tests.id, testAttempts.test_id))
    .where(eq(testAttempts.id, attemptId))
    .for('update', { of: testAttempts })
    .limit(1)
  if (!attempt) throw new NotFound(TEST_ERRORS.attemptNotFound)
  return attempt
}

/** DELETE /api/tests/attempt/{id}: Allow Retake deletes the attempt; the member's approval stays, so they may retake. */
export async function resetAttempt(services: AppServices, admin: User, attemptId: number): Promise<MessageAnswer> {
  return runTransaction(
    services,
    async (tx) => {
      const attempt = await attemptWithNames(tx, attemptId)
      await tx.delete(testAttempts).where(eq(testAttempts.id, attempt.id))
      await recordAudit(
        tx,
        admin,
        'Test retake allowed',
        `${attempt.member_name}: ${attempt.test_name} (attempt of ${Math.round(Number(attempt.score))}% deleted)`,
      )
      return { message: `${attempt.member_name} may retake ${attempt.test_name}.` }
    },
    { name: 'reset test attempt', changes: [] },
  )
}

/** POST /api/tests/attempts/{id}/grant: Approve Qual for a passed attempt (the in-game evaluation waived). */
export async function approveQualification(
  services: AppServices,
  admin: User,
  attemptId: number,
): Promise<MessageAnswer> {
  const { message } = await runTransaction(
    services,
    async (tx): Promise<MessageAnswer & { grant: Grant }> => {
      const attempt = await attemptWithNames(tx, attemptId)
      if (!attempt.passed) throw new Conflict(TEST_ERRORS.attemptNotPassed)
      const grant = await grantQualification(
        tx,
        admin,
        attempt.member_id,
        attempt.qualification_id,
        `approved after ${attempt.test_name}`,
        'test',
      )
      if (!grant.granted)
        throw new Conflict(EVALUATION_ERRORS.alreadyQualified(grant.memberName, grant.qualificationName))
      return { message: `${grant.qualificationName} granted to ${grant.memberName}.`, grant }
    },
    {
      name: 'approve qualification',
      changes: ({ grant }) => grantChanges(grant),
      after: ({ grant }) => syncGrantedRole(services, grant),
    },
  )
  return { message }
}
