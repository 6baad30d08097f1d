// The company roster: members, ranks, qualifications, events, trainings and promotion thresholds.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { RANKS, type Rank } from '../../contracts/roster.ts'
import { createdAtColumn, idColumn, timestampColumns } from './columns.ts'
import { users } from './users-sessions.ts'

/** Ranks, lowest first (contracts/roster.ts). The PostgreSQL enum keeps this order, so `rank > 'NCO'` compares by seniority. */
export { RANKS, type Rank }
export const rankEnum = pgEnum('rank', RANKS)

/** The rank after `rank`, or null for the top rank. */
export function nextRank(rank: Rank): Rank | null {
  return RANKS[RANKS.indexOf(rank) + 1] ?? null
}

/**
 * A roster member. Links to a logged-in user by discord_id (no foreign key: members usually exist before they log in).
 *
 * event_score is derived, never stored: attended_events_count + hidden_score.
 * NOTE: attended_events_count is a counter, not a COUNT(*) of event_attendance: it carries attendance from before the
 * events tracked here, admins can edit it on the member form, and the attendance service adds/subtracts one when an
 * attendance row is added/removed. So attended_events_count >= the member's event_attendance rows.
 */
export const members = pgTable(
  'members',
  {
    id: idColumn(),
    ingame_name: text('ingame_name').notNull(),
    rank: rankEnum('rank').notNull().default('BMT'),
    join_date: date('join_date').notNull(),
    notes: text('notes'),
    discord_id: text('discord_id').unique(),
    bohemia_uuid: text('bohemia_uuid').unique(),
    /** Admin adjustment to the event score, two decimals (may be negative). */
    hidden_score: numeric('hidden_score', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    attended_events_count: integer('attended_events_count').notNull().default(0),
    is_banned: boolean('is_banned').notNull().default(false),
    banned_date: timestamp('banned_date', { withTimezone: true }),
    ban_reason: text('ban_reason'),
    ...timestampColumns(),
  },
  (t) => [
    check('members_ingame_name_not_blank', sql`btrim(${t.ingame_name}) <> ''`),
    check('members_attended_events_count_non_negative', sql`${t.attended_events_count} >= 0`),
    // A ban (or a Denied creation) always carries a reason.
    check(
      'members_ban_has_reason',
      sql`NOT ${t.is_banned} OR (${t.ban_reason} IS NOT NULL AND btrim(${t.ban_reason}) <> '')`,
    ),
    index('members_ingame_name_idx').on(sql`lower(${t.ingame_name})`),
    index('members_rank_idx').on(t.rank),
    // The roster's order (rank, highest first, then name): a page is an index range, not a sort of every member.
    index('members_roster_order_idx').on(t.is_banned, t.rank.desc(), sql`lower(${t.ingame_name})`, t.id),
  ],
)

/** SQL for a member's event score (attended_events_count + hidden_score), numeric with two decimals. */
export const memberEventScoreSql = sql<string>`(${members.attended_events_count} + ${members.hidden_score})`

export const qualifications = pgTable(
  'qualifications',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    description: text('description'),
    discord_role_id: text('discord_role_id'),
    ...timestampColumns(),
  },
  (t) => [check('qualifications_name_not_blank', sql`btrim(${t.name}) <> ''`)],
)

export const memberQualifications = pgTable(
  'member_qualifications',
  {
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    qualification_id: integer('qualification_id')
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
    granted_at: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.member_id, t.qualification_id] }),
    index('member_qualifications_qualification_id_idx').on(t.qualification_id),
  ],
)

/**
 * Published as a Discord scheduled event (docs/rules/discord.md, Scheduled events): the admin's wish, and the id of the
 * Discord event once the queue (server/discord/scheduled-events.ts) created it. Null while it is not (yet) on Discord.
 */
function discordEventColumns() {
  return {
    discord_event: boolean('discord_event').notNull().default(false),
    discord_event_id: text('discord_event_id'),
  }
}

/**
 * NOTE: attendance_count is kept by the triggers of db/functions/roster.sql (one UPDATE per statement that adds or
 * removes attendance rows, cascades included), so a list of events never counts attendance rows
 * (docs/decisions/033-stored-counts-and-keyset-pages.md).
 */
export const events = pgTable(
  'events',
  {
    id: idColumn(),
    name: text('name').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    orbat_image_url: text('orbat_image_url'),
    /** Linked to the ORBAT: the job runner freezes the ORBAT at the event's start (db/schema/orbat-history.ts). */
    orbat_linked: boolean('orbat_linked').notNull().default(false),
    /** The event's event_attendance rows, kept by a trigger. */
    attendance_count: integer('attendance_count').notNull().default(0),
    ...discordEventColumns(),
    ...timestampColumns(),
  },
  (t) => [
    check('events_name_not_blank', sql`btrim(${t.name}) <> ''`),
    // Lists walk (date, id) either way: a page is an index range, not a sort of every event.
    index('events_date_id_idx').on(t.date, t.id),
  ],
)

export const eventAttendance = pgTable(
  'event_attendance',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    created_at: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.member_id] }),
    // A member's attendance with its events, read from the index alone (a few members' sessions: activity).
    index('event_attendance_member_event_idx').on(t.member_id, t.event_id),
  ],
)

