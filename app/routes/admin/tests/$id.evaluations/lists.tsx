import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EVALUATION_MESSAGES, type CompletedEvaluation, type PassedMember } from '#contracts/evaluations.ts'
import { Badge, ResultBadge } from '#app/ui/badge.tsx'
import { buttonClass, smallButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { DeleteButton } from '#app/ui/delete-button.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { PostButton } from '#app/ui/post-button.tsx'
import { scoreText } from '../../evaluations/parts.tsx'

// The two columns of the Evaluations dialog: members awaiting their in-game evaluation, and the test's completed
// evaluations. Each list says whether it is empty because of the filter or because there is nothing yet.

export const EVALUATIONS_INTENTS = {
  start: 'start-evaluation',
  delete: 'delete-evaluation',
} as const

export function AwaitingList({ members, total }: { members: PassedMember[]; total: number }) {
  return (
    <Column
      title="Members Awaiting Evaluation"
      items={members}
      total={total}
      none={EVALUATION_MESSAGES.noneAwaiting}
      noMatch={EVALUATION_MESSAGES.noMembersMatch}
      render={(member) => (
        <li
          key={member.member_id}
          data-testid="awaiting-member"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2.5"
        >
          <div className="min-w-0">
            <p className="font-medium break-words text-zinc-100">{member.ingame_name}</p>
            <p className="text-xs text-zinc-400">
              {member.attempt_score === null
                ? 'Approved for the evaluation'
                : `Written test: ${Math.round(member.attempt_score)}%`}
            </p>
            {member.active_session_id ? (
              <p className="mt-1">
                <Badge tone="warning">Evaluation in progress</Badge>
              </p>
            ) : null}
          </div>
          {/* One control, the same with or without JavaScript: an evaluation under way is joined, never started again. */}
          {member.active_session_id ? (
            <Link
              to={`/admin/evaluations/${member.active_session_id}`}
              className={buttonClass('primary', 'xs')}
              aria-label={`Join the evaluation of ${member.ingame_name}`}
            >
              Join
            </Link>
          ) : (
            <PostButton
              formKey={`start-evaluation-${member.member_id}`}
              intent={EVALUATIONS_INTENTS.start}
              fields={{ evaluateeId: member.member_id }}
              label="Start Evaluation"
              className={buttonClass('primary', 'xs')}
              aria-label={`Start Evaluation of ${member.ingame_name}`}
            />
          )}
        </li>
      )}
    />
  )
}

export function CompletedList({ evaluations, total }: { evaluations: CompletedEvaluation[]; total: number }) {
  return (
    <Column
      title="Completed Evaluations"
      items={evaluations}
      total={total}
      none={EVALUATION_MESSAGES.noneRecorded}
      noMatch={EVALUATION_MESSAGES.noEvaluationsMatch}
      render={(evaluation) => (
        <li
          key={evaluation.id}
          data-testid="completed-evaluation"
          className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2.5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium break-words text-zinc-100">{evaluation.evaluatee_name}</p>
            <ResultBadge passed={evaluation.passed} score={scoreText(evaluation.score)} />
          </div>
          <p className="mt-1 text-xs text-zinc-400">
            By {evaluation.evaluator_name} on <DateTime iso={evaluation.timestamp} />
          </p>
          {evaluation.notes ? (
            <p className="mt-2 text-sm break-words whitespace-pre-line text-zinc-300">{evaluation.notes}</p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <Link
              to={`/admin/evaluations/view/${evaluation.id}`}
              className={smallButton}
              aria-label={`View the evaluation of ${evaluation.evaluatee_name}`}
            >
              View
            </Link>
            <DeleteButton
              intent={EVALUATIONS_INTENTS.delete}
              id={evaluation.id}
              confirm={EVALUATION_MESSAGES.confirmDelete}
              name={`the evaluation of ${evaluation.evaluatee_name}`}
            />
          </div>
        </li>
      )}
    />
  )
}

/** A titled list with its count, or the text for "nothing yet" or "nothing matches the filter". */
function Column<T>({
  title,
  items,
  total,
  none,
  noMatch,
  render,
}: {
  title: string
  items: T[]
  total: number
  none: string
  noMatch: string
  render: (item: T) => ReactNode
}) {
  const heading = `${title} (${items.length})`
  return (
    <section aria-label={heading} className="flex min-w-0 flex-col gap-3">
      <h3 className="font-semibold text-zinc-200">{heading}</h3>
      {items.length === 0 ? (
        <EmptyState>{total === 0 ? none : noMatch}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">{items.map(render)}</ul>
      )}
    </section>
  )
}
