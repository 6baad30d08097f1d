import { Link } from 'react-router'
import type { ActivityDashboard, ActivitySort, DashboardMember } from '#contracts/activity.ts'
import { Sparkline, sparklineLabel } from '#app/components/activity/charts.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { hrefWith } from './href.ts'

// The members table: every header that sorts is a link (the same column again turns the order round), so it sorts
// without JavaScript; the server sorts and pages. Below md each member is a card (the name, then every figure under
// its label, three to a line), with the sort links above the cards: nothing scrolls sideways on a phone. CSS only.
// NOTE: explicit roles, because a table shown as blocks loses its table semantics in some browsers.

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
    // A date and time: two of a phone card's three columns.
    className: 'md:whitespace-nowrap max-md:col-span-2',
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

/** Where a sort link goes: the same column again turns the order round; a new one starts A-Z or highest first. */
function sortHref(data: ActivityDashboard, sort: ActivitySort) {
  const active = data.sort === sort
  const dir = active ? (data.dir === 'asc' ? 'desc' : 'asc') : sort === 'name' || sort === 'squad' ? 'asc' : 'desc'
  return hrefWith(data, { sort, dir, page: 1 })
}

const arrow = (data: ActivityDashboard, sort: ActivitySort) =>
  data.sort === sort ? (data.dir === 'asc' ? '▲' : '▼') : '↕'

/** The phone's sort links, above the cards (the column headers are out of sight there). */
function PhoneSort({ data }: { data: ActivityDashboard }) {
  const sorts: Array<[ActivitySort, string]> = [
    ['name', 'Member'],
    ...COLUMNS.flatMap((c): Array<[ActivitySort, string]> => (c.sort ? [[c.sort, c.header]] : [])),
  ]
  return (
    <nav aria-label="Sort members" className="flex flex-wrap gap-1.5 px-4 pb-3 md:hidden">
      {sorts.map(([sort, label]) => (
        <Link
          key={sort}
          to={sortHref(data, sort)}
          preventScrollReset
          aria-current={data.sort === sort ? 'true' : undefined}
          className={`rounded-md border px-2 py-1 text-xs ${data.sort === sort ? 'border-zinc-500 bg-zinc-800 text-zinc-100' : 'border-zinc-800 text-zinc-400'}`}
        >
          {label} <span aria-hidden="true">{arrow(data, sort)}</span>
        </Link>
      ))}
    </nav>
  )
}

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
  return (
    <th
      scope="col"
      role="columnheader"
      aria-sort={active ? (data.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-3 py-2 font-medium first:pl-4 ${className}`}
    >
      <Link
        to={sortHref(data, sort)}
        preventScrollReset
        className={`inline-flex items-center gap-1 hover:text-zinc-100 ${active ? 'text-zinc-100' : ''}`}
        data-testid={`sort-${sort}`}
      >
        {label}
        <span aria-hidden="true" className="text-xs">
          {arrow(data, sort)}
        </span>
      </Link>
    </th>
  )
}

export function MembersTable({ data }: { data: ActivityDashboard }) {
  return (
    <div className="-mx-4 md:overflow-x-auto">
      <PhoneSort data={data} />
      <table
        role="table"
        className="w-full text-left text-sm max-md:block md:min-w-[760px]"
        data-testid="activity-members"
      >
        <caption className="sr-only">
          Members, sorted by {data.sort} {data.dir === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <thead role="rowgroup" className="border-b border-zinc-800 text-zinc-400 max-md:sr-only">
          <tr role="row">
            <SortHeader data={data} sort="name" label="Member" />
            {COLUMNS.map((c) =>
              c.sort ? (
                <SortHeader key={c.header} data={data} sort={c.sort} label={c.header} className={c.className} />
              ) : (
                <th key={c.header} scope="col" role="columnheader" className="px-3 py-2 font-medium last:pr-4">
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-zinc-800 max-md:block max-md:border-t">
          {data.members.length ? (
            data.members.map((m) => (
              <tr
                key={m.member_id}
                role="row"
                data-testid="activity-member"
                className="max-md:grid max-md:grid-cols-3 max-md:gap-x-3 max-md:gap-y-2 max-md:px-4 max-md:py-3"
              >
                <th scope="row" role="rowheader" className="px-3 py-2 pl-4 font-medium max-md:col-span-3 max-md:p-0">
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
                  <td
                    key={c.header}
                    role="cell"
                    className={`px-3 py-2 last:pr-4 max-md:block max-md:p-0 max-md:text-left ${c.className ?? ''}`}
                  >
                    <span className="block text-xs text-zinc-500 md:hidden" aria-hidden="true">
                      {c.header}
                    </span>
                    {c.cell(m)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr role="row" className="max-md:block">
              <td role="cell" colSpan={COLUMNS.length + 1} className="px-4 py-6 text-center text-zinc-400 max-md:block">
                No members on the roster.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
