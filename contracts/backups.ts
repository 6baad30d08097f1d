import { z } from 'zod'
import { text } from './fields.ts'
import { countOf } from './plural.ts'

// Backups (docs/rules/backups.md): what the admin page and GET /api/admin/backups show of them, and the words for
// the schedule and the retention rule.

/** Why a backup was made, as the backup file's manifest records it. */
export const BACKUP_TRIGGERS = ['command', 'manual', 'scheduled', 'before-upgrade'] as const
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number]

/** The page's Why column. */
export const BACKUP_TRIGGER_LABELS: Record<BackupTrigger, string> = {
  scheduled: 'Scheduled',
  manual: 'Back up now',
  command: 'npm run backup',
  'before-upgrade': 'Before an upgrade',
}

/** The Back up now form's intent. */
export const BACK_UP_NOW = 'back-up-now'

export const BACKUP_PAGE_TEXT = {
  inProgress: 'A backup is being made…',
  failed: 'The last backup failed:',
} as const

const count = z.int().min(0)

export const backupItemSchema = z.object({
  name: text().meta({ description: 'The file name in BACKUP_DIR (the download path takes it).' }),
  createdAt: text().meta({ description: 'When the backup was taken (ISO 8601).' }),
  trigger: z.enum(BACKUP_TRIGGERS).meta({
    description: 'scheduled (the job), manual (Back up now), command (npm run backup), before-upgrade.',
  }),
  bytes: count.meta({ description: "The file's size." }),
  rows: count.meta({ description: 'Rows in all tables.' }),
  tables: count,
  uploads: count.meta({ description: 'Uploaded files in the backup.' }),
  appVersion: text().meta({ description: 'The app version that made it.' }),
})
export type BackupItem = z.output<typeof backupItemSchema>

export const backupKeepSchema = z.object({ daily: count, weekly: count, monthly: count }).meta({
  description: 'The retention rule (BACKUP_KEEP): the newest backup of each of the last N days, weeks and months.',
})
export type BackupKeepCounts = z.output<typeof backupKeepSchema>

export const backupScheduleSchema = z.object({
  cron: text().nullable().meta({
    description: "BACKUP_SCHEDULE, a cron expression on the unit's clock; null when scheduled backups are off.",
  }),
  zone: text().meta({ description: "The unit's time zone the schedule runs in." }),
  text: text().meta({ description: 'The schedule in words.' }),
  next: text()
    .nullable()
    .meta({ description: 'The next scheduled backup (ISO 8601) for a daily schedule (`M H * * *`); else null.' }),
})
export type BackupSchedule = z.output<typeof backupScheduleSchema>

export const backupsAnswerSchema = z.object({
  backups: z.array(backupItemSchema).meta({ description: 'The finished backups, newest first.' }),
  inProgress: z.boolean().meta({ description: 'A backup is queued or being made.' }),
  lastFailure: z
    .object({ error: text(), at: text().meta({ description: 'When it failed (ISO 8601).' }) })
    .nullable()
    .meta({ description: 'The newest finished run when it failed (until a backup succeeds); else null.' }),
  schedule: backupScheduleSchema,
  keep: backupKeepSchema,
})
export type BackupsAnswer = z.output<typeof backupsAnswerSchema>

/** A schedule of the form `M H * * *` (every day at one time): its hour and minute; null for any other. */
export function dailyBackupTime(cron: string | null): { hour: number; minute: number } | null {
  const match = cron ? /^(\d{1,2})\s+(\d{1,2})\s+\*\s+\*\s+\*$/.exec(cron.trim()) : null
  if (!match) return null
  const [minute, hour] = [Number(match[1]), Number(match[2])]
  return hour < 24 && minute < 60 ? { hour, minute } : null
}

/** BACKUP_SCHEDULE in words: "Every day at 03:00, on the unit's clock". */
export function backupScheduleText(cron: string | null): string {
  if (!cron) return 'No scheduled backups (BACKUP_SCHEDULE=off)'
  const daily = dailyBackupTime(cron)
  if (!daily) return `On the schedule \`${cron}\``
  const pad = (n: number) => String(n).padStart(2, '0')
  return `Every day at ${pad(daily.hour)}:${pad(daily.minute)}, on the unit's clock`
}

/** The retention rule in words: "The newest of each of the last 7 days, 4 weeks and 6 months". */
export function backupKeepText(keep: BackupKeepCounts): string {
  const parts = [
    keep.daily ? countOf(keep.daily, 'day') : null,
    keep.weekly ? countOf(keep.weekly, 'week') : null,
    keep.monthly ? countOf(keep.monthly, 'month') : null,
  ].filter((part): part is string => part !== null)
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '')
  return `The newest of each of the last ${list}`
}
