import type { ReactNode } from 'react'

/**
 * A search field's label with the magnifier drawn inside the field: `children` is the <input>, which should leave
 * room on its left (pl-9). The label text is for screen readers; the placeholder shows.
 */
export function SearchBox({
  label,
  className = 'flex-1',
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <label className={`relative ${className}`}>
      <span className="sr-only">{label}</span>
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
      >
        <path d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" />
      </svg>
      {children}
    </label>
  )
}
