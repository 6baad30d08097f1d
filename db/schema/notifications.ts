// Notifications (docs/rules/notifications.md): each person's push subscriptions (one per device), their choices per
// kind, and the outbox the job runner sends from (docs/decisions/045-notifications-from-an-outbox.md).
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { createdAtColumn, idColumn } from './columns.ts'
import { users } from './users-sessions.ts'

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device; a device that subscribes again replaces its row. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the browser said it was, so a member can tell devices apart on /account. */
    device: text('device').notNull().default(''),
    created_at: createdAtColumn(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.user_id)],
)

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/** A person's choice for one kind (contracts/notifications.ts); a kind without a row takes its default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    push: boolean('push').notNull(),
    discord: boolean('discord').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
)

/**
 * One notification for one person, written in the transaction of what happened (or by the job runner for what the
 * clock brings). `event_key` names the event, so the same event reaches a person once however often it is written.
 * Each channel has its state: pending, sent, skipped (not chosen, or nowhere to send), failed.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: idColumn(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    event_key: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    /** The Discord message word for word, where it is not the title, the body and the link (the applicant's DM). */
    discord_content: text('discord_content'),
    push_state: text('push_state').notNull().default('pending'),
    discord_state: text('discord_state').notNull().default('pending'),
    discord_error: text('discord_error'),
    created_at: createdAtColumn(),
    /** A sender's lease: while it is in the future, no other sender takes the row. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    due_at: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    done_at: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    unique('notification_outbox_event_unique').on(t.user_id, t.event_key),
    index('notification_outbox_due_idx')
      .on(t.due_at)
      .where(sql`${t.done_at} is null`),
    check(
      'notification_outbox_states',
      sql`${t.push_state} in ('pending','sent','skipped','failed') and ${t.discord_state} in ('pending','sent','skipped','failed')`,
    ),
  ],
)

export type NotificationOutboxRow = typeof notificationOutbox.$inferSelect
