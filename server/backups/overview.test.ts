import { expect, test } from 'vitest'
import { backupKeepText } from '#contracts/backups.ts'
import { backupSchedule } from './overview.ts'

// How the Backups page and GET /api/admin/backups word the schedule and the retention rule, and when a daily schedule
// next runs on the unit's clock.

test('a daily schedule in words, with its next run on the unit clock (DST included)', () => {
  const zone = 'America/New_York'
  expect(backupSchedule('0 3 * * *', zone, new Date('2026-11-29T17:00:00Z'))).toEqual({
    cron: '0 3 * * *',
    zone,
    text: "Every day at 03:00, on the unit's clock",
    next: '2026-11-30T08:00:00.000Z',
  })
  // Before 03:00 on the unit's clock it is today's; the day after the clocks go back, 03:00 is an hour later in UTC.
  expect(backupSchedule('30 2 * * *', zone, new Date('2026-11-01T05:00:00Z')).next).toBe('2026-11-01T07:30:00.000Z')
  expect(backupSchedule('0 3 * * *', zone, new Date('2026-10-31T12:00:00Z')).next).toBe('2026-11-01T08:00:00.000Z')
})

test('another cron expression and no schedule', () => {
  expect(backupSchedule('0 */6 * * *', 'UTC', new Date())).toMatchObject({
    text: 'On the schedule `0 */6 * * *`',
    next: null,
  })
  expect(backupSchedule('0 3 * * 1', 'UTC', new Date()).next).toBeNull()
  expect(backupSchedule(null, 'UTC', new Date())).toMatchObject({
    cron: null,
    text: 'No scheduled backups (BACKUP_SCHEDULE=off)',
    next: null,
  })
})

test('the retention rule in words', () => {
  expect(backupKeepText({ daily: 7, weekly: 4, monthly: 6 })).toBe(
    'The newest of each of the last 7 days, 4 weeks and 6 months',
  )
  expect(backupKeepText({ daily: 1, weekly: 0, monthly: 12 })).toBe(
    'The newest of each of the last 1 day and 12 months',
  )
  expect(backupKeepText({ daily: 14, weekly: 0, monthly: 0 })).toBe('The newest of each of the last 14 days')
})
