import { z } from 'zod'

// Field rules several contracts share.

export const MAX_INT = 2_147_483_647
/** A Discord id (channel, role, user). */
export const SNOWFLAKE = /^\d{1,25}$/

/** A required text, trimmed ('  ' is missing too), with a length limit. */
export function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong)
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
export const flagSchema = z
  .custom<boolean | 0 | 1 | string>((v) => FLAG_VALUES.includes(v), { error: 'Flags must be true or false.' })
  // How the API reference (zod-openapi) describes the field: z.custom has no JSON Schema of its own.
  .meta({ anyOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false', 'on', ''] }], description: 'true or false (0/1 and a checkbox\'s "on" are accepted too).' })
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on')
