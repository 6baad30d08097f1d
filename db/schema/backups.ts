// Backups (docs/rules/backups.md): one row per backup run, the app's account of what was asked, made or failed. The
// files themselves live in BACKUP_DIR; this table is the queue of runs an admin asked for (claimed with SKIP LOCKED by
// whichever instance comes first) and the record the admin hub reads a failure from.
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAtColumn } from './columns.ts'

export const BACKUP_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const

export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    /** Why: 'manual' (an admin's Back up now), 'scheduled' (the job), 'command' (npm run backup). */
    trigger: text('trigger').notNull(),
    status: text('status', { enum: BACKUP_RUN_STATES }).notNull().default('queued'),
    /** Who asked (an admin's name, or System). */
    requested_by: text('requested_by').notNull(),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    rows: integer('rows'),
    error: text('error'),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: createdAtColumn(),
  },
  (t) => [
    check('backup_runs_status_known', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('backup_runs_created_idx').on(t.created_at),
  ],
)

export type BackupRun = typeof backupRuns.$inferSelect
