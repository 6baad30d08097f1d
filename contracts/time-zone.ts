// Time zones (docs/rules/settings.md): the unit's zone is a setting (unit_time_zone) that events' bare days and the
// weekly promotion run follow; pages show times in the viewer's zone, which a cookie tells the server (set by a tiny
// script in the page head), so the server render and the hydrated page agree. Without the cookie (a first visit, no
// JavaScript) pages use the unit's zone.

export const DEFAULT_UNIT_TIME_ZONE = 'America/New_York'
/** The cookie carrying the browser's IANA time zone. */
export const TIME_ZONE_COOKIE = 'tz'
export const INVALID_TIME_ZONE = 'Please enter a valid IANA time zone, e.g. America/New_York or Europe/Berlin.'

/** The zone's canonical IANA name ('america/new_york' -> 'America/New_York'), or null when Intl does not know it. */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim()
  if (!name || name.length > 100) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** The zone a page shows times in: the viewer's own (from the cookie, or the browser once hydrated) or the unit's. */
export interface ViewerTimeZone {
  zone: string
  source: 'viewer' | 'unit'
}

/** The reading of a zone's clock at an instant (month 1-12, hour 0-23). */
interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>()

/** What a zone's clocks read at an instant (the zone must be known to Intl). */
export function wallClock(epochMs: number, timeZone: string): WallClock {
  let formatter = clockFormatters.get(timeZone)
  if (!formatter) {
    const numeric = 'numeric'
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: numeric,
      month: numeric,
      day: numeric,
      hour: numeric,
      minute: numeric,
      second: numeric,
    })
    clockFormatters.set(timeZone, formatter)
  }
  const parts: Record<string, number> = {}
  for (const part of formatter.formatToParts(epochMs))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  }
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
})

/**
 * A calendar day ('YYYY-MM-DD', no zone: a join date, a leave's first day) as people read dates everywhere in the app:
 * "Nov 25, 2026". Anything else is returned as it is.
 */
export function formatDay(day: string): string {
  const value = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(value.getTime()) ? day : DAY_FORMAT.format(value)
}
