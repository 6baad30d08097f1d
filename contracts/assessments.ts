import { z } from 'zod'
import { idInput, MAX_INT, numberInput, requiredText, text } from './fields.ts'
import { TEST_ERRORS, TEST_MESSAGES } from './assessment-messages.ts'

// Qualification tests as both sides see them (docs/rules/assessments.md): the zod schema of every /api body and of the
// admin test editor form (the same objects the page actions and conform forms parse with), the texts people read word
// for word, and the JSON of every answer. The in-game evaluation half is in ./evaluations.ts.

// ---- texts -----------------------------------------------------------------------------------------------------------

// Apart in ./test-messages.ts, so that the public tests page does not load zod with them.
export { passingScoreLine, TEST_ERRORS, TEST_MESSAGES, testSubmittedMessage } from './assessment-messages.ts'

// ---- member status and badges (docs/rules/assessments.md) -------------------------------------------------------------

export const MEMBER_TEST_STATUSES = ['ineligible', 'eligible_for_approval', 'approved', 'attempted'] as const
export type MemberTestStatus = (typeof MEMBER_TEST_STATUSES)[number]

/** How the Manage Test modal shows each status. */
export const MEMBER_TEST_STATUS_LABELS: Record<MemberTestStatus, string> = {
  ineligible: 'Ineligible',
  eligible_for_approval: 'Eligible to Approve',
  approved: 'Approved to Test',
  attempted: 'Attempted',
}

/** A signed-in member's badge on a test card, in priority order (docs/rules/assessments.md, The tests page). */
export const TEST_BADGES = [
  'QUALIFIED',
  'PASSED',
  'FAILED',
  'APPROVED TO TEST',
  'NEEDS APPROVAL',
  'Ineligible',
] as const
export type TestBadge = (typeof TEST_BADGES)[number]

export function testBadge(facts: {
  has_qual: boolean
  attempt: { passed: boolean } | null
  is_eligible: boolean
  meets_required_score: boolean
}): TestBadge {
  if (facts.has_qual) return 'QUALIFIED'
  if (facts.attempt) return facts.attempt.passed ? 'PASSED' : 'FAILED'
  if (facts.is_eligible) return 'APPROVED TO TEST'
  if (facts.meets_required_score) return 'NEEDS APPROVAL'
  return 'Ineligible'
}

/** Percent of correct answers needed: passing_questions of total_questions (100 with no questions). */
export function passingScoreOf(passingQuestions: number, totalQuestions: number): number {
  if (totalQuestions <= 0) return 100
  return Math.round(Math.min(100, (passingQuestions / totalQuestions) * 100) * 100) / 100
}

// ---- rich text (docs/rules/assessments.md, Rich text and images) ------------------------------------------------------

/**
 * What the written-question editor may produce, and so what the server keeps (server/rich-text.ts sanitises every
 * question_text with this allow-list on write). The editor (tiptap 3) is configured from the same constants.
 */
export const RICH_TEXT = {
  headingLevels: [1, 2, 3],
  /** text-align values; left is the default and needs no style. */
  alignments: ['left', 'center', 'right', 'justify'],
  fontFamilies: ['serif', 'monospace'],
  /** The three sizes and the CSS each one writes (normal size writes none). */
  fontSizes: { small: '0.75em', large: '1.5em', huge: '2.5em' },
  /** Indent steps (plus or minus 1) as a left margin of stepEm per level, at most maxLevel levels. */
  indent: { stepEm: 3, maxLevel: 8 },
  /** Undo history: edits within groupMs are one step; at most depth steps. */
  history: { groupMs: 1000, depth: 100 },
  /** Link and image address schemes; others become blank. Addresses without a scheme (our own /api/...) are kept. */
  urlSchemes: ['http:', 'https:', 'mailto:', 'tel:'],
  /** The longest question text, as sent and as stored. */
  maxLength: 20_000,
  /** The deepest nesting of elements a question may have; the editor never makes more than about 20. */
  maxDepth: 64,
} as const

/** Elements that never hold others, so they open no level of nesting. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

/**
 * How deeply the elements of an HTML fragment nest, by one pass over its tags (no parser, no recursion). As in the
 * browser's parser, an end tag closes the innermost open element of its name and those inside it, and an end tag with
 * no open element of its name closes nothing (`<em></x>` repeated nests as deep as `<em>` repeated). An element left
 * open counts as open to the end, so the answer is never below what a browser would build.
 */
