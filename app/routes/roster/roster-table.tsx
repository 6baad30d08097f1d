import type { MouseEvent } from 'react'
import { Link } from 'react-router'
import type { RosterMember } from '#contracts/roster-types.ts'
import { MemberSheet } from './member-sheet.tsx'
import { formatDateOnly, formatScore, RankBadge } from '#app/components/roster/ui.tsx'
import { useSheet } from '#app/ui/sheet.tsx'

// The public roster's table (spec 2 §2): a row opens the member sheet; its name links to /roster/:id (the page
// without JavaScript, or a new tab with ctrl/cmd-click).

const CELL = 'px-2 py-2.5 sm:px-4'
const HEAD = 'px-2 py-3 font-medium sm:px-4'

export function RosterTable({ members, loading }: { members: RosterMember[]; loading: boolean }) {
  const { openSheet } = useSheet()
  const openMember = (member: RosterMember) => openSheet(member.ingame_name, <MemberSheet key={member.id} id={member.id} />)
  return (
    <div className={`mt-4 overflow-x-auto rounded-xl border border-zinc-800 bg-zinc-900/60 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className={HEAD}>
              Name
            </th>
            <th scope="col" className={HEAD}>
              Rank
            </th>
            <th scope="col" className={`${HEAD} whitespace-nowrap`}>
              Join Date
            </th>
            <th scope="col" className={`${HEAD} text-right sm:whitespace-nowrap`}>
              Event Score
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800/80">
          {members.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-4 py-12 text-center text-zinc-400">
                No members found
              </td>
            </tr>
          ) : (
            members.map((member) => (
              <tr
                key={member.id}
                data-testid="roster-row"
                className="cursor-pointer transition-colors hover:bg-zinc-800/50"
                onClick={(event) => {
                  if (!hasModifier(event)) openMember(member)
                }}
              >
                <td className={CELL}>
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
                </td>
                <td className={CELL}>
                  <RankBadge rank={member.rank} />
                </td>
                <td className={`${CELL} text-[13px] whitespace-nowrap text-zinc-300 sm:text-sm`}>{formatDateOnly(member.join_date)}</td>
                <td className={`${CELL} text-right font-mono text-zinc-200 tabular-nums`}>{formatScore(member.event_score)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

function hasModifier(event: MouseEvent) {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0
}
