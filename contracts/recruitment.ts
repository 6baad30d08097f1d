import { z } from 'zod'
import { RICH_TEXT, richTextDepth } from './assessments.ts'
import { requiredText, text } from './fields.ts'
import { COOLDOWN_INVALID, isCooldownDays } from './settings.ts'

// Recruitment (docs/rules/recruitment.md): the unit's application form (its questions, open or closed, the
// rich-text introduction), an applicant's answers, the recruiters' pipeline (statuses, comments, an assignee, the
// history) and the texts people read, word for word.

export const QUESTION_KINDS = ['text', 'textarea', 'choice', 'yesno', 'number'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Short text',
  textarea: 'Long text',
  choice: 'Choice',
  yesno: 'Yes / no',
  number: 'Number',
}

/** An application's life: the three open statuses, then accepted, rejected (by a recruiter) or withdrawn (applicant). */
export const APPLICATION_STATUSES = [
  'submitted',
  'reviewing',
  'interview',
  'accepted',
  'rejected',
  'withdrawn',
] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
export const OPEN_STATUSES = ['submitted', 'reviewing', 'interview'] as const
/** What a recruiter may move an application to (withdrawing is the applicant's). */
export const RECRUITER_STATUSES = ['submitted', 'reviewing', 'interview', 'accepted', 'rejected'] as const

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  reviewing: 'Reviewing',
  interview: 'Interview',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
}

export const isOpenStatus = (status: ApplicationStatus) => (OPEN_STATUSES as readonly string[]).includes(status)

export const RECRUITMENT_LIMITS = {
  questions: 30,
  label: 200,
  options: 20,
  option: 100,
  closedMessage: 500,
  shortAnswer: 200,
  longAnswer: 4000,
  numberMax: 1_000_000,
  reason: 1000,
  comment: 2000,
} as const

/** Applications one Discord account may send in 24 hours (each one is posted to the recruiters' channel). */
export const APPLICATIONS_PER_DAY = 3

export const RECRUITMENT_MESSAGES = {
  applied: 'Application sent. The recruiters will be in touch.',
  withdrawn: 'Application withdrawn.',
  formSaved: 'Application form saved.',
  statusChanged: (status: ApplicationStatus) => `Application moved to ${APPLICATION_STATUS_LABELS[status]}.`,
  accepted: (name: string) => `Application accepted: ${name} is on the roster as BMT.`,
  commented: 'Comment added.',
  assigned: 'Assignee saved.',
  cooldownSaved: 'Recruitment settings saved.',
  closedDefault: 'Applications are closed at the moment.',
  loginRequired: 'Log in with Discord to apply.',
  alreadyMember: 'You are already a member of the unit.',
  banned: 'Banned members cannot apply.',
  openExists: 'You already have an open application.',
  tooManyToday: `You have sent ${APPLICATIONS_PER_DAY} applications in the last 24 hours. Please wait a day before applying again.`,
  cooldown: (day: string) => `You can apply again from ${day}.`,
  answerMissing: (label: string) => `Please answer "${label}".`,
  answerTooLong: (label: string, max: number) => `The answer to "${label}" is limited to ${max} characters.`,
  answerChoice: (label: string) => `Please pick one of the options for "${label}".`,
  answerYesNo: (label: string) => `Please answer yes or no to "${label}".`,
  answerNumber: (label: string) => `The answer to "${label}" must be a number.`,
  unknownQuestion: (id: string) => `There is no question ${id} on the form.`,
  answersObject: 'answers must be an object of question ids to answers.',
  notFound: 'Application not found.',
  notYours: 'You can only see and withdraw your own applications.',
  notOpen: (status: ApplicationStatus) =>
    `This application is already ${APPLICATION_STATUS_LABELS[status].toLowerCase()}.`,
  sameStatus: (status: ApplicationStatus) => `The application is already ${APPLICATION_STATUS_LABELS[status]}.`,
  reasonRequired: 'Please give a reason for the rejection: the applicant reads it.',
  reasonTooLong: `The reason is limited to ${RECRUITMENT_LIMITS.reason} characters.`,
  statusUnknown: `status must be one of: ${RECRUITER_STATUSES.join(', ')}.`,
  memberExists: (name: string) => `${name} is already on the roster with this Discord account.`,
  commentRequired: 'Please write a comment.',
  commentTooLong: `A comment is limited to ${RECRUITMENT_LIMITS.comment} characters.`,
  assigneeNotAdmin: 'The assignee must be an admin.',
  labelRequired: 'Every question needs a label.',
  labelTooLong: `A question's label is limited to ${RECRUITMENT_LIMITS.label} characters.`,
  optionsNeeded: 'A choice question needs at least two options.',
  optionsOnlyChoice: 'Only a choice question has options.',
  optionTooLong: `An option is limited to ${RECRUITMENT_LIMITS.option} characters.`,
  tooManyOptions: `A question has at most ${RECRUITMENT_LIMITS.options} options.`,
  tooManyQuestions: `The form has at most ${RECRUITMENT_LIMITS.questions} questions.`,
  duplicateQuestion: 'Two questions have the same id.',
  closedMessageTooLong: `The closed message is limited to ${RECRUITMENT_LIMITS.closedMessage} characters.`,
  introTooLong: `The introduction is limited to ${RICH_TEXT.maxLength.toLocaleString('en-US')} characters.`,
  introTooDeep: `The introduction nests too deeply (at most ${RICH_TEXT.maxDepth} levels).`,
  cooldownInvalid: COOLDOWN_INVALID,
  saveFailed: 'Could not save the application.',
  loadFailed: 'Could not load applications: An error occurred.',
} as const

