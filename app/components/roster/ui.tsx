import { useSyncExternalStore } from 'react'

// Small building blocks shared by the public personnel pages (roster, member sheet, trainings, library).

export const inputClass =
  'h-10 w-full min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-600'
export const selectClass =
  'h-10 min-w-0 rounded-md border border-zinc-700 bg-zinc-950 pr-8 pl-3 text-sm text-zinc-100 focus:border-brand-600'
export const primaryButton =
  'inline-flex h-9 shrink-0 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-zinc-950 transition hover:bg-brand-500 disabled:cursor-wait disabled:opacity-60'
export const secondaryButton =
  'inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-zinc-700 px-3 text-sm text-zinc-200 transition hover:border-zinc-500 hover:text-white disabled:cursor-not-allowed disabled:opacity-60'
export const dangerButton =
  'inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-red-500/50 px-4 text-sm font-semibold text-red-300 transition hover:border-red-400 hover:bg-red-950/60 hover:text-red-200 disabled:cursor-wait disabled:opacity-60'

const noopSubscribe = () => () => {}

/**
 * False in the server render and during hydration, true afterwards: for markup that differs once scripts run
 * (local times, buttons only a no-JS form needs) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  )
}

// Ranks in order (spec 2 §3), low to high; the badge colour climbs with them.
const RANK_STYLES: Record<string, string> = {
  BMT: 'border-zinc-600 bg-zinc-800 text-zinc-300',
  JNCO: 'border-sky-500/40 bg-sky-950/60 text-sky-300',
  NCO: 'border-cyan-500/40 bg-cyan-950/60 text-cyan-300',
  SNCO: 'border-teal-500/40 bg-teal-950/60 text-teal-300',
  JOFC: 'border-amber-500/40 bg-amber-950/50 text-amber-300',
  OFC: 'border-orange-500/40 bg-orange-950/50 text-orange-300',
  SOFC: 'border-rose-500/40 bg-rose-950/50 text-rose-300',
  TEAM: 'border-brand-500/50 bg-brand-600/20 text-brand-400',
}

export function RankBadge({ rank }: { rank: string }) {
  return (
    <span
      className={`inline-flex items-center rounded border px-1.5 py-0.5 font-mono text-[11px] font-semibold tracking-wider ${RANK_STYLES[rank] ?? RANK_STYLES.BMT}`}
    >
      {rank}
    </span>
  )
}

export function BmtBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`${className} inline-flex shrink-0 items-center rounded border border-amber-500/50 bg-amber-950/60 px-1.5 py-0.5 font-mono text-[11px] font-semibold tracking-wider text-amber-300`}>
      BMT
    </span>
  )
}

/** A join date (YYYY-MM-DD, no time of day): the same text on the server and in every time zone. */
export function formatDateOnly(date: string): string {
  const value = new Date(`${date.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(value.getTime())) return date
  return value.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })
}

/** Member scores show 2 decimals (spec 2 §9). */
export function formatScore(score: number): string {
  return score.toFixed(2)
}

const FULL: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }

/**
 * An instant in the reader's own time zone. The server cannot know that zone, so the server render (and hydration)
 * show UTC with the zone named; once hydrated the text switches to local time. No hydration mismatch: the first
 * client render matches the server's.
 */
export function LocalTime({ iso, format = 'full', className }: { iso: string; format?: 'full' | 'date'; className?: string }) {
  const hydrated = useHydrated()
  const value = new Date(iso)
  const options = format === 'full' ? FULL : DATE
  const text = Number.isNaN(value.getTime())
    ? iso
    : hydrated
      ? value.toLocaleString(undefined, options)
      : value.toLocaleString('en-US', { ...options, timeZone: 'UTC' })
  return (
    <time dateTime={iso} className={className} data-local={hydrated ? 'true' : 'false'}>
      {text}
    </time>
  )
}

export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-zinc-800 bg-zinc-900/30 px-6 py-12 text-center">
      <p className="font-medium text-zinc-300">{title}</p>
      {text ? <p className="text-sm text-zinc-500">{text}</p> : null}
    </div>
  )
}
