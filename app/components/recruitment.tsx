import {
  answerText,
  APPLICATION_STATUS_LABELS,
  type ApplicantApplication,
  type ApplicationHistoryEntry,
  type ApplicationStatus,
  type StoredAnswer,
} from '#contracts/recruitment.ts'
import { Badge, type BadgeTone } from '#app/ui/badge.tsx'
import { DateTime } from '#app/ui/date-time.tsx'

// Pieces of an application that the applicant (on /join and /account) and the recruiters (/admin/recruitment) read
// alike: its status badge, the answers and its history (docs/rules/recruitment.md).

const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  submitted: 'info',
  reviewing: 'brand',
  interview: 'warning',
  accepted: 'success',
  rejected: 'danger',
  withdrawn: 'muted',
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-testid="application-status">
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  )
}

export function AnswerList({ answers }: { answers: StoredAnswer[] }) {
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="application-answers">
      {answers.map((answer) => (
        <div key={answer.question_id} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-zinc-400">{answer.label}</dt>
          <dd className="break-words whitespace-pre-wrap text-zinc-100">{answerText(answer)}</dd>
        </div>
      ))}
    </dl>
  )
}

function historyLine(entry: ApplicationHistoryEntry): string {
  if (entry.kind === 'submitted') return 'Submitted'
  if (entry.kind === 'withdrawn') return 'Withdrawn by the applicant'
  if (entry.kind === 'assigned') return `Assigned to ${entry.note ?? 'nobody'}${entry.by ? ` by ${entry.by}` : ''}`
  const to = entry.to_status ? APPLICATION_STATUS_LABELS[entry.to_status] : ''
  return `Moved to ${to}${entry.by ? ` by ${entry.by}` : ''}`
}

export function HistoryList({ history }: { history: ApplicationHistoryEntry[] }) {
  return (
    <ol className="flex flex-col gap-1.5 text-sm" aria-label="History" data-testid="application-history">
      {history.map((entry, i) => (
        <li key={i} className="flex flex-wrap gap-x-2 text-zinc-300">
          <DateTime iso={entry.at} className="text-zinc-500" />
          <span>{historyLine(entry)}</span>
        </li>
      ))}
    </ol>
  )
}

/** The applicant's own application: status, the rejection's reason, answers (folded) and history. */
export function MyApplication({
  application,
  actions,
}: {
  application: ApplicantApplication
  actions?: React.ReactNode
}) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-zinc-800 p-3" data-testid="my-application">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-300">
          Application of <DateTime iso={application.created_at} />
          <ApplicationStatusBadge status={application.status} />
        </p>
        {actions}
      </div>
      {application.status === 'rejected' && application.reason ? (
        <p
          className="rounded-md border border-red-500/30 bg-red-950/30 px-3 py-2 text-sm text-red-100"
          data-testid="rejection-reason"
        >
          <span className="text-red-300">Reason: </span>
          {application.reason}
        </p>
      ) : null}
      {application.status === 'accepted' ? (
        application.member_id ? (
          <p className="text-sm text-emerald-300">Welcome aboard: you are on the roster as a BMT recruit.</p>
        ) : (
          <p className="text-sm text-zinc-300" data-testid="left-roster">
            You were accepted, and have since left the roster.
          </p>
        )
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-400 hover:text-zinc-200">Your answers</summary>
        <div className="mt-2">
          <AnswerList answers={application.answers} />
        </div>
      </details>
      <HistoryList history={application.history} />
    </article>
  )
}
