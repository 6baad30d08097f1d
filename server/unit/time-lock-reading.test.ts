// The time lock is read in three places: the database's stored functions (signup_unlock_at, behind every sign-up), the
// server (lockActive) and the browser's countdown (the ORBAT page's live store). All three use signupUnlockAt's rule
// (contracts/time.ts); this holds the database's reading to it on a table of inputs, the odd ones included.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signupUnlockAt } from '#contracts/time.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { lockActive } from './settings.ts'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})

const INPUTS = [
  // What the admin form stores, and other ISO instants with a zone.
  '2026-06-01T10:00:00.000Z',
  '2026-06-01T10:00Z',
  '2026-06-01T10:00:30Z',
  '2026-06-01T10:00:30.5+02:00',
  '2026-06-01T10:00:00.123+0530',
  '2026-12-31T23:59:59.999-14:00',
  '2028-02-29T00:00Z',
  // No lock: no zone, a date alone, a space for the T, words, an empty value.
  '2026-06-01T10:00',
  '2026-06-01',
  '2026-06-01 10:00Z',
  'June 1, 2026 10:00 UTC',
  'tomorrow',
  '',
  // No lock: a time or a day the clock and the calendar do not have, an offset no zone uses.
  '2026-06-01T24:00Z',
  '2026-06-01T10:60Z',
  '2026-02-30T10:00Z',
  '2027-02-29T10:00Z',
  '2026-06-01T10:00+15:00',
  '2026-06-01T10:00+02:60',
]

it('the database reads every stored time lock as the app does', async () => {
  const answers: Array<{ input: string; app: string | null; database: string | null }> = []
  for (const input of INPUTS) {
    const [row] = await database.db.execute<{ at: Date | string | null }>(sql`select signup_unlock_at(${input}) as at`)
    const at = row?.at ?? null
    answers.push({
      input,
      app: signupUnlockAt(input)?.toISOString() ?? null,
      database: at === null ? null : new Date(at).toISOString(),
    })
  }
  expect(answers.filter((answer) => answer.app !== answer.database)).toEqual([])
  // The table has both kinds.
  expect(answers.filter((answer) => answer.app !== null)).toHaveLength(7)
})

it('lockActive reads the time lock by the same rule: a value it cannot read is no lock', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  expect(lockActive('2026-06-01T10:00Z', now)).toBe(true)
  expect(lockActive('2025-06-01T10:00Z', now)).toBe(false)
  // Date.parse would read these as instants in the future; as no lock they leave sign-ups open, as the database does.
  expect(lockActive('2026-06-01', now)).toBe(false)
  expect(lockActive('2026-06-01T10:00', now)).toBe(false)
  expect(lockActive('June 1, 2026 10:00 UTC', now)).toBe(false)
})
