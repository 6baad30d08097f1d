// Activity (docs/rules/activity.md): the weekly digest to Discord, one row per week of the unit's calendar.
import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAtColumn } from './columns.ts'

export const DIGEST_STATES = ['pending', 'sent', 'failed'] as const

/**
 * A week's activity digest. The week's Monday (in the unit's zone) is the key, so however many instances run the
 * weekly job, a week has one digest; its messages are written with the row, so a resend sends the same text. The row
 * is also the send queue, as promotion runs are (docs/decisions/034-promotion-runs-and-their-announcement.md): a
 * claim with a lease, the parts sent so far, back-off after a failure.
 */
export const activityDigests = pgTable(
  'activity_digests',
  {
    week_start: date('week_start').primaryKey(),
    channel_id: text('channel_id').notNull(),
    messages: jsonb('messages').$type<string[]>().notNull(),
    status: text('status', { enum: DIGEST_STATES }).notNull().default('pending'),
    parts_sent: integer('parts_sent').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    due_at: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    /** When the message being sent was first tried: a resend with its nonce is safe only for a few minutes. */
    attempted_at: timestamp('attempted_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    created_at: createdAtColumn(),
  },
  (t) => [
    check('activity_digests_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('activity_digests_due_idx')
      .on(t.due_at)
      .where(sql`${t.status} = 'pending'`),
  ],
)

export type ActivityDigest = typeof activityDigests.$inferSelect
