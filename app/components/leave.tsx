import type { ReactNode } from 'react'
import { LEAVE_PHASE_LABELS, type LeaveItem, type LeavePhase } from '#contracts/leave.ts'
import { Badge, type BadgeTone } from '#app/ui/badge.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { useDayFormat } from '#app/components/roster/ui.tsx'

// A leave of absence as the account page and the roster admin's Leave tab show it (docs/rules/personnel.md). The
// account page passes its texts in, in the person's language; the Leave tab shows English.

const PHASE_TONES: Record<LeavePhase, BadgeTone> = {
  pending: 'warning',
  upcoming: 'success',
  active: 'info',
  over: 'muted',
  ended_early: 'muted',
  denied: 'danger',
  withdrawn: 'muted',
}

/** Where a leave stands today: Pending, Approved, On leave, Over, Ended early, Denied, Withdrawn. */
export function LeavePhaseBadge({ phase, label }: { phase: LeavePhase; label?: string }) {
  const english = LEAVE_PHASE_LABELS[phase]
  return (
    <Badge tone={PHASE_TONES[phase]} data-testid="leave-phase">
      {label ?? english.charAt(0).toUpperCase() + english.slice(1)}
    </Badge>
  )
}

/** "Dec 3, 2026 – Dec 14, 2026 (12 days)": the days as the page's language writes them; `days` says "12 days" in it. */
export function LeaveDates({
  leave,
  days,
}: {
  leave: Pick<LeaveItem, 'start_date' | 'end_date' | 'days'>
  days?: string
}) {
  const day = useDayFormat()
  return (
    <span>
      <span className="whitespace-nowrap">{day(leave.start_date)} –</span>{' '}
      <span className="whitespace-nowrap">{day(leave.end_date)}</span>{' '}
      <span className="whitespace-nowrap text-zinc-400">
        ({days ?? `${leave.days} ${leave.days === 1 ? 'day' : 'days'}`})
      </span>
    </span>
  )
}

/** What LeaveOutcome says; `by` is the admin's name when known, `date` the moment as the page shows it. */
export interface LeaveOutcomeTexts {
  denied: (reason: string, by: string | null) => ReactNode
  endedEarly: (date: ReactNode, by: string | null) => ReactNode
  approvedBy: (by: string) => ReactNode
}

const ENGLISH_OUTCOME: LeaveOutcomeTexts = {
  denied: (reason, by) => `Denied${by ? ` by ${by}` : ''}: ${reason}`,
  endedEarly: (date, by) => (
    <>
      Ended early{by ? ` by ${by}` : ''} on {date}.
    </>
  ),
  approvedBy: (by) => `Approved by ${by}.`,
}

/** What the phase badge does not say: who decided, why it was denied, when it was ended. */
export function LeaveOutcome({ leave, texts = ENGLISH_OUTCOME }: { leave: LeaveItem; texts?: LeaveOutcomeTexts }) {
  if (leave.phase === 'denied')
    return <p className="text-sm text-red-200">{texts.denied(leave.deny_reason ?? '', leave.decided_by)}</p>
  if (leave.phase === 'ended_early' && leave.ended_at)
    return (
      <p className="text-xs text-zinc-400">{texts.endedEarly(<DateTime iso={leave.ended_at} />, leave.ended_by)}</p>
    )
  if (leave.decided_by && leave.status === 'approved')
    return <p className="text-xs text-zinc-400">{texts.approvedBy(leave.decided_by)}</p>
  return null
}