/** NOTE: signup_count is kept by the triggers of db/functions/roster.sql, as events.attendance_count is. */
export const trainings = pgTable(
  'trainings',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    is_hidden: boolean('is_hidden').notNull().default(false),
    is_bmt_training: boolean('is_bmt_training').notNull().default(false),
    /** The training's training_signups rows, kept by a trigger. */
    signup_count: integer('signup_count').notNull().default(0),
    ...discordEventColumns(),
    ...timestampColumns(),
  },
  (t) => [
    check('trainings_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('trainings_date_id_idx').on(t.date, t.id),
  ],
)

export const trainingSignups = pgTable(
  'training_signups',
  {
    training_id: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    created_at: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.training_id, t.member_id] }),
    index('training_signups_member_id_idx').on(t.member_id),
    // A training's first sign-ups (the lists show a few names and the count): an index range per training.
    index('training_signups_order_idx').on(t.training_id, t.created_at, t.member_id),
  ],
)

export const trainingAttendance = pgTable(
  'training_attendance',
  {
    training_id: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    created_at: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.training_id, t.member_id] }),
    index('training_attendance_member_training_idx').on(t.member_id, t.training_id),
  ],
)

/** One threshold per starting rank: a member of from_rank whose event score >= required_score moves to to_rank. */
export const promotionThresholds = pgTable(
  'promotion_thresholds',
  {
    id: idColumn(),
    from_rank: rankEnum('from_rank').notNull().unique(),
    to_rank: rankEnum('to_rank').notNull(),
    required_score: integer('required_score').notNull(),
    ...timestampColumns(),
  },
  (t) => [
    check('promotion_thresholds_required_score_non_negative', sql`${t.required_score} >= 0`),
    check('promotion_thresholds_to_rank_above_from_rank', sql`${t.to_rank} > ${t.from_rank}`),
  ],
)

/** One promoted member as a run records them. */
export interface PromotionRecord {
  member_id: number
  name: string
  from: Rank
  to: Rank
}

export const ANNOUNCEMENT_STATES = ['pending', 'sent', 'failed', 'none'] as const
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number]

/**
 * One promotion run that promoted someone: who moved (the audit entry names the run and the count, not the names),
 * and its announcement in the promotion channel, which the announcer sends after the commit
 * (docs/decisions/034-promotion-runs-and-their-announcement.md).
 * NOTE: while announcement is 'pending', announcement_claimed_until holds it for one sender (a lease it renews), and
 * announcement_parts_sent counts the messages already in the channel: an interrupted send resumes at the next one, with
 * the same Discord nonce for the one it was sending.
 */
export const promotionRuns = pgTable(
  'promotion_runs',
  {
    id: idColumn(),
    /** A username, or 'System' (the weekly job), as the audit entry names it. */
    actor: text('actor').notNull(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    promoted_count: integer('promoted_count').notNull(),
    promotions: jsonb('promotions').$type<PromotionRecord[]>().notNull(),
    /** The promotion channel when the run committed; null when announcements were off ('none'). */
    announcement_channel_id: text('announcement_channel_id'),
    announcement: text('announcement', { enum: ANNOUNCEMENT_STATES }).notNull(),
    announcement_parts_sent: integer('announcement_parts_sent').notNull().default(0),
    /** Failed attempts in a row (Discord down); the next waits longer each time. */
    announcement_attempts: integer('announcement_attempts').notNull().default(0),
    announcement_due_at: timestamp('announcement_due_at', { withTimezone: true }).notNull().defaultNow(),
    announcement_claimed_until: timestamp('announcement_claimed_until', { withTimezone: true }),
    /** When the message being sent was first tried: a resend with its nonce is safe only for a few minutes. */
    announcement_attempted_at: timestamp('announcement_attempted_at', { withTimezone: true }),
    announced_at: timestamp('announced_at', { withTimezone: true }),
    announcement_error: text('announcement_error'),
    created_at: createdAtColumn(),
  },
  (t) => [
    check('promotion_runs_count_matches', sql`${t.promoted_count} = jsonb_array_length(${t.promotions})`),
    index('promotion_runs_announcement_due_idx')
      .on(t.announcement_due_at)
      .where(sql`${t.announcement} = 'pending'`),
  ],
)

export type Member = typeof members.$inferSelect
export type NewMember = typeof members.$inferInsert
export type Qualification = typeof qualifications.$inferSelect
export type NewQualification = typeof qualifications.$inferInsert
export type MemberQualification = typeof memberQualifications.$inferSelect
export type NewMemberQualification = typeof memberQualifications.$inferInsert
/** Named RosterEvent so it does not shadow the DOM's global Event type. */
export type RosterEvent = typeof events.$inferSelect
export type NewRosterEvent = typeof events.$inferInsert
export type EventAttendance = typeof eventAttendance.$inferSelect
export type NewEventAttendance = typeof eventAttendance.$inferInsert
export type Training = typeof trainings.$inferSelect
export type NewTraining = typeof trainings.$inferInsert
export type TrainingSignup = typeof trainingSignups.$inferSelect
export type NewTrainingSignup = typeof trainingSignups.$inferInsert
export type TrainingAttendance = typeof trainingAttendance.$inferSelect
export type NewTrainingAttendance = typeof trainingAttendance.$inferInsert
export type PromotionThreshold = typeof promotionThresholds.$inferSelect
export type NewPromotionThreshold = typeof promotionThresholds.$inferInsert
export type PromotionRun = typeof promotionRuns.$inferSelect
