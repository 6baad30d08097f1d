import { Badge } from '#app/ui/badge.tsx'
import { LockIcon, PeopleIcon } from './icons.tsx'

// The small marks of a slot row, the same in the diagram and the phone list.

export function OpenBadge() {
  return (
    <Badge shape="flag" tone="success">
      OPEN
    </Badge>
  )
}

/** Sign-ups are time-locked. */
export function LockedBadge() {
  return (
    <Badge shape="flag" tone="warning">
      LOCKED
    </Badge>
  )
}

/** A squad's people count (the diagram's card, the list's squad, the admin editor's card). */
export function PeopleCount({ people }: { people: number }) {
  return (
    <Badge shape="count" title="People">
      <PeopleIcon />
      <span className="sr-only">People: </span>
      {people}
    </Badge>
  )
}

/** A slot's role lock, said to everyone: who can take it. */
export function LockLine({ lock, className }: { lock: string; className: string }) {
  return (
    <p className={`flex items-center gap-1 truncate text-zinc-400 ${className}`} title={`Requires the ${lock} role`}>
      <LockIcon />
      <span className="truncate">Requires {lock}</span>
    </p>
  )
}
