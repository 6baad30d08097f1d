import { Link, useLocation } from 'react-router'
import { LEAVE_INTENTS, type LeaveItem, type LeaveTabData } from '#contracts/leave.ts'
import { LeaveDates, LeaveOutcome, LeavePhaseBadge } from '#app/components/leave.tsx'
import { hrefWithState, useStateHref } from '#app/hooks/url-state.ts'
import { buttonClass, smallButton, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { PostButton } from '#app/ui/post-button.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { Tabs } from '#app/ui/tabs.tsx'

// The Leave tab's filter and list: a row per leave with its member, days, reason, where it stands and its actions
// (Approve and Deny while pending; End now while approved and not over). On a phone each leave is a card.

export const endLeaveConfirm = (name: string) =>
  `End ${name}'s leave now? It stops at once: the LOA badge and the leave role go.`

const FILTER_TABS = [
  { id: 'pending', label: 'Pending' },
  { id: 'active', label: 'Active' },
  { id: 'approved', label: 'Approved' },
  { id: 'denied', label: 'Denied' },
  { id: 'all', label: 'All' },
] as const

const EMPTY: Record<LeaveTabData['filter'], string> = {
  pending: 'No leave requests are waiting for a decision.',
  active: 'Nobody is on leave today.',
  approved: 'No approved leave.',
  denied: 'No denied requests.',
  all: 'No leave requests yet.',
}

export function LeaveFilters({ data }: { data: LeaveTabData }) {
  const location = useLocation()
  const tabs = FILTER_TABS.map((tab) => {
    const params = new URLSearchParams(location.search)
    params.set('status', tab.id)
    const count = tab.id === 'all' ? null : data.counts[tab.id]
    return {
      id: tab.id,
      href: hrefWithState({ pathname: location.pathname, search: `?${params}` }),
      label: (
        <>
          {tab.label}
          {count !== null ? <span className="ml-1.5 text-xs text-zinc-400 tabular-nums">{count}</span> : null}
        </>
      ),
    }
  })
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Tabs label="Leave requests" tabs={tabs} active={data.filter} />
      <p className="text-xs text-zinc-400">
        Days are in the unit&apos;s time zone ({data.unitTimeZone}); today is {data.today}.
      </p>
    </div>
  )
}

export function LeaveTable({ data }: { data: LeaveTabData }) {
  const href = useStateHref()
  const columns: ReadonlyArray<Column<LeaveItem>> = [
    {
      header: 'Member',
      rowHeader: true,
      cell: (leave) => (
        <Link to={`/roster/${leave.member_id}`} className="font-medium text-zinc-100 hover:text-brand-400">
          {leave.member_name}
        </Link>
      ),
    },
    { header: 'Days', className: 'whitespace-nowrap', cell: (leave) => <LeaveDates leave={leave} /> },
    {
      header: 'Reason',
      cellClassName: 'text-zinc-300',
      cell: (leave) => (
        <div className="flex max-w-md min-w-0 flex-col gap-1">
          <p className="break-words">{leave.reason}</p>
          <LeaveOutcome leave={leave} />
        </div>
      ),
    },
    { header: 'Status', cell: (leave) => <LeavePhaseBadge phase={leave.phase} /> },
    {
      header: 'Asked',
      className: 'whitespace-nowrap',
      cellClassName: 'text-xs text-zinc-400',
      cell: (leave) => <DateTime iso={leave.created_at} />,
    },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (leave) => <LeaveActions leave={leave} denyHref={href({ dialog: 'deny', leave: leave.id })} />,
    },
  ]
  return (
    <Table
      label="Leave requests"
      stacked
      tableClassName="min-w-[48rem]"
      columns={columns}
      rows={data.leaves}
      rowKey={(leave) => leave.id}
      rowProps={() => ({ 'data-testid': 'leave-row' })}
      empty={<EmptyState text={EMPTY[data.filter]} />}
    />
  )
}

function LeaveActions({ leave, denyHref }: { leave: LeaveItem; denyHref: string }) {
  if (leave.phase === 'pending')
    return (
      <div className="flex flex-wrap gap-1.5 md:flex-nowrap md:justify-end">
        <PostButton
          formKey={`approve-leave-${leave.id}`}
          intent={LEAVE_INTENTS.approve}
          fields={{ id: leave.id }}
          label="Approve"
          className={buttonClass('primary', 'xs')}
          aria-label={`Approve ${leave.member_name}'s leave`}
        />
        <Link to={denyHref} preventScrollReset className={smallButton} aria-label={`Deny ${leave.member_name}'s leave`}>
          Deny
        </Link>
      </div>
    )
  if (leave.phase === 'active' || leave.phase === 'upcoming')
    return (
      <div className="flex md:justify-end">
        <ConfirmButtonForm
          formKey={confirmKeyOf(LEAVE_INTENTS.end, leave.id)}
          intent={LEAVE_INTENTS.end}
          fields={{ id: leave.id }}
          confirm={endLeaveConfirm(leave.member_name)}
          label="End now"
          className={smallDangerButton}
          aria-label={`End ${leave.member_name}'s leave now`}
        />
      </div>
    )
  return null
}
