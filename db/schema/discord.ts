// Discord integration records: rank and squad role mappings, scheduled pings.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn, timestampColumns } from './columns.ts'
import { squads } from './orbat.ts'
import { events, rankEnum, trainings } from './roster.ts'
import { users } from './users-sessions.ts'

/** The Discord role each rank grants; at most one mapping per rank. */
export const rankRoleMappings = pgTable('rank_role_mappings', {
  id: idColumn(),
  rank_name: rankEnum('rank_name').notNull().unique(),
  discord_role_id: text('discord_role_id').notNull(),
  ...timestampColumns(),
})

/**
 * A squad's Discord role (and optional channel, stored on squads.discord_channel_id): the "squad role mapping" of the
 * integration page and the "linked chat-role record" the ORBAT reads. At most one per squad.
 */
export const squadRoleMappings = pgTable('squad_role_mappings', {
  id: idColumn(),
  squad_id: integer('squad_id')
    .notNull()
    .unique()
    .references(() => squads.id, { onDelete: 'cascade' }),
  /** Set once the bot has created (or been given) the role; null until then. */
  discord_role_id: text('discord_role_id'),
  create_discord_channel: boolean('create_discord_channel').notNull().default(false),
  ...timestampColumns(),
})

export const PING_TYPES = ['event', 'training'] as const
export type PingType = (typeof PING_TYPES)[number]
export const pingTypeEnum = pgEnum('ping_type', PING_TYPES)

export const PING_STATUSES = ['pending', 'sent', 'failed'] as const
export type PingStatus = (typeof PING_STATUSES)[number]
export const pingStatusEnum = pgEnum('ping_status', PING_STATUSES)

/**
 * A message the bot posts at ping_time. Exactly one of event_id / training_id is set, matching `type`.
 * NOTE: a pending ping with attempted_at set is being sent: claimed_by holds it until claim_expires_at (a short lease
 * its sender renews). A claim whose lease ran out was interrupted; it is resent with the same Discord nonce, which
 * Discord de-duplicates for a few minutes, so attempted_at (the first claim) decides whether a resend is still safe.
 */
export const scheduledPings = pgTable(
  'scheduled_pings',
  {
    id: idColumn(),
    type: pingTypeEnum('type').notNull(),
    event_id: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    training_id: integer('training_id').references(() => trainings.id, { onDelete: 'cascade' }),
    channel_id: text('channel_id').notNull(),
    message_content: text('message_content').notNull(),
    /** Role ids mentioned in the message. */
    roles_to_ping: text('roles_to_ping')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ping_time: timestamp('ping_time', { withTimezone: true }).notNull(),
    status: pingStatusEnum('status').notNull().default('pending'),
    attempted_at: timestamp('attempted_at', { withTimezone: true }),
    /** The app instance sending it (hostname:pid), while attempted_at is set and the ping is pending. */
    claimed_by: text('claimed_by'),
    claim_expires_at: timestamp('claim_expires_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** The Discord message id once sent. */
    discord_message_id: text('discord_message_id'),
    error: text('error'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (t) => [
    check(
      'scheduled_pings_target_matches_type',
      sql`(${t.type} = 'event' AND ${t.event_id} IS NOT NULL AND ${t.training_id} IS NULL) OR (${t.type} = 'training' AND ${t.training_id} IS NOT NULL AND ${t.event_id} IS NULL)`,
    ),
    check('scheduled_pings_message_not_blank', sql`btrim(${t.message_content}) <> ''`),
    index('scheduled_pings_status_time_idx').on(t.status, t.ping_time),
    // Ping History's order (newest first, id breaking ties).
    index('scheduled_pings_ping_time_id_idx').on(t.ping_time.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('scheduled_pings_created_at_idx').on(t.created_at),
    index('scheduled_pings_event_id_idx').on(t.event_id),
    index('scheduled_pings_training_id_idx').on(t.training_id),
  ],
)

export type RankRoleMapping = typeof rankRoleMappings.$inferSelect
export type NewRankRoleMapping = typeof rankRoleMappings.$inferInsert
export type SquadRoleMapping = typeof squadRoleMappings.$inferSelect
export type NewSquadRoleMapping = typeof squadRoleMappings.$inferInsert
export type ScheduledPing = typeof scheduledPings.$inferSelect
export type NewScheduledPing = typeof scheduledPings.$inferInsert
