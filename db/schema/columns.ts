// Shared column helpers, so every table spells ids and timestamps the same way.
import { integer, timestamp } from 'drizzle-orm/pg-core'

/**
 * Integer primary key from an identity column. "BY DEFAULT" (not "ALWAYS") so a restore or a test can insert an
 * explicit id; normal inserts leave it out.
 */
export const idColumn = () => integer('id').primaryKey().generatedByDefaultAsIdentity()

/** A timestamptz column that defaults to now(). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** created_at + updated_at (timestamptz). updated_at is bumped by Drizzle on every update through the ORM. */
export const timestampColumns = () => ({
  created_at: createdAtColumn(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
})
