// Qualification tests: written questions, evaluation checklists, eligibility, attempts, evaluations and live sessions.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { EVALUATION_ANSWERS, type EvaluationAnswer } from '../../contracts/evaluations.ts'
import {
  MEMBER_TEST_STATUSES,
  OPTIONS_PER_QUESTION,
  UNCATEGORIZED_SECTION,
  type MemberTestStatus,
} from '../../contracts/assessments.ts'
import { createdAtColumn, idColumn, timestampColumns } from './columns.ts'
import { members, qualifications } from './roster.ts'
import { users } from './users-sessions.ts'

/**
 * A qualification test. passing_score (percent) and total_questions are derived, not stored:
 * total_questions = number of test_questions, passing_score = passing_questions / total_questions * 100.
 */
export const tests = pgTable(
  'tests',
  {
    id: idColumn(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    // NOTE: RESTRICT: a qualification cannot be deleted while a test grants it (answer 409, don't lose the tests).
    qualification_id: integer('qualification_id')
      .notNull()
      .references(() => qualifications.id, { onDelete: 'restrict' }),
    /** Event score a member needs before an admin may approve them for this test. */
    required_score: numeric('required_score', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** Correct answers needed to pass. */
    passing_questions: integer('passing_questions').notNull().default(1),
    requires_in_game_eval: boolean('requires_in_game_eval').notNull().default(false),
    /** Percent needed to pass the live in-game evaluation. */
    eval_passing_score: integer('eval_passing_score').notNull().default(80),
    ...timestampColumns(),
  },
  (t) => [
    check('tests_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('tests_required_score_non_negative', sql`${t.required_score} >= 0`),
    check('tests_passing_questions_positive', sql`${t.passing_questions} >= 1`),
    check('tests_eval_passing_score_percent', sql`${t.eval_passing_score} BETWEEN 0 AND 100`),
    index('tests_qualification_id_idx').on(t.qualification_id),
  ],
)

/** Number of options every written question has (contracts/assessments.ts). */
export { OPTIONS_PER_QUESTION }

/** A written (multiple-choice) question. question_text is sanitised HTML. */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: idColumn(),
    test_id: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    question_text: text('question_text').notNull(),
    image_url: text('image_url'),
    options: jsonb('options').$type<string[]>().notNull(),
    correct_answer_index: integer('correct_answer_index').notNull().default(0),
  },
  (t) => [
    check('test_questions_correct_answer_index_range', sql`${t.correct_answer_index} BETWEEN 0 AND 3`),
    // CASE, not AND: PostgreSQL does not promise to evaluate AND left to right, and jsonb_array_length throws on non-arrays.
    check(
      'test_questions_options_four_strings',
      sql`CASE WHEN jsonb_typeof(${t.options}) = 'array' THEN jsonb_array_length(${t.options}) = 4 AND NOT jsonb_path_exists(${t.options}, '$[*] ? (@.type() != "string")') ELSE false END`,
    ),
    index('test_questions_test_id_idx').on(t.test_id, t.position),
  ],
)

export { UNCATEGORIZED_SECTION }

/** An in-game evaluation checklist item. */
export const testEvaluationQuestions = pgTable(
  'test_evaluation_questions',
  {
    id: idColumn(),
    test_id: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    section: text('section').notNull().default(UNCATEGORIZED_SECTION),
    text: text('text').notNull(),
    pos_score: numeric('pos_score', { precision: 8, scale: 2, mode: 'number' }).notNull().default(1),
    neg_score: numeric('neg_score', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('test_evaluation_questions_pos_score_non_negative', sql`${t.pos_score} >= 0`),
    check('test_evaluation_questions_neg_score_non_negative', sql`${t.neg_score} >= 0`),
    index('test_evaluation_questions_test_id_idx').on(t.test_id, t.position),
  ],
)

/** Status of a member for a test (contracts/assessments.ts); derived from eligibility and attempts, never stored. */
export { MEMBER_TEST_STATUSES, type MemberTestStatus }

/** An admin's approval for a member to take a test. */
export const testEligibility = pgTable(
  'test_eligibility',
  {
    id: idColumn(),
    test_id: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    granted_by_user_id: integer('granted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAtColumn(),
  },
  (t) => [
    unique('test_eligibility_test_member_unique').on(t.test_id, t.member_id),
    index('test_eligibility_member_id_idx').on(t.member_id),
  ],
)

/** A submitted written test. One per member per test: an admin's "Allow Retake" deletes it. */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: idColumn(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    test_id: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Percent of questions answered correctly. */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    passed: boolean('passed').notNull(),
    created_at: createdAtColumn(),
  },
  (t) => [
    // NOTE: the one-attempt rule lives here, so two concurrent submits cannot both count.
    uniqueIndex('test_attempts_test_member_unique').on(t.test_id, t.member_id),
    index('test_attempts_member_id_idx').on(t.member_id),
    check('test_attempts_score_percent', sql`${t.score} BETWEEN 0 AND 100`),
  ],
)

/** The option a member chose per question. Edit questions in place (by id) so past attempts keep their answers. */
export const testAttemptAnswers = pgTable(
  'test_attempt_answers',
  {
    attempt_id: integer('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => testQuestions.id, { onDelete: 'cascade' }),
    selected_index: integer('selected_index').notNull(),
    /** Whether it was correct when submitted (the question may be edited later). */
    is_correct: boolean('is_correct').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attempt_id, t.question_id] }),
    check('test_attempt_answers_selected_index_range', sql`${t.selected_index} BETWEEN 0 AND 3`),
    index('test_attempt_answers_question_id_idx').on(t.question_id),
  ],
)

