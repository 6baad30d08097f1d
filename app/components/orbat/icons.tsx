import type { ReactNode } from 'react'
// Small inline glyphs for the ORBAT cards (no icon font: they render before any script or font loads).

export function LockIcon({ className = 'size-3' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" className={`shrink-0 ${className}`} aria-hidden>
      <path d="M8 1.5a3.5 3.5 0 0 0-3.5 3.5v2H4a1.5 1.5 0 0 0-1.5 1.5v5A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-5A1.5 1.5 0 0 0 12 7h-.5V5A3.5 3.5 0 0 0 8 1.5ZM10 7H6V5a2 2 0 1 1 4 0v2Z" />
    </svg>
  )
}

export function PeopleIcon({ className = 'size-3.5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" className={`shrink-0 ${className}`} aria-hidden>
      <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2.5 14a5.5 5.5 0 0 1 11 0 .5.5 0 0 1-.5.5H3a.5.5 0 0 1-.5-.5Z" />
    </svg>
  )
}

/** A 16 px outline glyph. */
function Outline({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      className={`shrink-0 ${className}`}
      aria-hidden
    >
      {children}
    </svg>
  )
}

export function ClockIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <Outline className={className}>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.5V8l2.5 1.5" />
    </Outline>
  )
}

export function ListIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <Outline className={className}>
      <path d="M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01" />
    </Outline>
  )
}