/** The page forms' intents (/join, /account and /admin/recruitment tell their forms apart by them). */
export const RECRUITMENT_INTENTS = {
  apply: 'apply',
  withdraw: 'withdraw-application',
  saveForm: 'save-recruitment-form',
  saveCooldown: 'save-recruitment-cooldown',
  move: 'move-application',
  comment: 'comment-application',
  assign: 'assign-application',
} as const

// ---- the form ------------------------------------------------------------------------------------------------------

const QUESTION_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/

export const questionSchema = z
  .object({
    id: text()
      .regex(QUESTION_ID, 'A question id is 1 to 40 lowercase letters, digits, - or _.')
      .meta({ description: 'Stable id: answers are keyed by it. Left out in PUT: a new question gets one.' }),
    label: requiredText(
      RECRUITMENT_MESSAGES.labelRequired,
      RECRUITMENT_LIMITS.label,
      RECRUITMENT_MESSAGES.labelTooLong,
    ),
    kind: z.enum(QUESTION_KINDS, { error: `kind must be one of: ${QUESTION_KINDS.join(', ')}.` }),
    options: z
      .array(
        requiredText(RECRUITMENT_MESSAGES.optionsNeeded, RECRUITMENT_LIMITS.option, RECRUITMENT_MESSAGES.optionTooLong),
      )
      .max(RECRUITMENT_LIMITS.options, RECRUITMENT_MESSAGES.tooManyOptions)
      .meta({ description: 'The choices of a choice question; empty for the other kinds.' }),
    required: z.boolean(),
  })
  .meta({ id: 'RecruitmentQuestion' })
export type Question = z.output<typeof questionSchema>

/** GET /api/recruitment/form (anyone). */
export const recruitmentFormSchema = z
  .object({
    open: z.boolean(),
    closed_message: text().meta({ description: 'Shown on /join while applications are closed.' }),
    intro_html: text().meta({ description: 'The introduction, sanitised HTML.' }),
    questions: z.array(questionSchema),
  })
  .meta({ id: 'RecruitmentForm' })
export type RecruitmentForm = z.output<typeof recruitmentFormSchema>

