import { Link } from 'react-router'
import type { OrbatSlot } from '#contracts/orbat.ts'
import { Badge } from '#app/ui/badge.tsx'
import { LockIcon, PeopleIcon } from './icons.tsx'
import { holderName } from './rows.ts'

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

/**
 * A taken slot's holder: a link to their profile when a person holds it (it leads on by their user: the slot does not
 * know their roster member), plain text for a manual name. `nodrag` lets the diagram's link be clicked, not dragged.
 */
export function HolderName({ slot, className }: { slot: OrbatSlot; className: string }) {
  const name = holderName(slot)
  if (slot.user_id === null) return <span className={`truncate font-medium ${className}`}>{name}</span>
  return (
    <Link
      to={`/roster/by-user/${slot.user_id}`}
      className={`nodrag truncate font-medium underline-offset-2 hover:underline ${className}`}
    >
      {name}
    </Link>
  )
}
