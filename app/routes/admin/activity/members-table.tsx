import { Link } from 'react-router'
import type { ActivityDashboard, ActivitySort, DashboardMember } from '#contracts/activity.ts'
import { Sparkline, sparklineLabel } from '#app/components/activity/charts.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { hrefWith } from './href.ts'

// The members table: every header that sorts is a link (the same column again turns the order round), so it sorts
// without JavaScript; the server sorts and pages.

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`)
const TREND = { up: '▲ Up', down: '▼ Down', flat: '• Flat' } as const
const TREND_CLASS = { up: 'text-emerald-300', down: 'text-red-300', flat: 'text-zinc-400' } as const

interface Column {
  sort?: ActivitySort
  header: string
  cell: (m: DashboardMember) => React.ReactNode
  className?: string
}

const COLUMNS: Column[] = [
  { sort: 'squad', header: 'Squad', cell: (m) => m.squad ?? <span className="text-zinc-500">–</span> },
  {
    sort: 'attended',
    header: 'Attended',
    cell: (m) => `${m.attended} / ${m.possible}`,
    className: 'text-right tabular-nums whitespace-nowrap',
  },
  { sort: 'rate', header: 'Rate', cell: (m) => percent(m.rate), className: 'text-right tabular-nums' },
  {
    sort: 'reliability',
    header: 'Reliability',
    cell: (m) => percent(m.reliability),
    className: 'text-right tabular-nums',
  },
  {
    sort: 'last',
    header: 'Last attended',
    cell: (m) => (m.last_attended ? <DateTime iso={m.last_attended} /> : <span className="text-zinc-500">Never</span>),
    className: 'whitespace-nowrap',
  },
  {
    sort: 'trend',
    header: 'Trend',
    cell: (m) => (m.trend ? <span className={TREND_CLASS[m.trend]}>{TREND[m.trend]}</span> : '–'),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Weeks',
    cell: (m) => <Sparkline weeks={m.weeks} label={sparklineLabel(m.weeks)} />,
  },
]

function SortHeader({
  data,
  sort,
  label,
  className = '',
}: {
  data: ActivityDashboard
  sort: ActivitySort
  label: string
  className?: string
}) {
  const active = data.sort === sort
  const dir = active ? (data.dir === 'asc' ? 'desc' : 'asc') : sort === 'name' || sort === 'squad' ? 'asc' : 'desc'
  return (
    <th
      scope="col"
      aria-sort={active ? (data.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-3 py-2 font-medium first:pl-4 ${className}`}
    >
      <Link
        to={hrefWith(data, { sort, dir, page: 1 })}
        preventScrollReset
        className={`inline-flex items-center gap-1 hover:text-zinc-100 ${active ? 'text-zinc-100' : ''}`}
        data-testid={`sort-${sort}`}
      >
        {label}
        <span aria-hidden="true" className="text-xs">
          {active ? (data.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Link>
    </th>
  )
}

export function MembersTable({ data }: { data: ActivityDashboard }) {
  return (
    <div className="-mx-4 overflow-x-auto">
      <table className="w-full min-w-[760px] text-left text-sm" data-testid="activity-members">
        <caption className="sr-only">
          Members, sorted by {data.sort} {data.dir === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <thead className="border-b border-zinc-800 text-zinc-400">
          <tr>
            <SortHeader data={data} sort="name" label="Member" />
            {COLUMNS.map((c) =>
              c.sort ? (
                <SortHeader key={c.header} data={data} sort={c.sort} label={c.header} className={c.className} />
              ) : (
                <th key={c.header} scope="col" className="px-3 py-2 font-medium last:pr-4">
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {data.members.length ? (
            data.members.map((m) => (
              <tr key={m.member_id} data-testid="activity-member">
                <th scope="row" className="px-3 py-2 pl-4 font-medium">
                  <Link
                    to={`/admin/roster/members/${m.member_id}/record`}
                    className="text-sky-300 underline decoration-sky-300/40 underline-offset-2 hover:decoration-sky-300"
                  >
                    {m.ingame_name}
                  </Link>
                  {m.on_loa ? <span className="ml-2 text-xs text-amber-300">LOA</span> : null}
                  {m.inactive ? <span className="ml-2 text-xs text-red-300">Inactive</span> : null}
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.header} className={`px-3 py-2 last:pr-4 ${c.className ?? ''}`}>
                    {c.cell(m)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="px-4 py-6 text-center text-zinc-400">
                No members on the roster.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
