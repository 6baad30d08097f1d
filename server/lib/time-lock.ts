// The Signup Time Lock form (docs/rules/orbat.md, The time lock) sends a month, a day and a 24-hour time meant in the
// page's time zone (the admin's IANA zone, or the unit's when the server does not know it). These turn that wall time
// into the instant stored as signup_time. Zone arithmetic is luxon's, the server's one time library
// (docs/decisions/025-times-in-the-viewers-zone.md).

import { DateTime } from 'luxon'
import { canonicalTimeZone } from '#contracts/time-zone.ts'

interface WallTime {
  month: number
  day: number
  hour: number
  minute: number
}

/** True when Intl knows the IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null
}

/** The wall-clock reading of an instant in a time zone, as if that reading were UTC (ms, to the second). */
export function wallClockMs(epochMs: number, timeZone: string): number {
  const reading = DateTime.fromMillis(Math.floor(epochMs / 1000) * 1000, { zone: timeZone })
  return reading.setZone('UTC', { keepLocalTime: true }).toMillis()
}

/**
 * The instant at which the zone's clocks read year-month-day hour:minute. Like Temporal's 'compatible'
 * disambiguation: a time skipped by a DST jump (e.g. 02:30 on a spring-forward night) moves forward by the jump,
 * and a time that happens twice (the fall-back hour) is the earlier of the two.
 */
export function zonedTimeToInstant(year: number, wall: WallTime, timeZone: string): Date {
  const reading = { year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute }
  const instant = DateTime.fromObject(reading, { zone: timeZone })
  // luxon moves a skipped time forward by the jump; of a time that happens twice it may pick either: take the
  // earlier when the hour before reads the same.
  const hourEarlier = instant.minus({ hours: 1 })
  const sameReading = (other: DateTime) =>
    other.year === year &&
    other.month === wall.month &&
    other.day === wall.day &&
    other.hour === wall.hour &&
    other.minute === wall.minute
  return (sameReading(hourEarlier) && hourEarlier.offset !== instant.offset ? hourEarlier : instant).toJSDate()
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
