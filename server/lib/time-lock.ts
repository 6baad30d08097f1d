// The Signup Time Lock form (docs/rules/orbat.md, The time lock) sends a month, a day and a 24-hour time meant in the
// page's time zone (the admin's IANA zone, or the unit's when the server does not know it). These turn that wall time
// into the instant stored as signup_time, with Intl only (no date library).

import { canonicalTimeZone, wallClock } from '#contracts/time-zone.ts'

interface WallTime {
  month: number
  day: number
  hour: number
  minute: number
}

const DAY_MS = 86_400_000

/** True when Intl knows the IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null
}

/** The wall-clock reading of an instant in a time zone, as if that reading were UTC (ms). */
export function wallClockMs(epochMs: number, timeZone: string): number {
  const clock = wallClock(epochMs, timeZone)
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second)
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000
  return wallClockMs(whole, timeZone) - whole
}

/**
 * The instant at which the zone's clocks read year-month-day hour:minute. Like Temporal's 'compatible'
 * disambiguation: a time skipped by a DST jump (e.g. 02:30 on a spring-forward night) moves forward by the jump,
 * and a time that happens twice (the fall-back hour) is the earlier of the two.
 */
export function zonedTimeToInstant(year: number, wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(year, wall.month - 1, wall.day, wall.hour, wall.minute)
  // The offsets a day either side cover any transition near this wall time.
  const before = offsetAt(asUtc - DAY_MS, timeZone)
  const after = offsetAt(asUtc + DAY_MS, timeZone)
  const candidates = [...new Set([asUtc - before, asUtc - after])].sort((a, b) => a - b)
  const exact = candidates.find((instant) => instant + offsetAt(instant, timeZone) === asUtc)
  // No exact match: the wall time falls in a gap; reading it with the offset before the jump moves it forward.
  return new Date(exact ?? asUtc - before)
}

/** The wall time exists in that year (no 31 April, no 29 February in a common year). */
export function wallDateExists(year: number, wall: WallTime): boolean {
  const date = new Date(Date.UTC(year, wall.month - 1, wall.day))
  return date.getUTCMonth() === wall.month - 1 && date.getUTCDate() === wall.day
}

/**
 * The next time lock for a month/day/time in a zone: this year's date (the year as the zone reads it now), or the next
 * year's when that lies in the past. A 29 February moves on to the next leap year. Null when the date never exists
 * (e.g. 31 April).
 */
export function nextLockInstant(wall: WallTime, timeZone: string, now: number = Date.now()): Date | null {
  const currentYear = new Date(wallClockMs(now, timeZone)).getUTCFullYear()
  for (let year = currentYear; year <= currentYear + 8; year++) {
    if (!wallDateExists(year, wall)) continue
    const instant = zonedTimeToInstant(year, wall, timeZone)
    if (instant.getTime() > now) return instant
  }
  return null
}
