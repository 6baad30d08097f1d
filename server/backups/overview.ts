import { DateTime } from 'luxon'
import {
  backupScheduleText,
  dailyBackupTime,
  type BackupItem,
  type BackupSchedule,
  type BackupsAnswer,
} from '#contracts/backups.ts'
import type { Db } from '#db/client.ts'
import type { AppServices } from '../context.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { backupInProgress, lastBackupFailure, listBackups } from './runs.ts'

// What the admin's Backups page and GET /api/admin/backups show: the finished backups, whether one is being made, the
// last run's failure, and how backups are made here (the schedule, the retention rule).

/** The backups, the run under way, the last failure, the schedule and the retention rule. */
export async function backupOverview(services: AppServices, now = new Date()): Promise<BackupsAnswer> {
  const { config, db } = services
  const [listed, inProgress, lastFailure, zone] = await Promise.all([
    listBackups(config),
    backupInProgress(db),
    lastBackupFailureOf(db),
    getUnitTimeZone(db),
  ])
  // NOTE: the manifest's trigger is one of the contract's; the assignment checks the two lists agree.
  const backups: BackupItem[] = listed
  return {
    backups,
    inProgress,
    lastFailure,
    schedule: backupSchedule(config.backups.schedule, zone, now),
    keep: { ...config.backups.keep },
  }
}

/** The newest finished run when it failed, as the admin hub and the Backups page show it: its reason and when. */
export async function lastBackupFailureOf(db: Db): Promise<BackupsAnswer['lastFailure']> {
  const failure = await lastBackupFailure(db)
  if (!failure) return null
  return {
    error: failure.error ?? 'No reason was recorded.',
    at: (failure.finished_at ?? failure.created_at).toISOString(),
  }
}

/** BACKUP_SCHEDULE in the unit's zone, in words, with the next run of a daily schedule (the job's `M H * * *`). */
export function backupSchedule(cron: string | null, zone: string, now: Date): BackupSchedule {
  const daily = dailyBackupTime(cron)
  let next: string | null = null
  if (daily) {
    const clock = DateTime.fromJSDate(now, { zone })
    let at = clock.set({ hour: daily.hour, minute: daily.minute, second: 0, millisecond: 0 })
    if (at <= clock) at = at.plus({ days: 1 })
    next = at.toUTC().toISO()
  }
  return { cron, zone, text: backupScheduleText(cron), next }
}
