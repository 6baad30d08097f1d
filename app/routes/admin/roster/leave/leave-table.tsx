import { useMemo } from 'react'
import { Link, useLocation } from 'react-router'
import { LEAVE_INTENTS, type LeaveItem, type LeaveTabData } from '#contracts/leave.ts'
import { LeaveDates, LeaveOutcome, LeavePhaseBadge, type LeaveOutcomeTexts } from '#app/components/leave.tsx'
import { hrefWithState, useStateHref } from '#app/hooks/url-state.ts'
import { buttonClass, smallButton, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { confirmKeyOf } from '#app/ui/delete-button.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { PostButton } from '#app/ui/post-button.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { Tabs } from '#app/ui/tabs.tsx'

// The Leave tab's filter and list: a row per leave with its member, days, reason, where it stands and its actions
// (Approve and Deny while pending; End now while approved and not over). On a phone each leave is a card. In the
// page's language (the catalogs' `adminLeave`, and `account.leave` for the phases and who decided); the reasons are
// the members' own words.

const FILTERS = ['pending', 'active', 'approved', 'denied', 'all'] as const satisfies ReadonlyArray<
  LeaveTabData['filter']
>

export function LeaveFilters({ data }: { data: LeaveTabData }) {
  const location = useLocation()
  const t = useT('adminLeave')
  const tabs = FILTERS.map((id) => {
    const params = new URLSearchParams(location.search)
    params.set('status', id)
    const count = id === 'all' ? null : data.counts[id]
    return {
      id,
      href: hrefWithState({ pathname: location.pathname, search: `?${params}` }),
      label: (
        <>
          {t(`filters.${id}`)}
          {count !== null ? <span className="ml-1.5 text-xs text-zinc-400 tabular-nums">{count}</span> : null}
        </>
      ),
    }
  })
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Tabs label={t('filters.label')} tabs={tabs} active={data.filter} />
      <p className="text-xs text-zinc-400">{t('timeZone', { zone: data.unitTimeZone, today: data.today })}</p>
    </div>
  )
}

/** Who decided, why it was denied, when it was ended: the member's page says it alike (`account.leave`). */
function useOutcomeTexts(): LeaveOutcomeTexts {
  const t = useT('account.leave')
  return useMemo<LeaveOutcomeTexts>(
    () => ({
      denied: (reason, by) => (by ? t('deniedBy', { name: by, reason }) : t('denied', { reason })),
      endedEarly: (date, by) =>
        by ? t.rich('endedEarlyBy', { name: by, date: () => date }) : t.rich('endedEarly', { date: () => date }),
      approvedBy: (by) => t('approvedBy', { name: by }),
    }),
    [t],
  )
}

export function LeaveTable({ data }: { data: LeaveTabData }) {
  const href = useStateHref()
  const t = useT('adminLeave')
  const member = useT('account.leave')
  const outcome = useOutcomeTexts()
  const columns: ReadonlyArray<Column<LeaveItem>> = [
    {
      header: t('columns.member'),
      rowHeader: true,
      cell: (leave) => (
        <Link to={`/roster/${leave.member_id}`} className="font-medium text-zinc-100 hover:text-brand-400">
          {leave.member_name}
        </Link>
      ),
    },
    {
      header: t('columns.days'),
      // On a phone's card the days may wrap between the first and the last (the longer ones of some languages).
      className: 'md:whitespace-nowrap',
      cell: (leave) => <LeaveDates leave={leave} days={member('days', { days: leave.days })} />,
    },
    {
      header: t('columns.reason'),
      cellClassName: 'text-zinc-300',
      cell: (leave) => (
        <div className="flex max-w-md min-w-0 flex-col gap-1">
          <p className="break-words">{leave.reason}</p>
          <LeaveOutcome leave={leave} texts={outcome} />
        </div>
      ),
    },
    {
      header: t('columns.status'),
      cell: (leave) => <LeavePhaseBadge phase={leave.phase} label={member(`phase.${leave.phase}`)} />,
    },
    {
      header: t('columns.asked'),
      className: 'whitespace-nowrap',
      cellClassName: 'text-xs text-zinc-400',
      cell: (leave) => <DateTime iso={leave.created_at} />,
    },
    {
      header: <span className="sr-only">{t('columns.actions')}</span>,
      cell: (leave) => <LeaveActions leave={leave} denyHref={href({ dialog: 'deny', leave: leave.id })} />,
    },
  ]
  return (
    <Table
      label={t('filters.label')}
      stacked
      tableClassName="min-w-[48rem]"
      columns={columns}
      rows={data.leaves}
      rowKey={(leave) => leave.id}
      rowProps={() => ({ 'data-testid': 'leave-row' })}
      empty={<EmptyState text={t(`empty.${data.filter}`)} />}
    />
  )
}

function LeaveActions({ leave, denyHref }: { leave: LeaveItem; denyHref: string }) {
  const t = useT('adminLeave')
  const name = leave.member_name
  if (leave.phase === 'pending')
    return (
      <div className="flex flex-wrap gap-1.5 md:flex-nowrap md:justify-end">
        <PostButton
          formKey={`approve-leave-${leave.id}`}
          intent={LEAVE_INTENTS.approve}
          fields={{ id: leave.id }}
          label={t('approve')}
          className={buttonClass('primary', 'xs')}
          aria-label={t('approveName', { name })}
        />
        <Link to={denyHref} preventScrollReset className={smallButton} aria-label={t('denyName', { name })}>
          {t('deny')}
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
          confirm={t('endConfirm', { name })}
          dialog={{ confirm: t('confirm'), cancel: t('cancel') }}
          label={t('endNow')}
          className={smallDangerButton}
          aria-label={t('endNowName', { name })}
        />
      </div>
    )
  return null
}
