// The audit log: every admin mutation and every System/bot action writes one entry.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn } from './columns.ts'
import { users } from './users-sessions.ts'

/** The actor name of entries written by jobs and the bot. */
export const SYSTEM_ACTOR = 'System'

export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    /** A username, or 'System' (SYSTEM_ACTOR). Kept as text so entries survive the user's deletion. */
    actor: text('actor').notNull(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: text('details').notNull().default(''),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_timestamp_idx').on(t.timestamp.desc()),
    index('audit_log_actor_timestamp_idx').on(t.actor, t.timestamp.desc()),
  ],
)

export type AuditLogEntry = typeof auditLog.$inferSelect
export type NewAuditLogEntry = typeof auditLog.$inferInsert
