import { and, eq, notInArray } from 'drizzle-orm'
import {
  TEST_FIELD_MESSAGES,
  hasSomethingToTake,
  hasVisibleContent,
  type AdminTest,
  type EvaluationChecklistItem,
  type EvaluationQuestionInput,
  type TestInput,
  type WrittenQuestionInput,
} from '#contracts/assessments.ts'
import type { DbOrTx } from '#db/client.ts'
import { qualifications } from '#db/schema/roster.ts'
import { testEvaluationQuestions, testQuestions, tests } from '#db/schema/assessments.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Invalid, NotFound } from '../errors.ts'
import { sanitizeRichText } from '../rich-text.ts'
import { runTransaction } from '../transaction.ts'
import { evaluationQuestions, getAdminTest } from './queries.ts'
import { countOf } from '#contracts/plural.ts'

// The admin's test editor (docs/rules/assessments.md; POST /api/tests, PUT and DELETE /api/tests/{id}, PUT
// /api/admin/tests/{id}/evaluation-questions). One use case per action: one transaction with its audit entry. Questions
// and checklist items are edited in place by id, so past attempts and evaluations keep their answers; question text is
// sanitised here, on write.

async function lockTest(tx: DbOrTx, id: number) {
  const [test] = await tx
    .select({ id: tests.id, name: tests.name })
    .from(tests)
    .where(eq(tests.id, id))
    .for('update')
    .limit(1)
  if (!test) throw new NotFound('Test not found.')
  return test
}

async function qualificationName(tx: DbOrTx, id: number): Promise<string> {
  const [row] = await tx
    .select({ name: qualifications.name })
    .from(qualifications)
    .where(eq(qualifications.id, id))
    .limit(1)
  if (!row)
    throw new Invalid(TEST_FIELD_MESSAGES.qualificationRequired, {
      qualification_id: [TEST_FIELD_MESSAGES.qualificationRequired],
    })
  return row.name
}

const RICH_TEXT_MESSAGES = {
  tooLong: TEST_FIELD_MESSAGES.questionTextTooLong,
  tooDeep: TEST_FIELD_MESSAGES.questionTextTooDeep,
}

/** A test members could never take (no written question, and no in-game checklist in their place) is refused. */
function assertSomethingToTake(input: TestInput) {
  if (!hasSomethingToTake(input))
    throw new Invalid(TEST_FIELD_MESSAGES.nothingToTake, { questions: [TEST_FIELD_MESSAGES.nothingToTake] })
}

async function sanitizedQuestions(questions: WrittenQuestionInput[]): Promise<WrittenQuestionInput[]> {
  const sanitized: WrittenQuestionInput[] = []
  for (const [i, q] of questions.entries()) {
    const question_text = await sanitizeRichText(q.question_text, RICH_TEXT_MESSAGES)
    // What was left after sanitising may be nothing at all (a question made only of a script).
    if (!hasVisibleContent(question_text))
      throw new Invalid(TEST_FIELD_MESSAGES.questionTextRequired, {
        [`questions[${i}].question_text`]: [TEST_FIELD_MESSAGES.questionTextRequired],
      })
    sanitized.push({ ...q, question_text })
  }
  return sanitized
}

type ChildTable = typeof testQuestions | typeof testEvaluationQuestions

/**
 * Makes a test's questions (or checklist items) the given list, in order: rows with an id are updated in place, rows
 * without one are inserted, and the test's other rows are deleted.
 */
async function replaceChildren<T extends { id: number | null }>(
  tx: DbOrTx,
  table: ChildTable,
  testId: number,
  items: T[],
  values: (item: T) => Record<string, unknown>,
) {
  const t = table as typeof testQuestions
  const existing = new Set((await tx.select({ id: t.id }).from(t).where(eq(t.test_id, testId))).map((r) => r.id))
  const kept = items.map((i) => i.id).filter((id): id is number => id !== null)
  const unknown = kept.find((id) => !existing.has(id))
  if (unknown !== undefined) throw new Invalid(`Item ${unknown} is not part of this test.`)
  if (new Set(kept).size !== kept.length) throw new Invalid('The same item appears twice.')
  await tx.delete(t).where(kept.length ? and(eq(t.test_id, testId), notInArray(t.id, kept)) : eq(t.test_id, testId))
  const inserts: Record<string, unknown>[] = []
  for (const [position, item] of items.entries()) {
    const row = { ...values(item), test_id: testId, position }
    if (item.id === null) inserts.push(row)
    else
      await tx
        .update(t)
        .set(row as never)
        .where(and(eq(t.id, item.id), eq(t.test_id, testId)))
  }
  if (inserts.length) await tx.insert(t).values(inserts as never)
}

