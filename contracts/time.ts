// Days and times as people type them (spec 2 §5: dates are calendar days, times 24-hour HH:mm) and as the JSON API
// sends them (ISO date-times): the same checks in the browser and on the server.

/** Spec 2 §5 time fields: on blur, and on submit. */
export const TIME_FORMAT_BLUR = 'Please enter time in HH:mm format.'
export const TIME_FORMAT_SUBMIT = 'Please enter a valid time in 24-hour format (HH:mm).'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/

/** A real calendar day as YYYY-MM-DD (2030-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  return DAY.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
}

/** An ISO date and time (a zone is optional). */
export function isDateTime(value: string): boolean {
  return DATE_TIME.test(value) && Number.isFinite(Date.parse(value))
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
  const digits = /^\d{3,4}$/.test(text) ? text.padStart(4, '0') : /^(\d{1,2}):(\d{2})$/.test(text) ? text.replace(':', '').padStart(4, '0') : null
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
