import { useMemo, type MouseEvent } from 'react'
import { Link } from 'react-router'
import type { RosterMember } from '#contracts/roster-types.ts'
import { MemberSheet } from './member-sheet.tsx'
import { RibbonRack, type RibbonRackAward } from '#app/components/roster/ribbon-rack.tsx'
import { formatScore, RankBadge, useDayFormat } from '#app/components/roster/ui.tsx'
import { LoaBadge } from '#app/ui/badge.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { useSheet } from '#app/ui/sheet.tsx'
import { Table, type Column } from '#app/ui/table.tsx'

// The public roster's table: a row opens the member sheet; its name links to /roster/:id (the page without JavaScript,
// or a new tab with ctrl/cmd-click). Each row shows the member's ribbon rack: its own column on wider screens, under the
// name on a phone.

/** A roster row as the page shows it: its awards with their images (the page's loader adds them). */
export type RosterRow = Omit<RosterMember, 'awards'> & { awards: RibbonRackAward[] }

export function RosterTable({ members, loading }: { members: RosterRow[]; loading: boolean }) {
  const { openSheet } = useSheet()
  const t = useT('roster.table')
  const day = useDayFormat()
  const columns = useMemo(() => rosterColumns(t, day), [t, day])
  const openMember = (member: RosterRow) =>
    openSheet(member.ingame_name, <MemberSheet key={member.id} id={member.id} />)
  return (
    <div className={`mt-4 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      <Table
        label={t('label')}
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        rowProps={(member) => ({
          'data-testid': 'roster-row',
          className: 'cursor-pointer transition-colors hover:bg-zinc-800/50',
          onClick: (event) => {
            if (!hasModifier(event)) openMember(member)
          },
        })}
        empty={t('empty')}
      />
    </div>
  )
}

function Rack({ member }: { member: RosterRow }) {
  const t = useT('roster.table')
  return <RibbonRack awards={member.awards} size="compact" label={t('awardsOf', { name: member.ingame_name })} />
}

const rosterColumns = (
  t: ReturnType<typeof useT<'roster.table'>>,
  day: (day: string) => string,
): Array<Column<RosterRow>> => [
  {
    header: t('name'),
    cell: (member) => (
      <>
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={`/roster/${member.id}`}
            className="font-medium text-zinc-100 hover:text-brand-400"
            onClick={(event) => {
              // A plain click opens the sheet (the row's handler); ctrl/cmd-click still opens the page.
              if (!hasModifier(event)) event.preventDefault()
            }}
          >
            {member.ingame_name}
          </Link>
          {/* On leave of absence today (docs/rules/personnel.md). */}
          {member.on_loa ? <LoaBadge /> : null}
        </span>
        {member.awards.length ? (
          <div className="mt-1.5 sm:hidden">
            <Rack member={member} />
          </div>
        ) : null}
      </>
    ),
  },
  { header: t('rank'), cell: (member) => <RankBadge rank={member.rank} /> },
  {
    header: t('awards'),
    className: 'hidden sm:table-cell',
    cell: (member) => <Rack member={member} />,
  },
  {
    header: t('joinDate'),
    className: 'whitespace-nowrap',
    cellClassName: 'text-[13px] text-zinc-300 sm:text-sm',
    cell: (member) => day(member.join_date),
  },
  {
    header: t('eventScore'),
    align: 'right',
    className: 'sm:whitespace-nowrap',
    cellClassName: 'font-mono text-zinc-200 tabular-nums',
    cell: (member) => formatScore(member.event_score),
  },
]

function hasModifier(event: MouseEvent) {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0
}
