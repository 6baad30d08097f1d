import { ACTIVITY_CSV_COLUMNS, type ActivityMember } from '#contracts/activity.ts'

// The members table as CSV (RFC 4180): a header row of the JSON's field names, one row per member, the same values
// as the JSON (null is an empty cell). A text cell that a spreadsheet would run as a formula (starting with = + - @,
// a tab or a carriage return) is prefixed with an apostrophe.

const FORMULA = /^[=+\-@\t\r]/

function cell(value: string | number | boolean | null): string {
  if (value === null) return ''
  if (typeof value !== 'string') return String(value)
  const text = FORMULA.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function activityCsv(members: readonly ActivityMember[]): string {
  const lines = [ACTIVITY_CSV_COLUMNS.join(',')]
  for (const m of members) lines.push(ACTIVITY_CSV_COLUMNS.map((c) => cell(m[c])).join(','))
  return `${lines.join('\r\n')}\r\n`
}