const questionValues = (q: WrittenQuestionInput) => ({
  question_text: q.question_text,
  image_url: q.image_url,
  options: q.options,
  correct_answer_index: q.correct_answer_index,
})
const checklistValues = (q: EvaluationQuestionInput) => ({
  text: q.text,
  pos_score: q.pos_score,
  neg_score: q.neg_score,
  section: q.section,
})

function testValues(input: TestInput) {
  return {
    name: input.name,
    qualification_id: input.qualification_id,
    required_score: input.required_score,
    passing_questions: input.passing_questions,
    requires_in_game_eval: input.requires_in_game_eval,
    eval_passing_score: input.eval_passing_score,
  }
}

const summary = (input: TestInput) =>
  `${input.name}: ${countOf(input.questions.length, 'question')}, ${countOf(input.evaluation_questions.length, 'checklist item')}`

/** POST /api/tests. */
export async function createTest(services: AppServices, admin: User, input: TestInput): Promise<AdminTest> {
  assertSomethingToTake(input)
  const questions = await sanitizedQuestions(input.questions)
  return runTransaction(
    services,
    async (tx) => {
      await qualificationName(tx, input.qualification_id)
      const [row] = await tx.insert(tests).values(testValues(input)).returning({ id: tests.id })
      const id = row!.id
      await replaceChildren(tx, testQuestions, id, questions, questionValues)
      await replaceChildren(tx, testEvaluationQuestions, id, input.evaluation_questions, checklistValues)
      await recordAudit(tx, admin, 'Test created', summary(input))
      return getAdminTest(tx, id)
    },
    // Tests show on neither the ORBAT nor the public roster (a qualification they granted stays when they change).
    { name: 'create test', changes: [] },
  )
}

/** PUT /api/tests/{id}. */
export async function updateTest(services: AppServices, admin: User, id: number, input: TestInput): Promise<AdminTest> {
  assertSomethingToTake(input)
  const questions = await sanitizedQuestions(input.questions)
  return runTransaction(
    services,
    async (tx) => {
      const before = await lockTest(tx, id)
      await qualificationName(tx, input.qualification_id)
      await tx.update(tests).set(testValues(input)).where(eq(tests.id, id))
      await replaceChildren(tx, testQuestions, id, questions, questionValues)
      await replaceChildren(tx, testEvaluationQuestions, id, input.evaluation_questions, checklistValues)
      await recordAudit(
        tx,
        admin,
        'Test updated',
        before.name === input.name ? summary(input) : `${before.name} -> ${summary(input)}`,
      )
      return getAdminTest(tx, id)
    },
    { name: 'update test', changes: [] },
  )
}

/** DELETE /api/tests/{id}: with its questions, approvals, attempts and evaluations (qualifications stay granted). */
export async function deleteTest(services: AppServices, admin: User, id: number): Promise<void> {
  await runTransaction(
    services,
    async (tx) => {
      const test = await lockTest(tx, id)
      await tx.delete(tests).where(eq(tests.id, id))
      await recordAudit(tx, admin, 'Test deleted', test.name)
    },
    { name: 'delete test', changes: [] },
  )
}

/** PUT /api/admin/tests/{id}/evaluation-questions: the checklist alone. */
export async function saveEvaluationChecklist(
  services: AppServices,
  admin: User,
  id: number,
  items: EvaluationQuestionInput[],
): Promise<EvaluationChecklistItem[]> {
  return runTransaction(
    services,
    async (tx) => {
      const test = await lockTest(tx, id)
      // A test without written questions is its checklist: emptying it would leave members nothing to take.
      if (items.length === 0) {
        const [written] = await tx
          .select({ id: testQuestions.id })
          .from(testQuestions)
          .where(eq(testQuestions.test_id, id))
          .limit(1)
        if (!written)
          throw new Invalid(TEST_FIELD_MESSAGES.nothingToTake, { questions: [TEST_FIELD_MESSAGES.nothingToTake] })
      }
      await replaceChildren(tx, testEvaluationQuestions, id, items, checklistValues)
      const sections = new Set(items.map((i) => i.section)).size
      await recordAudit(
        tx,
        admin,
        'Evaluation checklist updated',
        `${test.name}: ${countOf(items.length, 'item')} in ${countOf(sections, 'section')}`,
      )
      return evaluationQuestions(tx, id)
    },
    { name: 'save evaluation checklist', changes: [] },
  )
}
