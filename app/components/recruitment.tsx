import type { ReactNode } from 'react'
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
// alike: its status badge, the answers and its history (docs/rules/recruitment.md). A page in the person's language
// passes its texts in (`texts`); the others show English. The answers are the applicant's own words.

/** What the applicant's view of an application says (app/routes/account/applications-section.tsx passes its own). */
export interface MyApplicationTexts {
  /** "Application of 3 Dec 2026, 18:00": `date` is the date as the page shows it. */
  applicationOf: (date: ReactNode) => ReactNode
  status: (status: ApplicationStatus) => string
  /** "Reason: …" before the reason of a rejection, the word in `label`'s look. */
  reason: (reason: string, label: (chunks: ReactNode) => ReactNode) => ReactNode
  welcome: string
  leftRoster: string
  answers: string
  history: HistoryTexts
}

export interface HistoryTexts {
  label: string
  line: (entry: ApplicationHistoryEntry) => string
}

const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  submitted: 'info',
  reviewing: 'brand',
  interview: 'warning',
  accepted: 'success',
  rejected: 'danger',
  withdrawn: 'muted',
}

export function ApplicationStatusBadge({ status, label }: { status: ApplicationStatus; label?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-testid="application-status">
      {label ?? APPLICATION_STATUS_LABELS[status]}
    </Badge>
  )
}

/** The words an answer list writes itself (a yes/no answer, a question left blank); English when not given. */
export interface AnswerWords {
  yes: string
  no: string
  none: string
}

function answerIn(answer: StoredAnswer, words?: AnswerWords): string {
  if (!words) return answerText(answer)
  if (answer.value === null) return words.none
  if (typeof answer.value === 'boolean') return answer.value ? words.yes : words.no
  return String(answer.value)
}

export function AnswerList({ answers, words }: { answers: StoredAnswer[]; words?: AnswerWords }) {
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="application-answers">
      {answers.map((answer) => (
        <div key={answer.question_id} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-zinc-400">{answer.label}</dt>
          <dd className="break-words whitespace-pre-wrap text-zinc-100">{answerIn(answer, words)}</dd>
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

const ENGLISH_HISTORY: HistoryTexts = { label: 'History', line: historyLine }

export function HistoryList({
  history,
  texts = ENGLISH_HISTORY,
}: {
  history: ApplicationHistoryEntry[]
  texts?: HistoryTexts
}) {
  return (
    <ol className="flex flex-col gap-1.5 text-sm" aria-label={texts.label} data-testid="application-history">
      {history.map((entry, i) => (
        <li key={i} className="flex flex-wrap gap-x-2 text-zinc-300">
          <DateTime iso={entry.at} className="text-zinc-500" />
          <span>{texts.line(entry)}</span>
        </li>
      ))}
    </ol>
  )
}

const ENGLISH: MyApplicationTexts = {
  applicationOf: (date) => <>Application of {date}</>,
  status: (status) => APPLICATION_STATUS_LABELS[status],
  reason: (reason, label) => (
    <>
      {label('Reason: ')}
      {reason}
    </>
  ),
  welcome: 'Welcome aboard: you are on the roster as a BMT recruit.',
  leftRoster: 'You were accepted, and have since left the roster.',
  answers: 'Your answers',
  history: ENGLISH_HISTORY,
}

/** The applicant's own application: status, the rejection's reason, answers (folded) and history. */
export function MyApplication({
  application,
  actions,
  texts = ENGLISH,
}: {
  application: ApplicantApplication
  actions?: ReactNode
  texts?: MyApplicationTexts
}) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-zinc-800 p-3" data-testid="my-application">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-300">
          {texts.applicationOf(<DateTime iso={application.created_at} />)}
          <ApplicationStatusBadge status={application.status} label={texts.status(application.status)} />
        </p>
        {actions}
      </div>
      {application.status === 'rejected' && application.reason ? (
        <p
          className="rounded-md border border-red-500/30 bg-red-950/30 px-3 py-2 text-sm text-red-100"
          data-testid="rejection-reason"
        >
          {texts.reason(application.reason, (chunks) => (
            <span className="text-red-300">{chunks}</span>
          ))}
        </p>
      ) : null}
      {application.status === 'accepted' ? (
        application.member_id ? (
          <p className="text-sm text-emerald-300">{texts.welcome}</p>
        ) : (
          <p className="text-sm text-zinc-300" data-testid="left-roster">
            {texts.leftRoster}
          </p>
        )
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-400 hover:text-zinc-200">{texts.answers}</summary>
        <div className="mt-2">
          <AnswerList answers={application.answers} />
        </div>
      </details>
      <HistoryList history={application.history} texts={texts.history} />
    </article>
  )
}
