import { describe, expect, it } from 'vitest'
import { isValidTimeZone, nextLockInstant, wallDateExists, zonedTimeToInstant } from './time-lock.ts'

const at = (month: number, day: number, hour: number, minute: number) => ({ month, day, hour, minute })

describe('zonedTimeToInstant', () => {
  it('reads UTC as UTC', () => {
    expect(zonedTimeToInstant(2026, at(5, 1, 18, 30), 'UTC').toISOString()).toBe('2026-05-01T18:30:00.000Z')
  })

  it('applies standard and summer offsets', () => {
    expect(zonedTimeToInstant(2026, at(1, 15, 18, 30), 'America/New_York').toISOString()).toBe(
      '2026-01-15T23:30:00.000Z',
    )
    expect(zonedTimeToInstant(2026, at(7, 15, 18, 30), 'America/New_York').toISOString()).toBe(
      '2026-07-15T22:30:00.000Z',
    )
    expect(zonedTimeToInstant(2026, at(7, 15, 18, 30), 'Europe/Berlin').toISOString()).toBe('2026-07-15T16:30:00.000Z')
    expect(zonedTimeToInstant(2026, at(12, 31, 23, 59), 'Asia/Kolkata').toISOString()).toBe('2026-12-31T18:29:00.000Z')
    expect(zonedTimeToInstant(2026, at(1, 1, 0, 0), 'Pacific/Auckland').toISOString()).toBe('2025-12-31T11:00:00.000Z')
  })

  it('moves a time skipped by the spring-forward jump forward by the jump', () => {
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 does not exist and means 03:30 EDT.
    expect(zonedTimeToInstant(2026, at(3, 8, 2, 30), 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z')
    expect(zonedTimeToInstant(2026, at(3, 8, 3, 0), 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z')
    expect(zonedTimeToInstant(2026, at(3, 8, 1, 59), 'America/New_York').toISOString()).toBe('2026-03-08T06:59:00.000Z')
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(zonedTimeToInstant(2026, at(3, 29, 2, 15), 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:15:00.000Z')
  })

  it('takes the earlier of a time that happens twice (fall back)', () => {
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(zonedTimeToInstant(2026, at(11, 1, 1, 30), 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    )
    // Berlin, 25 October 2026: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(zonedTimeToInstant(2026, at(10, 25, 2, 30), 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(zonedTimeToInstant(2026, at(10, 25, 3, 0), 'Europe/Berlin').toISOString()).toBe('2026-10-25T02:00:00.000Z')
  })
})

describe('nextLockInstant', () => {
  const now = Date.parse('2026-06-10T12:00:00Z')

  it('keeps a future date in this year', () => {
    expect(nextLockInstant(at(6, 10, 18, 30), 'UTC', now)?.toISOString()).toBe('2026-06-10T18:30:00.000Z')
    expect(nextLockInstant(at(12, 24, 20, 0), 'Europe/Berlin', now)?.toISOString()).toBe('2026-12-24T19:00:00.000Z')
  })

  it('rolls a date in the past to next year', () => {
    expect(nextLockInstant(at(6, 10, 11, 59), 'UTC', now)?.toISOString()).toBe('2027-06-10T11:59:00.000Z')
    expect(nextLockInstant(at(1, 5, 9, 0), 'America/New_York', now)?.toISOString()).toBe('2027-01-05T14:00:00.000Z')
  })

  it('takes the year as the zone reads it', () => {
    // 31 Dec 2026 23:30 UTC is already 1 Jan 2027 in Auckland: 2 January means 2 January 2027 there.
    const newYearsEve = Date.parse('2026-12-31T23:30:00Z')
    expect(nextLockInstant(at(1, 2, 12, 0), 'Pacific/Auckland', newYearsEve)?.toISOString()).toBe(
      '2027-01-01T23:00:00.000Z',
    )
  })

  it('moves 29 February to the next leap year and refuses dates that never exist', () => {
    expect(nextLockInstant(at(2, 29, 18, 0), 'UTC', now)?.toISOString()).toBe('2028-02-29T18:00:00.000Z')
    expect(nextLockInstant(at(4, 31, 18, 0), 'UTC', now)).toBeNull()
    expect(wallDateExists(2026, at(2, 28, 0, 0))).toBe(true)
    expect(wallDateExists(2026, at(2, 29, 0, 0))).toBe(false)
  })
})

describe('isValidTimeZone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })
})
