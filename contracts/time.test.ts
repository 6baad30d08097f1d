// The one date-time parser of forms and /api bodies (docs/rules/api.md, Times in JSON): ISO 8601 with a date and a
// time, every part in range, the year bounded; a bare '12345' (which Date.parse reads as the year 12345) is refused.
import { describe, expect, it } from 'vitest'
import { pingSchema } from './pings.ts'
import { isCalendarDay, parseDateTime } from './time.ts'

describe('parseDateTime', () => {
  it('reads ISO date-times with or without seconds, fraction and zone', () => {
    expect(parseDateTime('2031-03-01T18:00:00Z')?.toISOString()).toBe('2031-03-01T18:00:00.000Z')
    expect(parseDateTime('2031-03-01T18:00Z')?.toISOString()).toBe('2031-03-01T18:00:00.000Z')
    expect(parseDateTime('2031-03-01 18:00:30.123456+05:30')?.toISOString()).toBe('2031-03-01T12:30:30.123Z')
    expect(parseDateTime('2031-03-01T18:00-0500')?.toISOString()).toBe('2031-03-01T23:00:00.000Z')
    expect(parseDateTime('2031-03-01T18:00')?.getTime()).toBe(new Date(2031, 2, 1, 18, 0).getTime())
  })

  it.each([
    '12345',
    '2031',
    '2031-03-01',
    '12345-01-01T00:00:00Z',
    '+012345-01-01T00:00:00Z',
    '1899-12-31T23:59:00Z',
    '3000-01-01T00:00:00Z',
    '2031-02-29T10:00:00Z',
    '2031-13-01T10:00:00Z',
    '2031-01-01T24:00:00Z',
    '2031-01-01T10:60:00Z',
    '2031-01-01T10:00:61Z',
    '2031-01-01T10:00+15:00',
    '2031-01-01T10:00:00 GMT',
    'Sat, 01 Mar 2031 18:00:00 GMT',
    ' 2031-03-01T18:00Z',
  ])('refuses %j', (value) => {
    expect(parseDateTime(value)).toBeNull()
  })

  it('bounds calendar days the same way', () => {
    expect(['2032-02-29', '1900-01-01', '2999-12-31'].map(isCalendarDay)).toEqual([true, true, true])
    expect(['2031-02-29', '1899-12-31', '3000-01-01', '20266-01-01'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})

describe('a ping time', () => {
  const ping = { channelId: '1', messageContent: 'Op tonight.', rolesToPing: ['2'] }
  it.each(['12345', '2031-02-30T18:00:00Z', '99999-01-01T00:00:00Z'])('of %j is refused on pingTime', (pingTime) => {
    expect(pingSchema.safeParse({ ...ping, pingTime }).error?.issues).toEqual([
      expect.objectContaining({ path: ['pingTime'], message: 'Please enter a valid date and time.' }),
    ])
  })
})
