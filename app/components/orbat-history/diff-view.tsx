import type { ReactNode } from 'react'
import type { VersionDiff } from '#contracts/orbat-history.ts'

// A version's diff against the one before (docs/rules/orbat-history.md): squads, teams and slots added, removed and
// renamed, locks changed; heading rows apart from slots (they are not slots); assignments apart, since they are the
// members' own doing.

const place = (p: { squad: string; team: string; role: string }) =>
  `${p.role || 'a slot'} (${p.squad}${p.team ? `, ${p.team}` : ''})`
const lock = (name: string | null) => name ?? 'none'

function Group({ title, lines }: { title: string; lines: ReactNode[] }) {
  if (!lines.length) return null
  return (
    <div>
      <h3 className="text-sm font-semibold text-zinc-200">{title}</h3>
      <ul className="mt-1 flex flex-col gap-0.5 text-sm text-zinc-300">
        {lines.map((line, i) => (
          <li key={i} className="break-words">
            {line}
          </li>
        ))}
      </ul>
    </div>
  )
}

const Added = ({ children }: { children: ReactNode }) => <span className="text-emerald-300">+ {children}</span>
const Removed = ({ children }: { children: ReactNode }) => <span className="text-red-300">− {children}</span>
const Changed = ({ children }: { children: ReactNode }) => <span className="text-amber-200">~ {children}</span>

export function DiffView({ diff }: { diff: VersionDiff }) {
  const structure = [
    ...diff.squads.added.map((name) => <Added key={`sa${name}`}>Squad {name}</Added>),
    ...diff.squads.removed.map((name) => <Removed key={`sr${name}`}>Squad {name}</Removed>),
    ...diff.squads.renamed.map((r) => (
      <Changed key={`sn${r.from}`}>
        Squad {r.from} renamed {r.to}
      </Changed>
    )),
  ]
  const teams = [
    ...diff.teams.added.map((t) => <Added key={`ta${t.squad}${t.team}`}>{`${t.team} (${t.squad})`}</Added>),
    ...diff.teams.removed.map((t) => <Removed key={`tr${t.squad}${t.team}`}>{`${t.team} (${t.squad})`}</Removed>),
    ...diff.teams.renamed.map((t) => (
      <Changed key={`tn${t.squad}${t.from}`}>{`${t.from} renamed ${t.to} (${t.squad})`}</Changed>
    )),
  ]
  const slots = [
    ...diff.slots.added.map((s, i) => <Added key={`a${i}`}>{place(s)}</Added>),
    ...diff.slots.removed.map((s, i) => <Removed key={`r${i}`}>{place(s)}</Removed>),
    ...diff.slots.renamed.map((s, i) => (
      <Changed key={`n${i}`}>{`${s.from} renamed ${s.to} (${s.squad}, ${s.team})`}</Changed>
    )),
    ...diff.slots.locks.map((s, i) => (
      <Changed key={`l${i}`}>{`${place(s)}, lock: ${lock(s.from)} → ${lock(s.to)}`}</Changed>
    )),
    // The layout keeps allied units by id only (docs/rules/joint-operations.md): the line says what changed, not to whom.
    ...diff.slots.reservations.map((s, i) => (
      <Changed key={`v${i}`}>
        {`${place(s)}, ${s.to === null ? 'reservation for an allied unit ended' : s.from === null ? 'reserved for an allied unit' : 'reserved for another allied unit'}`}
      </Changed>
    )),
  ]
  const where = (h: { squad: string; team: string }) => `(${h.squad}${h.team ? `, ${h.team}` : ''})`
  const headings = [
    ...diff.headings.added.map((h, i) => <Added key={`ha${i}`}>{`Heading “${h.text}” ${where(h)}`}</Added>),
    ...diff.headings.removed.map((h, i) => <Removed key={`hr${i}`}>{`Heading “${h.text}” ${where(h)}`}</Removed>),
    ...diff.headings.renamed.map((h, i) => (
      <Changed key={`hn${i}`}>{`Heading “${h.from}” renamed “${h.to}” ${where(h)}`}</Changed>
    )),
  ]
  const assignments = diff.assignments.map((a, i) => (
    <span key={i} className="text-zinc-400">
      {`${place(a)}: ${a.from ?? 'open'} → ${a.to ?? 'open'}`}
    </span>
  ))
  if (!structure.length && !teams.length && !slots.length && !headings.length && !assignments.length)
    return <p className="text-sm text-zinc-400">Nothing changed against the version before.</p>
  return (
    <div className="flex flex-col gap-4" data-testid="version-diff">
      <Group title="Squads" lines={structure} />
      <Group title="Teams" lines={teams} />
      <Group title="Slots" lines={slots} />
      <Group title="Headings" lines={headings} />
      <Group title="Assignments (the members' own)" lines={assignments} />
    </div>
  )
}
