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
  // Both match the lists' order (newest first, id breaking ties): a page reads its rows off the index, no sort.
  // NOTE: `ORDER BY x DESC` means NULLS FIRST; an index built DESC NULLS LAST (drizzle's plain .desc()) does not match
  // it, even on a NOT NULL column, and the planner sorts every row instead.
  (t) => [
    index('audit_log_timestamp_id_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_timestamp_id_idx').on(t.actor, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

export type AuditLogEntry = typeof auditLog.$inferSelect
export type NewAuditLogEntry = typeof auditLog.$inferInsert