export function richTextDepth(html: string): number {
  const open: string[] = []
  let deepest = 0
  for (const tag of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/g)) {
    const name = tag[2]!.toLowerCase()
    if (tag[1]) {
      const at = open.lastIndexOf(name)
      if (at >= 0) open.length = at
    } else if (!VOID_ELEMENTS.has(name) && !tag[0].endsWith('/>')) {
      open.push(name)
      deepest = Math.max(deepest, open.length)
    }
  }
  return deepest
}

/** The 35 preset colours of the editor's palette (text and highlight). */
export const COLOR_PALETTE = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
] as const

/** Image uploads of the editor: the accepted types (checked by the file's bytes on the server) and the size cap. */
export const TEST_IMAGES = {
  contentTypes: ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'],
  /** The <input type="file"> accept list. */
  accept: 'image/png,image/gif,image/jpeg,image/bmp,image/x-icon',
  maxBytes: 1_000_000,
  /** POST a multipart form with the file in this field (or the raw bytes as the body). */
  field: 'image',
} as const

/**
 * True for an address a link or an image may use: http, https, mailto or tel, or one without a scheme (a path on this
 * site). Whitespace and control characters are ignored the way browsers ignore them ("java\tscript:" is javascript:).
 */
export function isSafeAddress(address: string): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = address.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)
  if (scheme) return (RICH_TEXT.urlSchemes as readonly string[]).includes(`${scheme[1]!.toLowerCase()}:`)
  // No scheme: a relative address, unless a backslash or encoded colon tries to smuggle one in.
  return !/[\\]|&#|%3a/i.test(compact)
}

/** Where uploaded question images are served: the only address on this site an image may have. */
export const UPLOADED_IMAGE_PATH = '/api/tests/images/'
/** An uploaded image's name: the SHA-256 of its bytes and the extension of its type (server/assessments/images.ts). */
export const UPLOADED_IMAGE_NAME = /^[0-9a-f]{64}\.(png|gif|jpg|bmp|ico)$/

/**
 * An image address: an absolute http(s) URL, or an image uploaded to this app. Nothing relative: a browser loads an
 * image without asking, so `/auth/logout` or any other path of the app as an "image" would run with the viewer's
 * cookies.
 */
export function isSafeImageAddress(address: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(address)) return false
  if (address.startsWith(UPLOADED_IMAGE_PATH))
    return UPLOADED_IMAGE_NAME.test(address.slice(UPLOADED_IMAGE_PATH.length))
  return /^https?:\/\/[^/?#@]+/i.test(address)
}

/** True when rich text shows something: text other than whitespace, or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/g, '').length > 0
}

// ---- schemas ----------------------------------------------------------------------------------------------------------

/** An optional text field: absent, null, '' and whitespace become null. */
const nullableText = (max: number, tooLong: string) =>
  text()
    .nullable()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong)

const cents = (v: number) => Math.round(v * 100) / 100
/** Points and scores: 0 or more, two decimals. */
const points = (message: string, max: number) =>
  numberInput(message).pipe(z.number().min(0, message).max(max, message)).transform(cents)
/** A whole number from `min` to `max` (one message for every way to miss). */
const wholeNumber = (message: string, min: number, max: number) =>
  numberInput(message, { integer: true }).pipe(z.number().min(min, message).max(max, message))

/** The id of an existing row being edited in place; absent for a new one. */
const existingId = idInput('Ids must be whole numbers.')
  .nullable()
  .optional()
  .transform((v) => v ?? null)

