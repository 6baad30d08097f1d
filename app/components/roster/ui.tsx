import { useCallback } from 'react'
import { Badge } from '#app/ui/badge.tsx'
import { formatDay } from '#contracts/time-zone.ts'
import { useTimeZone } from '#app/ui/date-time.tsx'
import { useFormatter, useLocale } from '#app/ui/i18n.tsx'

// Small building blocks shared by the public personnel pages (roster, member sheet, trainings, library).

// Ranks in order (docs/rules/roster.md), low to high; the badge colour climbs with them.
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
    <Badge shape="tag" colors={RANK_STYLES[rank] ?? RANK_STYLES.BMT}>
      {rank}
    </Badge>
  )
}

export function BmtBadge({ className = '' }: { className?: string }) {
  return (
    <Badge shape="tag" tone="warning" className={className}>
      BMT
    </Badge>
  )
}

/** A join date (YYYY-MM-DD, no time of day): the same text on the server and in every time zone. */
export const formatDateOnly = formatDay

/**
 * A day (YYYY-MM-DD, no time of day) as the page's language writes one ("Nov 3, 2025", "3. Nov. 2025"): the same text
 * on the server and in every time zone. For the pages in the catalogs (docs/rules/languages.md).
 */
export function useDayFormat(): (day: string) => string {
  const format = useFormatter()
  return useCallback(
    (day: string) => {
      const value = new Date(`${day.slice(0, 10)}T00:00:00Z`)
      if (Number.isNaN(value.getTime())) return day
      return format.dateTime(value, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })
    },
    [format],
  )
}

/** Member scores show 2 decimals: the admin's hidden_score adjustment is in hundredths (docs/rules/roster.md). */
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

// Making a formatter costs far more than using one, and a service record shows hundreds of instants: one formatter
// per format and zone, kept (the zones are the IANA names the page may use, a bounded set).
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterOf(format: 'full' | 'date', zone: string, locale: string): Intl.DateTimeFormat {
  const key = `${format} ${zone} ${locale}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...(format === 'full' ? FULL : DATE), timeZone: zone })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * An instant in the page's zone (app/ui/date-time.tsx): the reader's own when the server knows it from the cookie,
 * and always once hydrated; otherwise the unit's. `data-local` says whether it is the reader's own. Written as the
 * page's language writes one.
 */
export function LocalTime({
  iso,
  format = 'full',
  className,
}: {
  iso: string
  format?: 'full' | 'date'
  className?: string
}) {
  const { zone, source } = useTimeZone()
  const locale = useLocale()
  const value = new Date(iso)
  const text = Number.isNaN(value.getTime()) ? iso : formatterOf(format, zone, locale).format(value)
  return (
    <time dateTime={iso} className={className} data-local={source === 'viewer' ? 'true' : 'false'}>
      {text}
    </time>
  )
}
