import type { ReactNode } from 'react'
import {
  MEMBER_TEST_STATUS_LABELS,
  TEST_MESSAGES,
  type AttemptItem,
  type MemberTestStatusItem,
} from '#contracts/assessments.ts'
import { Badge, ResultBadge, type BadgeTone } from '#app/ui/badge.tsx'
import { buttonClass, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'
import { PostButton } from '#app/ui/post-button.tsx'

// The Manage Test dialog's results (docs/rules/assessments.md): per member the status for the test and what an admin
// may do from it: Approve ('Eligible to Approve'), Revoke ('Approved to Test'), and for an attempt its score with Allow
// Retake, or Approve Qual when a passed attempt of a test with an in-game evaluation has not granted the qualification
// yet. Show/Hide Incorrect Answers is a <details>, so it needs no JavaScript.

export const MANAGE_TEST_INTENTS = {
  approve: 'approve',
  revoke: 'revoke',
  retake: 'retake',
  approveQual: 'approve-qual',
} as const
const INTENTS = MANAGE_TEST_INTENTS

export interface MemberResult extends MemberTestStatusItem {
  attempt: AttemptItem | null
}

interface TestFacts {
  required_score: number
  requires_in_game_eval: boolean
}

const STATUS_TONE: Record<MemberTestStatusItem['status'], BadgeTone> = {
  ineligible: 'muted',
  eligible_for_approval: 'warning',
  approved: 'info',
  attempted: 'neutral',
}
const actionButton = buttonClass('secondary', 'xs')
const approveButton = buttonClass('primary', 'xs')

export function MemberResults({ results, test }: { results: MemberResult[]; test: TestFacts }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Members">
      {results.map((result) => (
        <MemberResultRow key={result.member_id} result={result} test={test} />
      ))}
    </ul>
  )
}

function MemberResultRow({ result, test }: { result: MemberResult; test: TestFacts }) {
  const { attempt } = result
  const nameId = `member-${result.member_id}-name`
  return (
    <li
      aria-labelledby={nameId}
      data-testid="member-result"
      className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-4 py-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p id={nameId} className="font-medium break-words text-zinc-100">
            {result.ingame_name}
          </p>
          <p className="text-xs text-zinc-400">
            Event score {result.score.toFixed(2)}
            {result.status === 'ineligible' ? ` · ${test.required_score} needed` : null}
          </p>
        </div>
        <Badge tone={STATUS_TONE[result.status]} data-testid="member-status">
          {MEMBER_TEST_STATUS_LABELS[result.status]}
        </Badge>
      </div>
      {attempt ? <AttemptLine attempt={attempt} /> : null}
      <Actions result={result} test={test} />
      {attempt ? <IncorrectAnswers attempt={attempt} /> : null}
    </li>
  )
}

function AttemptLine({ attempt }: { attempt: AttemptItem }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-zinc-300">
      <span>Score: {Math.round(attempt.score)}%</span>
      <ResultBadge passed={attempt.passed} />
      {attempt.has_qual ? <Badge tone="brand">QUALIFIED</Badge> : null}
    </p>
  )
}

function Actions({ result, test }: { result: MemberResult; test: TestFacts }) {
  const { attempt, member_id: memberId, ingame_name: name } = result
  if (result.status === 'eligible_for_approval') {
    return (
      <ActionRow>
        <PostButton
          formKey={`approve-${memberId}`}
          intent={INTENTS.approve}
          fields={{ memberId }}
          label="Approve"
          className={approveButton}
          aria-label={`Approve ${name}`}
        />
      </ActionRow>
    )
  }
  if (result.status === 'approved') {
    return (
      <ActionRow>
        <PostButton
          formKey={`revoke-${memberId}`}
          intent={INTENTS.revoke}
          fields={{ memberId }}
          label="Revoke"
          className={smallDangerButton}
          aria-label={`Revoke ${name}`}
        />
      </ActionRow>
    )
  }
  if (!attempt) return null
  // A passed attempt whose qualification waits for the in-game evaluation offers Approve Qual instead.
  if (attempt.passed && test.requires_in_game_eval && !attempt.has_qual) {
    return (
      <ActionRow>
        <PostButton
          formKey={`approve-qual-${attempt.id}`}
          intent={INTENTS.approveQual}
          fields={{ id: attempt.id }}
          label="Approve Qual"
          className={approveButton}
          aria-label={`Approve Qual for ${name}`}
        />
      </ActionRow>
    )
  }
  return (
    <ActionRow>
      <ConfirmButtonForm
        formKey={confirmKeyOf(INTENTS.retake, attempt.id)}
        intent={INTENTS.retake}
        fields={{ id: attempt.id }}
        confirm={TEST_MESSAGES.confirmRetake}
        label="Allow Retake"
        className={smallDangerButton}
        aria-label={`Allow Retake for ${name}`}
      />
    </ActionRow>
  )
}

function ActionRow({ children }: { children: ReactNode }) {
  return <div className="mt-3 flex flex-wrap gap-2">{children}</div>
}

function IncorrectAnswers({ attempt }: { attempt: AttemptItem }) {
  return (
    <details className="group mt-3">
      <summary className={`${actionButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <span className="group-open:hidden">Show Incorrect Answers</span>
        <span className="hidden group-open:inline">Hide Incorrect Answers</span>
      </summary>
      {attempt.incorrectQuestions.length === 0 ? (
        <p className="mt-3 text-sm text-emerald-300">{TEST_MESSAGES.allCorrect}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3" aria-label="Incorrect answers">
          {attempt.incorrectQuestions.map((q) => (
            <li key={q.id} className="rounded-md border border-zinc-800 bg-zinc-900 px-3 py-2 text-sm">
              <p className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">Question {q.questionNumber}</p>
              {/* Sanitised on write (server/rich-text.ts); rendered only from what was stored. */}
              <div
                className="mt-1 break-words text-zinc-100 [&_img]:max-h-40 [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
                dangerouslySetInnerHTML={{ __html: q.questionText }}
              />
              <p className="mt-2 text-red-300">
                <span className="text-zinc-400">Their answer: </span>
                {q.userAnswer}
              </p>
              <p className="text-emerald-300">
                <span className="text-zinc-400">Correct answer: </span>
                {q.correctAnswer}
              </p>
            </li>
          ))}
        </ol>
      )}
    </details>
  )
}
