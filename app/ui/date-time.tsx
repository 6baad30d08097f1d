import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { DEFAULT_UNIT_TIME_ZONE, TIME_ZONE_COOKIE, wallClock, type ViewerTimeZone } from '#contracts/time-zone.ts'
import { useLocale } from './i18n.tsx'

// Dates and times in one zone per page (docs/rules/settings.md; docs/decisions/025-times-in-the-viewers-zone.md): the
// viewer's, which the server learns from a cookie a script in the page sets, or the unit's when it cannot know (a first
// visit, no JavaScript). The server render and hydration use the zone the root loader chose, so they agree; once
// hydrated the browser's own zone wins (it differs only on a first visit or after travelling, and the cookie is fixed
// for the next page load).

const ServerTimeZone = createContext<ViewerTimeZone>({ zone: DEFAULT_UNIT_TIME_ZONE, source: 'unit' })

/** Gives the page the zone the server rendered with (the root loader's). */
export function TimeZoneProvider({ value, children }: { value: ViewerTimeZone; children: ReactNode }) {
  return <ServerTimeZone value={value}>{children}</ServerTimeZone>
}

const noSubscription = () => () => {}

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** The zone to show and enter times in: the server's choice while rendering and hydrating, the browser's after. */
export function useTimeZone(): ViewerTimeZone {
  const server = useContext(ServerTimeZone)
  const browser = useSyncExternalStore(noSubscription, browserTimeZone, () => null)
  return useMemo(() => (browser ? { zone: browser, source: 'viewer' } : server), [browser, server])
}

/**
 * Keeps the time-zone cookie equal to the browser's zone, for the next requests (no JavaScript: no cookie, so pages
 * use the unit's zone). Runs once the first frame is painted: the first read of the zone loads the browser's time
 * zone data, a parser-blocking pause a phone would otherwise spend before showing anything.
 */
export function TimeZoneCookieScript({ nonce }: { nonce: string }) {
  const name = TIME_ZONE_COOKIE
  const script =
    `requestAnimationFrame(function(){setTimeout(function(){` +
    `try{var z=encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone||'');` +
    `if(z&&document.cookie.split('; ').indexOf('${name}='+z)<0)` +
    `document.cookie='${name}='+z+'; path=/; max-age=31536000; samesite=lax'+(location.protocol==='https:'?'; secure':'')}catch(e){}` +
    `})})`
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
}

const pad = (n: number) => String(n).padStart(2, '0')
const displayFormatters = new Map<string, Intl.DateTimeFormat>()

/** Date (YYYY-MM-DD) and 24-hour time (HH:mm) of an instant on a zone's clock: what the date and time fields show. */
export function wallParts(ms: number, zone: string): { date: string; time: string } {
  const clock = wallClock(ms, zone)
  return {
    date: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  }
}

/**
 * An instant with weekday, date, 24-hour time and zone: 'Sat, Jun 15, 2030, 21:30 EDT' (`locale` writes it as its
 * language does: 'Sa., 15. Juni 2030, 21:30 GMT-4').
 */
export function formatInstant(ms: number, zone: string, locale = 'en-US'): string {
  const key = `${locale} ${zone}`
  let formatter = displayFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
    displayFormatters.set(key, formatter)
  }
  return formatter.format(ms)
}

/** A date and 24-hour time in the page's zone, as the page's language writes one. */
export function DateTime({ iso, className }: { iso: string; className?: string }) {
  const { zone } = useTimeZone()
  const locale = useLocale()
  return (
    <time dateTime={iso} className={className}>
      {formatInstant(Date.parse(iso), zone, locale)}
    </time>
  )
}

/** Says which clock a form's date and time fields use. */
export function TimeZoneNote() {
  const { zone, source } = useTimeZone()
  return (
    <p className="text-xs text-zinc-400">
      {source === 'viewer'
        ? `Date and time are in your local time zone (${zone}).`
        : `Date and time are in the unit's time zone (${zone}).`}
    </p>
  )
}

/** The hidden `tz` field of a form with wall-clock fields: the zone its fields are shown in. */
export function TimeZoneField() {
  return <input type="hidden" name="tz" value={useTimeZone().zone} />
}
