import { z } from 'zod'
import { MAX_INT } from './ids.ts'

// Field rules several contracts share.

export { MAX_INT, parseIdText } from './ids.ts'

/** A Discord id (channel, role, user). */
export const SNOWFLAKE = /^\d{1,25}$/

/** A field's place in a form or body as its errors name it: `name`, `slots[3].role`. */
export function fieldLabel(path: ReadonlyArray<PropertyKey> | undefined): string {
  return (
    (path ?? [])
      .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
      .join('')
      .replace(/^\./, '') || 'The value'
  )
}

/**
 * Every text field of a form or /api body (a lint rule keeps contracts/ off bare z.string()). PostgreSQL cannot store
 * U+0000, so a NUL would fail the query with a 500: it is refused here, naming the field, before anything reads the
 * value. Chain trim/min/max/regex as on z.string().
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  // eslint-disable-next-line no-restricted-syntax -- the one place a text field is built
  return z.string(params).refine((value) => !value.includes('\u0000'), {
    error: (issue) => `${fieldLabel(issue.path)} contains a NUL character, which cannot be stored.`,
    abort: true,
  })
}

/** A required text, trimmed ('  ' is missing too), with a length limit. */
export function requiredText(required: string, max: number, tooLong: string) {
  return text({ error: required }).trim().min(1, required).max(max, tooLong)
}

// ---- numbers and ids: decimal digits only (docs/rules/api.md) --------------------------------------------------------

const INTEGER_TEXT = /^-?\d{1,15}$/
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/

/**
 * A JSON number, or a form field's text in plain decimal notation; null for what Number() and z.coerce would quietly
 * read as a number: '0x10' (16), '1e3', ' 5', '+5', '' (0), [5], true.
 */
export function strictNumber(value: unknown, integer = false): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && (integer ? INTEGER_TEXT : DECIMAL_TEXT).test(value)
        ? Number(value)
        : NaN
  return Number.isFinite(number) && (!integer || Number.isInteger(number)) ? number : null
}

/**
 * A number field of a form or /api body (see strictNumber); chain its range with .pipe(z.number()...).
 * NOTE: a custom check, not z.coerce or a z.number() branch: conform would turn the form's text into a number with
 * Number() before the schema saw it.
 */
export function numberInput(message: string, { integer = false } = {}) {
  return (
    z
      .custom<number | string>((value) => strictNumber(value, integer) !== null, { error: message })
      // What the OpenAPI document (server/openapi) says of it: a custom check has no JSON Schema of its own.
      .meta({
        anyOf: [
          { type: integer ? 'integer' : 'number' },
          { type: 'string', pattern: integer ? INTEGER_TEXT.source : DECIMAL_TEXT.source },
        ],
      })
      .transform((value) => strictNumber(value, integer)!)
  )
}

/** A database id in a form or /api body: a whole number from 1 to 2^31-1. */
export function idInput(message: string) {
  return numberInput(message, { integer: true }).pipe(z.number().int(message).min(1, message).max(MAX_INT, message))
}

/** An http(s) address (links open in a new tab: nothing else is stored). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const FLAG_VALUES: readonly unknown[] = [true, false, 0, 1, '0', '1', 'true', 'false', 'on', '']

/** A yes/no field: JSON booleans and 0/1, or a form's checkbox ('on'); absent is false. */
// NOTE: z.custom rather than a union: conform's getZodConstraint marks an optional union required (a checkbox the
// browser would insist on).
const flagValue = z
  .custom<boolean | 0 | 1 | string>((v) => FLAG_VALUES.includes(v), { error: 'Flags must be true or false.' })
  // How the API reference (zod-openapi) describes the field: z.custom has no JSON Schema of its own.
  .meta({
    anyOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false', 'on', ''] }],
    description: 'true or false (0/1 and a checkbox\'s "on" are accepted too).',
  })
const readFlag = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on'

export const flagSchema = flagValue.optional().transform(readFlag)

/** A flag an edit may leave out: absent stays undefined (the stored value is kept); present, read as flagSchema. */
export const keptFlagSchema = flagValue.optional().transform((v) => (v === undefined ? undefined : readFlag(v)))

/**
 * An event's or a training's start in an answer: an ISO 8601 date-time on the unit's clock with its offset
 * ('2025-03-14T20:00:00-04:00'), so a reader sees the unit's day and hour; any ISO parser reads the same instant.
 */
export const unitDateTime = (what: string) =>
  z.iso.datetime({ offset: true }).meta({
    description: `${what}: an ISO 8601 date-time with the unit time zone's offset, e.g. 2025-03-14T20:00:00-04:00.`,
  })
