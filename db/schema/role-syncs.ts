// The durable queue of Discord role syncs (server/role-sync/queue.ts).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAtColumn } from './columns.ts'

/**
 * Role syncs waiting to run: one row per Discord id ('*': a reconcile of everyone), written in the transaction of the
 * change that needs it and deleted once Discord matches the roster, so a sync survives a crash and a Discord outage.
 */
export const pendingRoleSyncs = pgTable(
  'pending_role_syncs',
  {
    discord_id: text('discord_id').primaryKey(),
    /** Bumped by every new request: a sync that read an older version leaves the row for another pass. */
    version: integer('version').notNull().default(1),
    /** Failed attempts since the last request; the next waits longer each time. */
    attempts: integer('attempts').notNull().default(0),
    due_at: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a drainer works on the row; a drainer that died leaves it to others once this has passed. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: createdAtColumn(),
  },
  (t) => [index('pending_role_syncs_due_at_idx').on(t.due_at)],
)

export type PendingRoleSync = typeof pendingRoleSyncs.$inferSelect
