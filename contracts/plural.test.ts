import { expect, test } from 'vitest'
import { countOf, plural } from './plural.ts'

test('one form for 1, the other for every other count', () => {
  expect(countOf(1, 'member')).toBe('1 member')
  expect(countOf(0, 'member')).toBe('0 members')
  expect(countOf(2, 'entry', 'entries')).toBe('2 entries')
  expect(`${countOf(1, 'active member')} ${plural(1, 'matches', 'match')} the search`).toBe(
    '1 active member matches the search',
  )
  expect(`${countOf(12, 'active member')} ${plural(12, 'matches', 'match')} the search`).toBe(
    '12 active members match the search',
  )
})
