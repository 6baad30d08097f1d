import { LEAVE_PHASE_LABELS, type LeaveItem, type LeavePhase } from '#contracts/leave.ts'
import { Badge, type BadgeTone } from '#app/ui/badge.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { formatDateOnly } from '#app/components/roster/ui.tsx'

// A leave of absence as the account page and the roster admin's Leave tab show it (docs/rules/personnel.md).

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
export function LeavePhaseBadge({ phase }: { phase: LeavePhase }) {
  const label = LEAVE_PHASE_LABELS[phase]
  return (
    <Badge tone={PHASE_TONES[phase]} data-testid="leave-phase">
      {label.charAt(0).toUpperCase() + label.slice(1)}
    </Badge>
  )
}

/** "3 Dec 2026 – 14 Dec 2026 (12 days)". */
export function LeaveDates({ leave }: { leave: Pick<LeaveItem, 'start_date' | 'end_date' | 'days'> }) {
  return (
    <span>
      <span className="whitespace-nowrap">{formatDateOnly(leave.start_date)} –</span>{' '}
      <span className="whitespace-nowrap">{formatDateOnly(leave.end_date)}</span>{' '}
      <span className="whitespace-nowrap text-zinc-400">
        ({leave.days} {leave.days === 1 ? 'day' : 'days'})
      </span>
    </span>
  )
}

/** What the phase badge does not say: who decided, why it was denied, when it was ended. */
export function LeaveOutcome({ leave }: { leave: LeaveItem }) {
  if (leave.phase === 'denied')
    return (
      <p className="text-sm text-red-200">
        Denied{leave.decided_by ? ` by ${leave.decided_by}` : ''}: {leave.deny_reason}
      </p>
    )
  if (leave.phase === 'ended_early' && leave.ended_at)
    return (
      <p className="text-xs text-zinc-400">
        Ended early{leave.ended_by ? ` by ${leave.ended_by}` : ''} on <DateTime iso={leave.ended_at} />.
      </p>
    )
  if (leave.decided_by && leave.status === 'approved')
    return <p className="text-xs text-zinc-400">Approved by {leave.decided_by}.</p>
  return null
}