/** PUT /api/recruitment/form (admin): the whole form, questions in their order. */
export const recruitmentFormInputSchema = z
  .object({
    open: z.boolean({ error: 'open must be true or false.' }),
    closed_message: text({ error: 'closed_message must be a string.' })
      .trim()
      .max(RECRUITMENT_LIMITS.closedMessage, RECRUITMENT_MESSAGES.closedMessageTooLong)
      .default(''),
    intro: text({ error: 'intro must be a string (rich text HTML).' })
      .max(RICH_TEXT.maxLength, RECRUITMENT_MESSAGES.introTooLong)
      .refine((html) => richTextDepth(html) <= RICH_TEXT.maxDepth, RECRUITMENT_MESSAGES.introTooDeep)
      .default('')
      .meta({ description: 'Rich text HTML, sanitised like a test question.' }),
    questions: z
      .array(
        questionSchema.extend({
          id: questionSchema.shape.id.optional(),
          options: questionSchema.shape.options.default([]),
          required: z.boolean({ error: 'required must be true or false.' }).default(false),
        }),
        { error: 'questions must be a list.' },
      )
      .max(RECRUITMENT_LIMITS.questions, RECRUITMENT_MESSAGES.tooManyQuestions),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>()
    input.questions.forEach((q, index) => {
      if (q.kind === 'choice' && q.options.length < 2)
        ctx.addIssue({
          code: 'custom',
          path: ['questions', index, 'options'],
          message: RECRUITMENT_MESSAGES.optionsNeeded,
        })
      if (q.kind !== 'choice' && q.options.length)
        ctx.addIssue({
          code: 'custom',
          path: ['questions', index, 'options'],
          message: RECRUITMENT_MESSAGES.optionsOnlyChoice,
        })
      if (q.id && seen.has(q.id))
        ctx.addIssue({
          code: 'custom',
          path: ['questions', index, 'id'],
          message: RECRUITMENT_MESSAGES.duplicateQuestion,
        })
      if (q.id) seen.add(q.id)
    })
  })
export type RecruitmentFormInput = z.output<typeof recruitmentFormInputSchema>

/** The setting recruitment_cooldown_days on /admin/recruitment. */
export const cooldownSchema = z.object({
  recruitment_cooldown_days: text({ error: RECRUITMENT_MESSAGES.cooldownInvalid })
    .trim()
    .refine(isCooldownDays, RECRUITMENT_MESSAGES.cooldownInvalid)
    .transform((v) => String(Number(v))),
})

// ---- answers -------------------------------------------------------------------------------------------------------

export type AnswerValue = string | number | boolean
export interface StoredAnswer {
  question_id: string
  label: string
  kind: QuestionKind
  value: AnswerValue | null
}

/** POST /api/applications: { answers: { [questionId]: value } } (checked against the form by checkAnswers). */
export const applyInputSchema = z.object({
  answers: z.record(text(), z.unknown(), { error: RECRUITMENT_MESSAGES.answersObject }).meta({
    description:
      'Question id to answer: a string for text, textarea and choice (one of the options), true/false for yesno, a number for number.',
  }),
})

/** A form post's text for a yes/no answer. */
const YES = new Set([true, 'yes', 'true', 'on', '1', 1])
const NO = new Set([false, 'no', 'false', '0', 0])

/**
 * The answers to the current questions, each by its kind; the first problem per question by its id. Unknown ids are
 * refused (a stale form names a question that is gone).
 */
