import { isCalendarDay, normalizeTime, parseDateTime } from '#contracts/time.ts'
import { Invalid } from '../errors.ts'
import { isValidTimeZone, zonedTimeToInstant } from '../settings/time-lock.ts'

// The admin forms send a day, a 24-hour time and the admin's zone (the browser's IANA name; 'UTC' without
// JavaScript); the JSON API sends an instant. Both become the instant stored.

export const UNKNOWN_TIME_ZONE = 'Your time zone is not known to the server.'

/** A day (YYYY-MM-DD) and an HH:mm time on the wall clock of `tz` as an instant. Invalid (on `time`) for an unknown zone. */
export function wallTimeToInstant(day: string, time: string, tz: string | undefined): Date {
  const zone = tz?.trim() || 'UTC'
  const hhmm = normalizeTime(time)
  if (!isValidTimeZone(zone)) throw new Invalid(UNKNOWN_TIME_ZONE, { time: [UNKNOWN_TIME_ZONE] })
  if (!isCalendarDay(day) || !hhmm) throw new Invalid('Please enter a valid date and time.')
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number]
  return zonedTimeToInstant(year, { month, day: date, hour, minute }, zone)
}

/** The instant a parsed form or API body names: a date-time (checked by the contract) as is, or a day with its wall-clock time. */
export function instantOf(input: { date: string; time?: string; tz?: string }): Date {
  if (isCalendarDay(input.date) && input.time !== undefined) return wallTimeToInstant(input.date, input.time, input.tz)
  // A day alone is midnight UTC (events are days).
  const instant = isCalendarDay(input.date) ? new Date(`${input.date}T00:00:00Z`) : parseDateTime(input.date)
  if (!instant) throw new Invalid('Please enter a valid date and time.')
  return instant
}
