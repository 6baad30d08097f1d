import { Link } from 'react-router'
import type { OrbatSnapshot } from '#contracts/orbat-history.ts'

// An operation's frozen ORBAT, read-only (docs/rules/orbat-history.md): as a diagram (a card per squad, its teams and
// slots with who held them) or as a list (one row per slot), chosen by ?view=list, a link, so it works without
// JavaScript. Heading rows (---TEXT---) show as headings and hold nobody.

const SPACER = /^---(.*)---$/

type FrozenSlot = OrbatSnapshot['squads'][number]['teams'][number]['slots'][number]

/** Who held the slot: a guest of an allied unit with its tag, an open slot reserved then with the ally's tag. */
function holderText(slot: FrozenSlot): string {
  if (slot.holder) return slot.guest_of ? `${slot.holder} [${slot.guest_of}]` : slot.holder
  return slot.reserved_for ? `Open (reserved for ${slot.reserved_for})` : 'Open'
}

export function FrozenOrbat({
  snapshot,
  view,
  ownMemberId,
}: {
  snapshot: OrbatSnapshot
  view: 'diagram' | 'list'
  ownMemberId: number | null
}) {
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="View" className="flex gap-1 text-sm">
        {(['diagram', 'list'] as const).map((value) => (
          <Link
            key={value}
            to={value === 'list' ? '?view=list' : '?'}
            preventScrollReset
            aria-current={view === value ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 font-medium ${view === value ? 'bg-zinc-700 text-zinc-50' : 'text-zinc-400 hover:text-zinc-100'}`}
          >
            {value === 'diagram' ? 'Diagram' : 'List'}
          </Link>
        ))}
      </nav>
      {view === 'diagram' ? (
        <Diagram snapshot={snapshot} ownMemberId={ownMemberId} />
      ) : (
        <List snapshot={snapshot} ownMemberId={ownMemberId} />
      )}
    </div>
  )
}

function Diagram({ snapshot, ownMemberId }: { snapshot: OrbatSnapshot; ownMemberId: number | null }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="frozen-diagram">
      {snapshot.squads.map((squad) => (
        <section
          key={squad.id}
          aria-label={squad.name}
          className="rounded-xl border border-zinc-800 bg-zinc-900/60"
          data-testid="frozen-squad"
        >
          <header className="border-b border-zinc-800 px-3 py-2">
            <h2 className="font-semibold text-zinc-50">{squad.name}</h2>
            {squad.platoon ? <p className="text-xs text-zinc-500">{squad.platoon}</p> : null}
          </header>
          {squad.teams.map((team) => (
            <div key={team.name} className="px-3 py-2">
              <h3 className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">{team.name}</h3>
              <ul className="mt-1 flex flex-col gap-0.5 text-sm">
                {team.slots.map((slot) => {
                  const spacer = SPACER.exec(slot.role)
                  if (spacer)
                    return (
                      <li key={slot.id} className="pt-1 text-xs font-semibold tracking-wide text-zinc-500">
                        {spacer[1]}
                      </li>
                    )
                  const own = ownMemberId !== null && slot.member_id === ownMemberId
                  return (
                    <li
                      key={slot.id}
                      className={`flex justify-between gap-2 rounded px-1 ${own ? 'bg-brand-600/20' : ''}`}
                    >
                      <span className="text-zinc-300">{slot.role || 'Slot'}</span>
                      <span className={slot.holder ? 'text-right text-zinc-100' : 'text-right text-zinc-500'}>
                        {holderText(slot)}
                      </span>
                    </li>
                  )
                })}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  )
}

function List({ snapshot, ownMemberId }: { snapshot: OrbatSnapshot; ownMemberId: number | null }) {
  const rows = snapshot.squads.flatMap((squad) =>
    squad.teams.flatMap((team) =>
      team.slots.filter((slot) => !SPACER.test(slot.role)).map((slot) => ({ squad, team, slot })),
    ),
  )
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table className="w-full text-left text-sm" data-testid="frozen-list">
        <caption className="sr-only">Who held which slot</caption>
        <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Slot
            </th>
            <th scope="col" className="px-3 py-2">
              Squad, team
            </th>
            <th scope="col" className="px-3 py-2">
              Held by
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {rows.map(({ squad, team, slot }) => (
            <tr
              key={slot.id}
              className={ownMemberId !== null && slot.member_id === ownMemberId ? 'bg-brand-600/20' : undefined}
            >
              <th scope="row" className="px-3 py-2 font-medium text-zinc-100">
                {slot.role || 'Slot'}
              </th>
              <td className="px-3 py-2 text-zinc-300">
                {squad.name}, {team.name}
              </td>
              <td className={`px-3 py-2 ${slot.holder ? 'text-zinc-100' : 'text-zinc-500'}`}>{holderText(slot)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
