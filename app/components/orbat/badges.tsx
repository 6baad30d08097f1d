import { Link } from 'react-router'
import type { OrbatSlot } from '#contracts/orbat.ts'
import { Badge } from '#app/ui/badge.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { LockIcon, PeopleIcon } from './icons.tsx'
import { holderLabel } from './rows.ts'

// The small marks of a slot row, the same in the diagram, the phone list and the admin editor: their words are the
// kit's (`kit.orbat`), in the page's language where the page is translated, else in English.

export function OpenBadge() {
  const t = useT('kit.orbat')
  return (
    <Badge shape="flag" tone="success">
      {t('open')}
    </Badge>
  )
}

/** Sign-ups are time-locked. */
export function LockedBadge() {
  const t = useT('kit.orbat')
  return (
    <Badge shape="flag" tone="warning">
      {t('locked')}
    </Badge>
  )
}

/**
 * A slot, team or squad reserved for an allied unit (docs/rules/orbat.md, Reservations for allied units): its tag
 * (`label` puts words before it, e.g. "Reserved · 3CB"), and for screen readers whom it is kept for.
 */
export function ReservedBadge({ unit, label }: { unit: { tag: string; name: string }; label?: string }) {
  const t = useT('kit.orbat')
  return (
    <Badge
      shape="flag"
      colors="bg-violet-500/15 text-violet-300 ring-violet-400/40"
      title={t('reservedFor', { unit: unit.name })}
      className="max-w-full min-w-0"
      data-testid="reserved-badge"
    >
      <span aria-hidden className="truncate">
        {label ? `${label} · ${unit.tag}` : unit.tag}
      </span>
      <span className="sr-only">{t('reservedFor', { unit: unit.name })}</span>
    </Badge>
  )
}

/** A squad's people count (the diagram's card, the list's squad, the admin editor's card). */
export function PeopleCount({ people }: { people: number }) {
  const t = useT('kit.orbat')
  return (
    <Badge shape="count" title={t('people')}>
      <PeopleIcon />
      <span className="sr-only">{t('peopleCount')}</span>
      {people}
    </Badge>
  )
}

/** A slot's role lock, said to everyone: who can take it. */
export function LockLine({ lock, className }: { lock: string; className: string }) {
  const t = useT('kit.orbat')
  return (
    <p className={`flex items-center gap-1 truncate text-zinc-400 ${className}`} title={t('requiresRole', { lock })}>
      <LockIcon />
      <span className="truncate">{t('requires', { lock })}</span>
    </p>
  )
}

/**
 * A taken slot's holder: a link to their profile when a person holds it (it leads on by their user: the slot does not
 * know their roster member), plain text for a manual name. `nodrag` lets the diagram's link be clicked, not dragged.
 */
export function HolderName({ slot, className }: { slot: OrbatSlot; className: string }) {
  const name = holderLabel(slot)
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

/**
 * A slot's role, and the allied unit it is reserved for while that holds: one line cut short on the diagram's cards
 * (their rows have a fixed height), wrapping in the phone list (`wrap`).
 */
export function RoleLine({ slot, className, wrap = false }: { slot: OrbatSlot; className: string; wrap?: boolean }) {
  return (
    <div className={`flex min-w-0 items-center gap-x-1.5 ${wrap ? 'flex-wrap' : ''}`}>
      <p className={`text-zinc-100 ${wrap ? '' : 'truncate'} ${className}`}>{slot.role}</p>
      {slot.reserved_for ? <ReservedBadge unit={slot.reserved_for} /> : null}
    </div>
  )
}
