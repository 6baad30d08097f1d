// Days and times as people type them (dates are calendar days, times 24-hour HH:mm: docs/rules/ui.md) and as the JSON
// API sends them (ISO date-times): the same checks in the browser and on the server.

/** A time field's messages: on blur, and on submit. */
export const TIME_FORMAT_BLUR = 'Please enter time in HH:mm format.'
export const TIME_FORMAT_SUBMIT = 'Please enter a valid time in 24-hour format (HH:mm).'

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** Dates people enter stay within these years: a typo such as 20266 or a bare '12345' is refused, not stored. */
const MIN_YEAR = 1900
const MAX_YEAR = 2999

function isDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A real calendar day as YYYY-MM-DD within MIN_YEAR..MAX_YEAR (2030-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value)
  return match !== null && isDay(Number(match[1]), Number(match[2]), Number(match[3]))
}

/**
 * The one date-time parser of forms and /api bodies: ISO 8601 with a date and a time (YYYY-MM-DDTHH:mm, optional
 * seconds and fraction, optional zone Z or ±HH:mm; a space may stand for the T), every part in range, the year within
 * MIN_YEAR..MAX_YEAR. Without a zone it is the server's local time, as Date.parse reads it. Null for anything else:
 * Date.parse alone takes '12345' for the year 12345.
 */
export function parseDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value)
  if (!match) return null
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone = ''] = match
  if (
    !isDay(Number(year), Number(month), Number(day)) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  )
    return null
  const offset = zone.length > 1 ? zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2') : zone
  if (offset.length > 1 && (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(4)) > 59)) return null
  const at = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${offset}`)
  return Number.isFinite(at) ? new Date(at) : null
}

/** An ISO date and time (see parseDateTime). */
export function isDateTime(value: string): boolean {
  return parseDateTime(value) !== null
}

/** Shaped like a day (YYYY-MM-DD), valid or not: its errors speak of a date, a date-time's of a date and time. */
export function looksLikeDay(value: string): boolean {
  return DAY.test(value)
}

/**
 * A typed or pasted time in 24-hour HH:mm: 3 or 4 digits (930, 1830) or H:mm / HH:mm. Null when it is not a time
 * (hours 0-23, minutes 00-59).
 */
export function normalizeTime(input: string): string | null {
  const text = input.trim()
  const digits = /^\d{3,4}$/.test(text)
    ? text.padStart(4, '0')
    : /^(\d{1,2}):(\d{2})$/.test(text)
      ? text.replace(':', '').padStart(4, '0')
      : null
  if (!digits) return null
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2))
  if (hours > 23 || minutes > 59) return null
  return `${digits.slice(0, 2)}:${digits.slice(2)}`
}

/** What a time field shows while typing: digits only, up to 4, with the colon inserted after the hours. */
export function maskTimeInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits
}

/**
 * How a stored time lock (the signup_time setting) reads, on the server, in the browser and in the database alike
 * (the stored function signup_unlock_at in db/functions/orbat.sql uses the same pattern): an ISO date and 24-hour time
 * with seconds and a fraction optional and a zone required (`Z` or an offset up to 14 hours), on a day the calendar
 * has. Anything else is no lock.
 */
export const SIGNUP_TIME_PATTERN =
  /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):?[0-5]\d)$/

/** The instant a stored time lock ends, or null when the value is no lock (see SIGNUP_TIME_PATTERN). */
export function signupUnlockAt(value: string): Date | null {
  return SIGNUP_TIME_PATTERN.test(value) ? parseDateTime(value) : null
}