export function checkAnswers(
  questions: readonly Question[],
  raw: Record<string, unknown>,
): { answers: StoredAnswer[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {}
  const known = new Set(questions.map((q) => q.id))
  for (const id of Object.keys(raw)) if (!known.has(id)) errors[id] = [RECRUITMENT_MESSAGES.unknownQuestion(id)]
  const answers: StoredAnswer[] = []
  for (const q of questions) {
    let value: unknown = raw[q.id]
    if (typeof value === 'string') value = value.trim()
    const empty = value === undefined || value === null || value === ''
    if (empty) {
      if (q.required) errors[q.id] = [RECRUITMENT_MESSAGES.answerMissing(q.label)]
      answers.push({ question_id: q.id, label: q.label, kind: q.kind, value: null })
      continue
    }
    const fail = (message: string) => (errors[q.id] = [message])
    let stored: AnswerValue | null = null
    if (q.kind === 'text' || q.kind === 'textarea') {
      const max = q.kind === 'text' ? RECRUITMENT_LIMITS.shortAnswer : RECRUITMENT_LIMITS.longAnswer
      if (typeof value !== 'string' || value.includes('\u0000')) fail(RECRUITMENT_MESSAGES.answerMissing(q.label))
      else if (value.length > max) fail(RECRUITMENT_MESSAGES.answerTooLong(q.label, max))
      else stored = value
    } else if (q.kind === 'choice') {
      if (typeof value !== 'string' || !q.options.includes(value)) fail(RECRUITMENT_MESSAGES.answerChoice(q.label))
      else stored = value
    } else if (q.kind === 'yesno') {
      if (YES.has(value as never)) stored = true
      else if (NO.has(value as never)) stored = false
      else fail(RECRUITMENT_MESSAGES.answerYesNo(q.label))
    } else {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d{1,7}(\.\d{1,4})?$/.test(value)
            ? Number(value)
            : NaN
      if (!Number.isFinite(number) || Math.abs(number) > RECRUITMENT_LIMITS.numberMax)
        fail(RECRUITMENT_MESSAGES.answerNumber(q.label))
      else stored = number
    }
    answers.push({ question_id: q.id, label: q.label, kind: q.kind, value: stored })
  }
  return { answers, errors }
}

/** How an answer reads on a page. */
export function answerText(answer: Pick<StoredAnswer, 'value'>): string {
  if (answer.value === null) return '(no answer)'
  if (typeof answer.value === 'boolean') return answer.value ? 'Yes' : 'No'
  return String(answer.value)
}

// ---- the pipeline --------------------------------------------------------------------------------------------------

export const applicationStatusInputSchema = z
  .object({
    status: z.enum(RECRUITER_STATUSES, { error: RECRUITMENT_MESSAGES.statusUnknown }),
    reason: text({ error: 'reason must be a string.' })
      .trim()
      .max(RECRUITMENT_LIMITS.reason, RECRUITMENT_MESSAGES.reasonTooLong)
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'rejected' && !input.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: RECRUITMENT_MESSAGES.reasonRequired })
  })
export type ApplicationStatusInput = z.output<typeof applicationStatusInputSchema>

export const commentInputSchema = z.object({
  text: requiredText(
    RECRUITMENT_MESSAGES.commentRequired,
    RECRUITMENT_LIMITS.comment,
    RECRUITMENT_MESSAGES.commentTooLong,
  ),
})

export const assignInputSchema = z.object({
  user_id: z
    .int({ error: 'user_id must be a user id or null.' })
    .min(1, 'user_id must be a user id or null.')
    .max(2_147_483_647, 'user_id must be a user id or null.')
    .nullable(),
})

export const applicationListQuerySchema = z.object({
  status: z
    .enum(APPLICATION_STATUSES, { error: `status must be one of: ${APPLICATION_STATUSES.join(', ')}.` })
    .optional(),
})

const instant = z.iso.datetime()

const answerSchema = z
  .object({
    question_id: text(),
    label: text().meta({ description: 'The question as it read when the applicant answered.' }),
    kind: z.enum(QUESTION_KINDS),
    value: z.union([text(), z.number(), z.boolean()]).nullable(),
  })
  .meta({ id: 'ApplicationAnswer' })

const historySchema = z
  .object({
    at: instant,
    kind: z.enum(['submitted', 'status', 'assigned', 'withdrawn']),
    from_status: z.enum(APPLICATION_STATUSES).nullable(),
    to_status: z.enum(APPLICATION_STATUSES).nullable(),
    by: text().nullable().meta({ description: 'Who made the change; null for the applicant’s own steps.' }),
    note: text().nullable(),
  })
  .meta({ id: 'ApplicationHistoryEntry' })
export type ApplicationHistoryEntry = z.output<typeof historySchema>

const commentSchema = z
  .object({ id: z.int(), author: text(), text: text(), created_at: instant })
  .meta({ id: 'ApplicationComment' })
export type ApplicationComment = z.output<typeof commentSchema>

