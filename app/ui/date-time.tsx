import { useHydrated } from '#app/hooks/use-hydrated.ts'

// Dates and times on admin screens: a local clock once scripts run, UTC in the server render and without JavaScript
// (so the page never mismatches while hydrating, and a form without scripts says which clock it uses).

/** The browser's IANA time zone ('UTC' when it cannot tell). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Date (YYYY-MM-DD) and time (HH:mm) of an instant, on the browser's clock (local) or in UTC (no JavaScript). */
export function wallParts(ms: number, local: boolean): { date: string; time: string } {
  const d = new Date(ms)
  return local
    ? { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` }
    : { date: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) }
}

/** A calendar day stored as midnight UTC (an event's date): the same text on the server and in the browser. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso))
}

/** An instant with weekday, date, 24-hour time and zone: on the browser's clock (local) or in UTC. */
export function formatInstant(ms: number, local: boolean): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(local ? {} : { timeZone: 'UTC' }),
  }).format(ms)
}

/** A date and time: local after hydration, UTC in the server render and without JavaScript. */
export function DateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated()
  return <time dateTime={iso}>{formatInstant(new Date(iso).getTime(), hydrated)}</time>
}

/** Says which clock a form's date and time fields use: the admin's zone, or UTC without JavaScript. */
export function TimeZoneNote() {
  const hydrated = useHydrated()
  return (
    <p className="text-xs text-zinc-400">
      {hydrated ? `Date and time are in your local time zone (${localTimeZone()}).` : 'Date and time are in UTC (JavaScript is off).'}
    </p>
  )
}

/** The hidden `tz` field of a form with wall-clock fields: the browser's zone, or UTC without JavaScript. */
export function TimeZoneField({ local }: { local: boolean }) {
  return <input type="hidden" name="tz" value={local ? localTimeZone() : 'UTC'} />
}