/** A checkbox: 'on' from a form, a boolean from JSON; absent is false. */
const checkbox = z
  .union([z.boolean(), z.literal(['on', 'true', 'false', '1', '0', '']), z.null()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1')

export const TEST_FIELD_MESSAGES = {
  nameRequired: 'Test name is required.',
  nameTooLong: 'Test names are limited to 200 characters.',
  qualificationRequired: 'Please choose a qualification.',
  requiredScore: 'The required score must be a number of 0 or more.',
  passingQuestionsMin: 'Required correct answers must be a whole number of at least 1.',
  passingQuestionsMax: (max: number) =>
    `Required correct answers cannot be more than the number of questions (${max}).`,
  evalPassingScore: 'The evaluation passing score must be a whole number from 0 to 100.',
  questionTextRequired: 'Every question needs text.',
  questionTextTooLong: 'Question text is limited to 20,000 characters.',
  questionTextTooDeep: 'Question text is nested too deeply: at most 64 levels of formatting.',
  imageUrl: 'The image address must start with http:// or https:// (or be an image uploaded here).',
  imageUrlTooLong: 'The image address is limited to 2,000 characters.',
  optionRequired: 'Every option needs text.',
  optionTooLong: 'Options are limited to 500 characters.',
  optionsCount: 'Every question needs four options.',
  correctAnswer: 'The correct answer must be option 1, 2, 3 or 4.',
  tooManyQuestions: 'A test is limited to 200 questions.',
  nothingToTake:
    'A test needs at least one written question, or an in-game evaluation checklist when it has no written part.',
  checklistTextRequired: 'Every checklist item needs text.',
  checklistTextTooLong: 'Checklist items are limited to 500 characters.',
  sectionTooLong: 'Section names are limited to 100 characters.',
  points: 'Points must be a number of 0 or more.',
  tooManyItems: 'A checklist is limited to 300 items.',
  testId: 'Please choose a test.',
  memberId: 'Please choose a member.',
} as const
const F = TEST_FIELD_MESSAGES

/** Number of options every written question has. */
export const OPTIONS_PER_QUESTION = 4
export const UNCATEGORIZED_SECTION = 'Uncategorized'

const writtenQuestionSchema = z.object({
  id: existingId,
  /** Rich-text HTML; sanitised by the server on write. */
  question_text: requiredText(F.questionTextRequired, RICH_TEXT.maxLength, F.questionTextTooLong)
    .refine((html) => richTextDepth(html) <= RICH_TEXT.maxDepth, { error: F.questionTextTooDeep, abort: true })
    .refine(hasVisibleContent, F.questionTextRequired),
  image_url: nullableText(2000, F.imageUrlTooLong).refine((v) => v === null || isSafeImageAddress(v), F.imageUrl),
  options: z
    .array(requiredText(F.optionRequired, 500, F.optionTooLong), { error: F.optionsCount })
    .length(OPTIONS_PER_QUESTION, F.optionsCount),
  correct_answer_index: wholeNumber(F.correctAnswer, 0, OPTIONS_PER_QUESTION - 1).default(0),
})
export type WrittenQuestionInput = z.output<typeof writtenQuestionSchema>

/** A checklist item of the in-game evaluation; items without a section go to Uncategorized. */
const evaluationQuestionSchema = z.object({
  id: existingId,
  text: requiredText(F.checklistTextRequired, 500, F.checklistTextTooLong),
  pos_score: points(F.points, 10_000).default(1),
  neg_score: points(F.points, 10_000).default(0),
  section: nullableText(100, F.sectionTooLong).transform((v) => v ?? UNCATEGORIZED_SECTION),
})
export type EvaluationQuestionInput = z.output<typeof evaluationQuestionSchema>

const evaluationQuestionList = z
  .array(evaluationQuestionSchema, { error: 'The checklist must be a list of items.' })
  .max(300, F.tooManyItems)

/**
 * The test editor form and the body of POST /api/tests and PUT /api/tests/{id} (the editor's save payload). Questions
 * and checklist items carry their id when they already exist, so edits keep past attempts' answers.
 */
export const testFormSchema = z
  .object({
    name: requiredText(F.nameRequired, 200, F.nameTooLong),
    qualification_id: idInput(F.qualificationRequired),
    required_score: points(F.requiredScore, 99_999_999).default(0),
    passing_questions: wholeNumber(F.passingQuestionsMin, 1, MAX_INT).default(1),
    requires_in_game_eval: checkbox,
    eval_passing_score: wholeNumber(F.evalPassingScore, 0, 100).default(80),
    questions: z
      .array(writtenQuestionSchema, { error: 'Questions must be a list.' })
      .max(200, F.tooManyQuestions)
      .default([]),
    evaluation_questions: evaluationQuestionList.default([]),
  })
  .superRefine((test, ctx) => {
    // Something to take: written questions, or, for a test that is only an in-game evaluation, its checklist.
    if (!hasSomethingToTake(test)) ctx.addIssue({ code: 'custom', path: ['questions'], message: F.nothingToTake })
    const max = Math.max(1, test.questions.length)
    if (test.passing_questions > max)
      ctx.addIssue({ code: 'custom', path: ['passing_questions'], message: F.passingQuestionsMax(max) })
  })
export type TestInput = z.output<typeof testFormSchema>

/**
 * Whether a test can be taken at all (docs/rules/assessments.md, A test): a written question, or an in-game evaluation
 * with at least one checklist item when there is no written part.
 */
export function hasSomethingToTake(test: {
  questions: readonly unknown[]
  requires_in_game_eval: boolean
  evaluation_questions: readonly unknown[]
}): boolean {
  return test.questions.length > 0 || (test.requires_in_game_eval && test.evaluation_questions.length > 0)
}

/** PUT /api/admin/tests/{id}/evaluation-questions. */
export const evaluationChecklistSchema = z.object({ questions: evaluationQuestionList })

/** The `{change}` of POST /api/tests/eligibility/{change}. */
export const eligibilityChangeSchema = z.enum(['grant', 'revoke'])

/** POST /api/tests/eligibility/grant and /revoke. */
export const eligibilitySchema = z.object({
  testId: idInput(F.testId),
  memberId: idInput(F.memberId),
})

/**
 * POST /api/tests/{id}/submit: the chosen option per question id. A form posts `answers.{questionId}` fields, which
 * conform turns into the same object.
 */
export const submitTestSchema = z.object({
  answers: z.record(
    text().regex(/^[1-9]\d{0,9}$/, TEST_ERRORS.unknownQuestion),
    wholeNumber(TEST_MESSAGES.answerAll, 0, OPTIONS_PER_QUESTION - 1),
    { error: TEST_MESSAGES.answerAll },
  ),
})

// ---- answers (JSON) ---------------------------------------------------------------------------------------------------

/** GET /api/tests/public: what anyone sees on a test card. */
export interface PublicTestItem {
  id: number
  uuid: string
  name: string
  qualification_id: number
  qualification_name: string
  /** Event score needed before an admin may approve a member for the test. */
  required_score: number
  passing_questions: number
  total_questions: number
  /** Percent: passing_questions of total_questions. */
  passing_score: number
  requires_in_game_eval: boolean
  eval_passing_score: number
}

/** GET /api/tests: the cards with the signed-in member's standing. */
export interface MemberTestItem extends PublicTestItem {
  has_qual: boolean
  is_eligible: boolean
  attempt: { uuid: string; passed: boolean } | null
  /** The member's event score is at least required_score. */
  meets_required_score: boolean
  status: TestBadge
}

interface AdminWrittenQuestion {
  id: number
  question_text: string
  image_url: string | null
  options: string[]
  correct_answer_index: number
}

export interface EvaluationChecklistItem {
  id: number
  text: string
  pos_score: number
  neg_score: number
  section: string
}

/** GET /api/tests/{id} (admin): the editor's test; also the answer of POST and PUT. */
export interface AdminTest extends PublicTestItem {
  questions: AdminWrittenQuestion[]
  evaluation_questions: EvaluationChecklistItem[]
}

/** A question as the member taking the test sees it: never the correct answer. */
export interface TakeQuestion {
  id: number
  question_text: string
  image_url: string | null
  options: string[]
}

/** GET /api/tests/{uuid}/take. */
export interface TestForTaking {
  id: number
  uuid: string
  name: string
  passing_score: number
  passing_questions: number
  total_questions: number
  questions: TakeQuestion[]
}

/** POST /api/tests/{id}/submit. */
export interface TestSubmitResult {
  score: number
  passed: boolean
  attemptUuid: string
  /** 'Test submitted! You scored N%. You have passed/failed.' */
  message: string
  /** The qualification granted by this submit (a pass of a test without in-game evaluation). */
  qualificationGranted: string | null
}

export interface ResultQuestion extends TakeQuestion {
  /** Whether the member's answer was right when they submitted. */
  is_correct: boolean
  /** Only when the attempt passed (docs/rules/assessments.md, Results). */
  correct_answer_index?: number
}

/** GET /api/tests/attempt/{uuid}/result: for the member who made the attempt, or an admin. */
export interface TestResult {
  testName: string
  passed: boolean
  score: number
  questions: ResultQuestion[]
  /** Question id -> the chosen option index. */
  userAnswers: Record<string, number>
}

interface IncorrectQuestion {
  id: number
  questionNumber: number
  questionText: string
  userAnswer: string
  correctAnswer: string
}

export interface AttemptItem {
  id: number
  uuid: string
  member_id: number
  ingame_name: string
  score: number
  passed: boolean
  has_qual: boolean
  created_at: string
  incorrectQuestions: IncorrectQuestion[]
}

export interface MemberTestStatusItem {
  member_id: number
  ingame_name: string
  /** Event score, two decimals. */
  score: number
  status: MemberTestStatus
}

/** GET /api/tests/{id}/attempts (admin). */
export interface AttemptsResponse {
  attempts: AttemptItem[]
  memberStatusList: MemberTestStatusItem[]
  requiredScore: number
}

/** POST /api/admin/tests/images. */
export interface UploadedImage {
  url: string
  contentType: string
  bytes: number
}

/** The answer of an admin call that changes something. */
export interface MessageAnswer {
  message: string
}