export { EVALUATION_ANSWERS, type EvaluationAnswer }
export const evaluationAnswerEnum = pgEnum('evaluation_answer', EVALUATION_ANSWERS)

/** A finished in-game evaluation. evaluator_name is kept as text so it survives the evaluator's user row. */
export const testEvaluations = pgTable(
  'test_evaluations',
  {
    id: idColumn(),
    test_id: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    evaluatee_member_id: integer('evaluatee_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    evaluator_user_id: integer('evaluator_user_id').references(() => users.id, { onDelete: 'set null' }),
    evaluator_name: text('evaluator_name').notNull(),
    /** Percent, by the live score rule (docs/rules/assessments.md, The live score). */
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    passed: boolean('passed').notNull(),
    notes: text('notes'),
    /** The "timestamp" of a completed evaluation. */
    created_at: createdAtColumn(),
  },
  (t) => [
    check('test_evaluations_score_percent', sql`${t.score} BETWEEN 0 AND 100`),
    index('test_evaluations_test_id_idx').on(t.test_id, t.created_at),
    index('test_evaluations_evaluatee_idx').on(t.evaluatee_member_id),
  ],
)

export const testEvaluationAnswers = pgTable(
  'test_evaluation_answers',
  {
    evaluation_id: integer('evaluation_id')
      .notNull()
      .references(() => testEvaluations.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => testEvaluationQuestions.id, { onDelete: 'cascade' }),
    answer: evaluationAnswerEnum('answer').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.evaluation_id, t.question_id] }),
    index('test_evaluation_answers_question_id_idx').on(t.question_id),
  ],
)

export const LIVE_SESSION_STATUSES = ['active', 'completed', 'cancelled'] as const
export type LiveSessionStatus = (typeof LIVE_SESSION_STATUSES)[number]
export const liveSessionStatusEnum = pgEnum('live_evaluation_status', LIVE_SESSION_STATUSES)

/** An evaluation in progress; its id (a uuid) is the sessionId in /admin/evaluations/{sessionId}. */
export const liveEvaluationSessions = pgTable(
  'live_evaluation_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    test_id: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    evaluatee_member_id: integer('evaluatee_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    evaluator_user_id: integer('evaluator_user_id').references(() => users.id, { onDelete: 'set null' }),
    evaluator_name: text('evaluator_name').notNull(),
    status: liveSessionStatusEnum('status').notNull().default('active'),
    /** The finished evaluation, once submitted. */
    evaluation_id: integer('evaluation_id').references(() => testEvaluations.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (t) => [
    // Two admins cannot evaluate the same member for the same test at once.
    uniqueIndex('live_evaluation_sessions_one_active')
      .on(t.test_id, t.evaluatee_member_id)
      .where(sql`${t.status} = 'active'`),
    index('live_evaluation_sessions_status_idx').on(t.status),
  ],
)

export const liveEvaluationAnswers = pgTable(
  'live_evaluation_answers',
  {
    session_id: uuid('session_id')
      .notNull()
      .references(() => liveEvaluationSessions.id, { onDelete: 'cascade' }),
    question_id: integer('question_id')
      .notNull()
      .references(() => testEvaluationQuestions.id, { onDelete: 'cascade' }),
    answer: evaluationAnswerEnum('answer').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.session_id, t.question_id] }),
    index('live_evaluation_answers_question_id_idx').on(t.question_id),
  ],
)

export type Test = typeof tests.$inferSelect
export type NewTest = typeof tests.$inferInsert
export type TestQuestion = typeof testQuestions.$inferSelect
export type NewTestQuestion = typeof testQuestions.$inferInsert
export type TestEvaluationQuestion = typeof testEvaluationQuestions.$inferSelect
export type NewTestEvaluationQuestion = typeof testEvaluationQuestions.$inferInsert
export type TestEligibility = typeof testEligibility.$inferSelect
export type NewTestEligibility = typeof testEligibility.$inferInsert
export type TestAttempt = typeof testAttempts.$inferSelect
export type NewTestAttempt = typeof testAttempts.$inferInsert
export type TestAttemptAnswer = typeof testAttemptAnswers.$inferSelect
export type NewTestAttemptAnswer = typeof testAttemptAnswers.$inferInsert
export type TestEvaluation = typeof testEvaluations.$inferSelect
export type NewTestEvaluation = typeof testEvaluations.$inferInsert
export type TestEvaluationAnswer = typeof testEvaluationAnswers.$inferSelect
export type NewTestEvaluationAnswer = typeof testEvaluationAnswers.$inferInsert
export type LiveEvaluationSession = typeof liveEvaluationSessions.$inferSelect
export type NewLiveEvaluationSession = typeof liveEvaluationSessions.$inferInsert
export type LiveEvaluationAnswer = typeof liveEvaluationAnswers.$inferSelect
export type NewLiveEvaluationAnswer = typeof liveEvaluationAnswers.$inferInsert
