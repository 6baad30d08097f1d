// The durable queue of Discord scheduled-event syncs (server/discord/scheduled-events.ts).
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { createdAtColumn } from './columns.ts'

/**
 * An event or training whose Discord scheduled event must be made to match it (created, edited or deleted), written in
 * the transaction of the change and deleted once Discord has it, so the sync survives a crash and a Discord outage.
 * One row per item coalesces a burst of edits. The item may be gone (deleted): `discord_event_id` then keeps the id
 * of the Discord event to delete.
 */
export const pendingDiscordEvents = pgTable(
  'pending_discord_events',
  {
    /** What the item is (the check below keeps the table to these). */
    kind: text('kind').$type<'event' | 'training'>().notNull(),
    item_id: integer('item_id').notNull(),
    /** The Discord event of an item deleted in the app, to be deleted on Discord too. */
    discord_event_id: text('discord_event_id'),
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
  (t) => [
    primaryKey({ columns: [t.kind, t.item_id] }),
    check('pending_discord_events_kind_known', sql`${t.kind} in ('event', 'training')`),
    index('pending_discord_events_due_at_idx').on(t.due_at),
  ],
)

export type PendingDiscordEvent = typeof pendingDiscordEvents.$inferSelect
