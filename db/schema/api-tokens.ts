// Integrations (docs/rules/api.md): API tokens (only a hash of each is stored; the token is shown once) and calendar
// feeds.
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { createdAtColumn, idColumn } from './columns.ts'
import { users } from './users-sessions.ts'

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    /** The owner: requests with the token act as this user (a server token: the admin who created it). */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole token, hex. Tokens carry 256 random bits, so a fast hash is enough. */
    token_hash: text('token_hash').notNull().unique(),
    /** The first characters of the token, so its owner can tell tokens apart. */
    token_prefix: text('token_prefix').notNull(),
    /** read, member, admin (cumulative), or game-server alone (contracts/api-tokens.ts). */
    scopes: text('scopes').array().notNull(),
    created_at: createdAtColumn(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('api_tokens_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('api_tokens_scopes_not_empty', sql`cardinality(${t.scopes}) > 0`),
    unique('api_tokens_user_name_unique').on(t.user_id, t.name),
    index('api_tokens_user_id_idx').on(t.user_id),
  ],
)

export type ApiToken = typeof apiTokens.$inferSelect
export type NewApiToken = typeof apiTokens.$inferInsert

/**
 * A person's calendar feed. Only a hash of the secret in its URL (/calendar/personal/<secret>.ics) is kept, as for API
 * tokens: the URL is shown once, when it is made; a person who lost it makes a new one (the old one stops working).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret_hash: text('secret_hash').notNull().unique(),
  created_at: createdAtColumn(),
})

export type CalendarFeed = typeof calendarFeeds.$inferSelect
