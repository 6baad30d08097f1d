import { describe, expect, it } from 'vitest'
import { Invalid } from '../errors.ts'
import { dayIn, instantOf, UNKNOWN_TIME_ZONE, wallTimeToInstant } from './wall-time.ts'

// The admin forms send a day and a 24-hour time on the admin's clock; the JSON API sends an instant.

describe('wall time', () => {
  it('turns the admin’s day and time into an instant in their zone (UTC without one)', () => {
    expect(wallTimeToInstant('2030-06-14', '19:00', 'America/New_York').toISOString()).toBe('2030-06-14T23:00:00.000Z')
    expect(wallTimeToInstant('2030-01-14', '19:00', 'America/New_York').toISOString()).toBe('2030-01-15T00:00:00.000Z')
    expect(wallTimeToInstant('2030-01-14', '930', undefined).toISOString()).toBe('2030-01-14T09:30:00.000Z')
  })

  it('refuses a zone the server does not know, on the time field', () => {
    const refused = (() => {
      try {
        wallTimeToInstant('2030-01-14', '19:00', 'Mars/Olympus')
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(Invalid)
    expect((refused as Invalid).fields).toEqual({ time: [UNKNOWN_TIME_ZONE] })
  })

  it('reads an API instant as is; a day alone starts at the unit’s start time on its clock, and needs one', () => {
    const unit = { zone: 'America/New_York', startTime: '20:00' }
    expect(instantOf({ date: '2030-01-14T19:00:00Z' }).toISOString()).toBe('2030-01-14T19:00:00.000Z')
    expect(instantOf({ date: '2030-01-14' }, unit).toISOString()).toBe('2030-01-15T01:00:00.000Z')
    expect(() => instantOf({ date: '2030-01-14' })).toThrow(Invalid)
    expect(instantOf({ date: '2030-07-01', time: '18:45', tz: 'America/New_York' }).toISOString()).toBe(
      '2030-07-01T22:45:00.000Z',
    )
  })

  it('with the unit’s clock, reads a time or a date-time without a zone on it (seconds kept)', () => {
    const unit = { zone: 'America/New_York', startTime: '20:00' }
    expect(instantOf({ date: '2030-07-01', time: '18:45' }, unit).toISOString()).toBe('2030-07-01T22:45:00.000Z')
    expect(instantOf({ date: '2030-07-01T18:45:30.5' }, unit).toISOString()).toBe('2030-07-01T22:45:30.500Z')
    expect(instantOf({ date: '2030-07-01 18:45' }, unit).toISOString()).toBe('2030-07-01T22:45:00.000Z')
    expect(instantOf({ date: '2030-07-01T18:45:00-07:00' }, unit).toISOString()).toBe('2030-07-02T01:45:00.000Z')
  })

  it('names the calendar day an instant falls on in a zone', () => {
    expect(dayIn(new Date('2030-06-16T00:00:00Z'), 'America/New_York')).toBe('2030-06-15')
    expect(dayIn(new Date('2030-06-16T00:00:00Z'), 'Europe/Berlin')).toBe('2030-06-16')
  })
})