const channelState = z.enum(['pending', 'sent', 'skipped', 'failed'])
const deliverySchema = z
  .object({
    status: z.enum(APPLICATION_STATUSES).meta({ description: 'The status the notice told of.' }),
    push: channelState,
    discord: channelState,
    discord_error: text().nullable().meta({ description: 'Why the Discord message did not go.' }),
  })
  .meta({ id: 'ApplicantNoticeDelivery' })
export type ApplicantNoticeDelivery = z.output<typeof deliverySchema>

/** What the applicant sees of their application (no recruiters' comments, no assignee). */
export const applicantApplicationSchema = z
  .object({
    id: z.int(),
    status: z.enum(APPLICATION_STATUSES),
    reason: text().nullable().meta({ description: 'Why it was rejected.' }),
    answers: z.array(answerSchema),
    member_id: z.int().nullable().meta({ description: 'The roster member an acceptance created.' }),
    created_at: instant,
    updated_at: instant,
    history: z.array(historySchema),
  })
  .meta({ id: 'ApplicantApplication' })
export type ApplicantApplication = z.output<typeof applicantApplicationSchema>

/** An application as recruiters see it. */
export const applicationSchema = applicantApplicationSchema
  .extend({
    applicant: z.object({
      user_id: z.int(),
      discord_id: text(),
      discord_name: text(),
      username: text(),
      account_created_at: instant.meta({ description: 'When the Discord account was made (from its snowflake id).' }),
      account_age_days: z.int(),
    }),
    assignee: z.object({ user_id: z.int(), name: text() }).nullable(),
    comments: z.array(commentSchema),
    member_name: text()
      .nullable()
      .meta({ description: 'The in-game name of the roster member an acceptance created (null once they left).' }),
    applicant_told: deliverySchema
      .nullable()
      .meta({ description: 'How the last status change reached the applicant; null before any.' }),
    discord_roles: z
      .object({
        state: z.enum(['given', 'pending']),
        error: text().nullable().meta({ description: "Discord's answer to the last try, while it keeps refusing." }),
      })
      .nullable()
      .meta({
        description: 'The accepted recruit’s Discord roles; null before an acceptance or once they left the roster.',
      }),
  })
  .meta({ id: 'Application' })
export type Application = z.output<typeof applicationSchema>

export const applicationListSchema = z.object({ applications: z.array(applicationSchema) })
export const applicantListSchema = z.object({ applications: z.array(applicantApplicationSchema) })
export const applicationAnswerSchema = z.object({ application: applicationSchema })
export const applicationOneSchema = z.object({
  application: z.union([applicationSchema, applicantApplicationSchema]),
})
export const applicationStatusAnswerSchema = z.object({
  application: applicationSchema,
  member_id: z.int().nullable().meta({ description: 'The new roster member, when the change was an acceptance.' }),
})
export const applyAnswerSchema = z.object({ id: z.int() })
export const commentAnswerSchema = z.object({ comment: commentSchema })
export const withdrawAnswerSchema = z.object({ application: applicantApplicationSchema })

/** When a Discord account was made: the top bits of its snowflake id are milliseconds since 2015. */
export function discordAccountCreated(discordId: string): Date {
  try {
    return new Date(Number((BigInt(discordId) >> 22n) + 1420070400000n))
  } catch {
    return new Date(1420070400000)
  }
}

/** The join page's data. */
export interface JoinPageData {
  form: RecruitmentForm
  /** Who is looking: anonymous, a member (their standing), or a logged-in non-member. */
  viewer:
    | { kind: 'anonymous' }
    | { kind: 'member'; name: string; rank: string; banned: boolean }
    | {
        kind: 'applicant'
        open: ApplicantApplication | null
        cooldownUntil: string | null
        last: ApplicantApplication | null
      }
}

/** The recruitment admin page's data. */
export interface RecruitmentAdminData {
  form: RecruitmentForm & { intro: string }
  cooldownDays: number
  applications: Application[]
  admins: Array<{ user_id: number; name: string }>
  loadError?: string
}
