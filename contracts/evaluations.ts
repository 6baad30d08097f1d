import { z } from 'zod'
import { idInput, text } from './fields.ts'
import type { EvaluationChecklistItem } from './assessments.ts'

// Live in-game evaluations as both sides see them (docs/rules/assessments.md, Live in-game evaluations).

/** The evaluation pages' texts, word for word. */
export const EVALUATION_MESSAGES = {
  filterPlaceholder: 'Filter members by name...',
  noMembersMatch: 'No members match your filter.',
  noneAwaiting: 'No members are currently awaiting evaluation.',
  noEvaluationsMatch: 'No evaluations match your filter.',
  noneRecorded: 'No evaluations recorded for this test yet.',
  confirmDelete: 'Are you sure you want to permanently delete this evaluation? This action cannot be undone.',
  sessionNotFound: 'Evaluation session not found or already completed.',
  saveAnswerFailed: 'Failed to save answer. Re-syncing with server.',
  submitFailed: 'Failed to submit evaluation.',
  loadFailed: 'Could not load session.',
  submitted: 'Evaluation submitted successfully!',
  noNotes: 'No notes were provided.',
} as const

/** The server's own refusals, in sentences an admin can act on. */
export const EVALUATION_ERRORS = {
  evaluationNotFound: 'Evaluation not found.',
  noInGameEvaluation: 'This test has no in-game evaluation.',
  emptyChecklist: 'Add evaluation checklist items before starting an evaluation.',
  notPassed: (name: string) => `${name} has not passed the written test.`,
  notApproved: (name: string) => `${name} is not approved for this test.`,
  alreadyQualified: (name: string, qualification: string) => `${name} already holds ${qualification}.`,
  bannedMember: 'Banned members cannot be evaluated.',
  questionNotInTest: 'That checklist item is not part of this evaluation.',
} as const

/** The live page polls this often (when it has no live stream), and staggers submit toasts. */
export const LIVE_POLL_MS = 3000
export const SUBMIT_TOAST_STAGGER_MS = 500

export const EVALUATION_ANSWERS = ['pass', 'fail', 'na'] as const
export type EvaluationAnswer = (typeof EVALUATION_ANSWERS)[number]

// ---- the live score (docs/rules/assessments.md, The live score) -------------------------------------------------------

interface LiveScore {
  /** Percent, two decimals. */
  score: number
  passing: boolean
}

/**
 * maximum = sum of pos_score over questions not marked na; earned = pos_score per pass minus neg_score per fail;
 * score = max(0, earned / maximum * 100), or 100 when the maximum is 0; passing when at least evalPassingScore.
 * Unanswered questions count toward the maximum and earn nothing.
 */
export function liveScore(
  questions: ReadonlyArray<Pick<EvaluationChecklistItem, 'id' | 'pos_score' | 'neg_score'>>,
  answers: Readonly<Record<string, EvaluationAnswer | undefined>>,
  evalPassingScore: number,
): LiveScore {
  let maximum = 0
  let earned = 0
  for (const q of questions) {
    const answer = answers[String(q.id)]
    if (answer === 'na') continue
    maximum += q.pos_score
    if (answer === 'pass') earned += q.pos_score
    else if (answer === 'fail') earned -= q.neg_score
  }
  const raw = maximum === 0 ? 100 : Math.max(0, (earned / maximum) * 100)
  const score = Math.round(raw * 100) / 100
  return { score, passing: score >= evalPassingScore }
}

// ---- schemas ----------------------------------------------------------------------------------------------------------

/** POST /api/admin/evaluations/start. */
export const startEvaluationSchema = z.object({
  testId: idInput('Please choose a test.'),
  evaluateeId: idInput('Please choose a member to evaluate.'),
})

/** POST /api/admin/evaluations/live/{sessionId}/answer. */
export const evaluationAnswerSchema = z.object({
  questionId: idInput('Please choose a checklist item.'),
  answer: z.enum(EVALUATION_ANSWERS, { error: 'The answer must be pass, fail or na.' }),
})

/** POST /api/admin/evaluations/live/{sessionId}/submit: the Final Notes. */
export const submitEvaluationSchema = z.object({
  notes: text()
    .nullable()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= 5000, 'Notes are limited to 5,000 characters.'),
})

// ---- answers (JSON) ---------------------------------------------------------------------------------------------------

/** GET /api/admin/tests/{id}/passed-members: passed the written test, awaiting the in-game evaluation. */
export interface PassedMember {
  member_id: number
  ingame_name: string
  /** The passed written attempt; null for a test without a written part (the member was approved for it). */
  attempt_uuid: string | null
  attempt_score: number | null
  passed_at: string | null
  /** An evaluation of this member for this test already under way (join it rather than start another). */
  active_session_id: string | null
}

/** GET /api/admin/evaluations/{testId}: the test's completed evaluations, newest first. */
export interface CompletedEvaluation {
  id: number
  evaluatee_id: number
  evaluatee_name: string
  evaluator_name: string
  passed: boolean
  score: number
  timestamp: string
  notes: string | null
}

/** GET /api/admin/evaluations/live/active. */
export interface ActiveLiveEvaluation {
  sessionId: string
  testId: number
  testName: string
  evaluateeName: string
  evaluatorName: string
  startedAt: string
}

/** GET /api/admin/evaluations/live/{sessionId}; also the answer of .../answer and each live stream event. */
export interface LiveSession extends LiveScore {
  sessionId: string
  test: { id: number; name: string; eval_passing_score: number }
  evaluatee: { id: number; ingame_name: string }
  evaluator: { username: string }
  questions: EvaluationChecklistItem[]
  /** Question id -> pass, fail or na (unanswered questions are absent). */
  answers: Record<string, EvaluationAnswer>
}

/** POST /api/admin/evaluations/start. */
export interface StartedEvaluation {
  sessionId: string
  /** True when an evaluation of this member for this test was already under way and this is it. */
  resumed: boolean
}

export interface ServerMessage {
  text: string
  type: 'success' | 'info' | 'warning' | 'error'
}

/** POST /api/admin/evaluations/live/{sessionId}/submit: toasts shown SUBMIT_TOAST_STAGGER_MS apart. */
export interface EvaluationSubmitResult {
  messages: ServerMessage[]
  evaluationId: number
}

/** GET /api/admin/evaluations/details/{id}. */
export interface EvaluationDetails {
  id: number
  testId: number
  testName: string
  evaluatorName: string
  evaluateeName: string
  passed: boolean
  score: number
  notes: string | null
  timestamp: string
  questions: EvaluationChecklistItem[]
  answers: Record<string, EvaluationAnswer>
}
