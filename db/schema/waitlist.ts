// The waitlist: users waiting for an open slot, first come first served.
import { index, integer, pgTable } from 'drizzle-orm/pg-core'
import { createdAtColumn, idColumn } from './columns.ts'
import { squads } from './orbat.ts'
import { users } from './users-sessions.ts'

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: idColumn(),
    /** A user is on the waitlist at most once. */
    user_id: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The squad_preference: a squad, or null for Any Squad. Deleting the squad turns the preference into Any. */
    squad_id: integer('squad_id').references(() => squads.id, { onDelete: 'set null' }),
    /** Join time; the longest-waiting entry (smallest created_at, then id) goes first. */
    created_at: createdAtColumn(),
  },
  (t) => [
    index('waitlist_entries_order_idx').on(t.created_at, t.id),
    index('waitlist_entries_squad_id_idx').on(t.squad_id),
  ],
)

export type WaitlistEntry = typeof waitlistEntries.$inferSelect
export type NewWaitlistEntry = typeof waitlistEntries.$inferInsert
