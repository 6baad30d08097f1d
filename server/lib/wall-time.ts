import { DateTime } from 'luxon'
import { isCalendarDay, normalizeTime, parseDateTime } from '#contracts/time.ts'
import { Invalid } from '../errors.ts'
import { isValidTimeZone, wallClockMs, zonedTimeToInstant } from './time-lock.ts'

// The admin forms send a day, a 24-hour time and the zone their fields were shown in (the viewer's IANA zone, or the
// unit's); the JSON API sends an instant, or (events) a bare day. All become the instant stored.

export const UNKNOWN_TIME_ZONE = 'Your time zone is not known to the server.'
const VALID_DATE_TIME = 'Please enter a valid date and time.'

/** A day (YYYY-MM-DD) and an HH:mm time on the wall clock of `tz` as an instant. Invalid (on `time`) for an unknown zone. */
export function wallTimeToInstant(day: string, time: string, tz: string | undefined): Date {
  const zone = tz?.trim() || 'UTC'
  const hhmm = normalizeTime(time)
  if (!isValidTimeZone(zone)) throw new Invalid(UNKNOWN_TIME_ZONE, { time: [UNKNOWN_TIME_ZONE] })
  if (!isCalendarDay(day) || !hhmm) throw new Invalid(VALID_DATE_TIME)
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number]
  return zonedTimeToInstant(year, { month, day: date, hour, minute }, zone)
}

/** Where an input that names no zone is read: the unit's zone, a bare day at its default start time. */
interface UnitWallClock {
  zone: string
  startTime: string
}

/** A date-time ending in Z or an offset. */
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i

/**
 * The instant a parsed form or API body names: a day with its wall-clock time in `tz`; with `unit` (events), a bare
 * day at the unit's start time, and a time or a date-time without a zone on the unit's clock; else a date-time as is.
 */
export function instantOf(input: { date: string; time?: string; tz?: string }, unit?: UnitWallClock): Date {
  if (isCalendarDay(input.date)) {
    if (input.time !== undefined) return wallTimeToInstant(input.date, input.time, input.tz ?? unit?.zone)
    if (!unit) throw new Invalid(VALID_DATE_TIME)
    return wallTimeToInstant(input.date, unit.startTime, unit.zone)
  }
  if (unit && !WITH_OFFSET.test(input.date)) {
    // '2030-06-15T21:30:15.5': the minute on the unit's clock, then the seconds.
    const minute = wallTimeToInstant(input.date.slice(0, 10), input.date.slice(11, 16), unit.zone)
    const seconds = Number(input.date.slice(17) || 0)
    return new Date(minute.getTime() + Math.round(seconds * 1000))
  }
  const instant = parseDateTime(input.date)
  if (!instant) throw new Invalid(VALID_DATE_TIME)
  return instant
}

/**
 * An instant as JSON answers give it: an ISO date-time on the zone's clock with its offset
 * ('2025-03-14T20:00:00-04:00'), the same instant as toISOString() names, but read as the zone's day and hour.
 */
export function zonedIso(instant: Date, zone: string): string {
  // Remembered: a list of every event names the same few hundred instants on every request, and luxon's zone
  // arithmetic is most of what answering such a list costs.
  const key = `${zone}|${instant.getTime()}`
  let iso = zonedIsos.get(key)
  if (iso === undefined) {
    iso = DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true }) ?? instant.toISOString()
    if (zonedIsos.size >= ZONED_ISO_MEMO) zonedIsos.clear()
    zonedIsos.set(key, iso)
  }
  return iso
}

/** Instants zonedIso remembers before it starts afresh (a zone's rules are fixed while the process runs). */
const ZONED_ISO_MEMO = 20_000
const zonedIsos = new Map<string, string>()

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayIn(instant: Date, zone: string): string {
  return new Date(wallClockMs(instant.getTime(), zone)).toISOString().slice(0, 10)
}
