// The personnel file (docs/rules/personnel.md): the history of each member's rank, qualifications and bans as it
// happens, admin notes, awards and their grants, and leaves of absence. A member's deletion takes all of it along.
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { CHANGE_VIA, HISTORY_KINDS, LEAVE_STATUSES } from '../../contracts/personnel-kinds.ts'
import { createdAtColumn, idColumn, timestampColumns } from './columns.ts'
import { members } from './roster.ts'
import { users } from './users-sessions.ts'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * A change to a member, written by triggers (db/functions/personnel.sql) whatever path made it: a rank change
 * `{ from, to }`, a qualification `{ qualification_id, name, granted }`, a ban `{ banned, reason }`. `via` and
 * `actor_user_id` come from the transaction's settings (server/personnel/history.ts), null when none were given.
 */
export const memberHistory = pgTable(
  'member_history',
  {
    id: idColumn(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: HISTORY_KINDS }).notNull(),
    detail: jsonb('detail').notNull(),
    via: text('via', { enum: CHANGE_VIA }),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('member_history_kind_known', sql`${t.kind} in (${inList(HISTORY_KINDS)})`),
    check('member_history_via_known', sql`${t.via} is null or ${t.via} in (${inList(CHANGE_VIA)})`),
    index('member_history_member_at_idx').on(t.member_id, t.at.desc(), t.id.desc()),
  ],
)

/** An admin's dated note on a member. Never shown to members. The author's name is kept if their user goes. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: idColumn(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name').notNull(),
    created_at: createdAtColumn(),
  },
  (t) => [
    check('member_notes_text_not_blank', sql`btrim(${t.text}) <> ''`),
    index('member_notes_member_created_idx').on(t.member_id, t.created_at.desc()),
  ],
)

/** An award the unit gives: a ribbon or medal, shown in precedence order (lower first). */
export const awards = pgTable(
  'awards',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    /** An uploaded image (/api/tests/images/...) or an absolute http(s) URL; null: a ribbon is drawn from the name. */
    image_url: text('image_url'),
    precedence: integer('precedence').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [
    check('awards_name_not_blank', sql`btrim(${t.name}) <> ''`),
    index('awards_precedence_idx').on(t.precedence, t.id),
  ],
)

/**
 * An award given to a member (several times: one row each). The award's name is copied at grant time, so a member's
 * history stays readable after the award itself is deleted (award_id then becomes null).
 */
export const awardGrants = pgTable(
  'award_grants',
  {
    id: idColumn(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    award_id: integer('award_id').references(() => awards.id, { onDelete: 'set null' }),
    award_name: text('award_name').notNull(),
    citation: text('citation').notNull().default(''),
    /** The day it was awarded (a calendar day, as join_date). */
    date: date('date').notNull(),
    announced: boolean('announced').notNull().default(false),
    granted_by_user_id: integer('granted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAtColumn(),
  },
  (t) => [
    index('award_grants_member_idx').on(t.member_id, t.date.desc()),
    index('award_grants_award_idx').on(t.award_id),
  ],
)

/**
 * A leave of absence. Active while approved, from start_date to end_date (calendar days in the unit's zone), unless
 * ended early (ended_at). Overlapping pending or approved leaves of one member are refused by the use case.
 */
export const leaves = pgTable(
  'leaves',
  {
    id: idColumn(),
    member_id: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: LEAVE_STATUSES }).notNull().default('pending'),
    decided_by_user_id: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    deny_reason: text('deny_reason'),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    ended_by_user_id: integer('ended_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestampColumns(),
  },
  (t) => [
    check('leaves_status_known', sql`${t.status} in (${inList(LEAVE_STATUSES)})`),
    check('leaves_dates_in_order', sql`${t.end_date} >= ${t.start_date}`),
    check('leaves_denial_has_reason', sql`${t.status} <> 'denied' or btrim(coalesce(${t.deny_reason}, '')) <> ''`),
    index('leaves_member_idx').on(t.member_id, t.start_date.desc()),
    index('leaves_status_idx').on(t.status, t.start_date),
  ],
)

export type MemberHistoryEntry = typeof memberHistory.$inferSelect
export type MemberNote = typeof memberNotes.$inferSelect
export type Award = typeof awards.$inferSelect
export type AwardGrant = typeof awardGrants.$inferSelect
export type Leave = typeof leaves.$inferSelect
