import { LockIcon } from './icons.tsx'

// The small marks of a slot row, the same in the diagram and the phone list.

export function OpenBadge() {
  return (
    <span className="rounded bg-emerald-500/15 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-emerald-400 ring-1 ring-emerald-500/40 ring-inset">
      OPEN
    </span>
  )
}

/** Sign-ups are time-locked. */
export function LockedBadge() {
  return (
    <span className="rounded bg-amber-500/15 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-amber-400 ring-1 ring-amber-500/40 ring-inset">
      LOCKED
    </span>
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
