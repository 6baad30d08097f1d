// Outgoing webhooks (docs/rules/webhooks.md, docs/decisions/063-outgoing-webhooks.md): the endpoints admins add, and
// each endpoint's deliveries, written in the transaction of what happened and sent by the job runner.
import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn, timestampColumns } from './columns.ts'

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: idColumn(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** The event types it wants (contracts/webhooks.ts WEBHOOK_EVENT_TYPES). */
  events: text('events').array().notNull(),
  /** Paused endpoints are written and sent nothing. */
  active: boolean('active').notNull().default(true),
  /** Why the sender paused it (a day of failures); null when an admin paused it or it is active. */
  paused_reason: text('paused_reason'),
  /** The Standard Webhooks signing secret, `whsec_` + base64 of 24 random bytes. */
  secret: text('secret').notNull(),
  ...timestampColumns(),
})

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const

/**
 * One message to one endpoint. `id` is the message's webhook-id (`msg_…`), the same at every attempt and at a
 * Redeliver; `seq` orders an endpoint's messages (a Redeliver takes a new one: it goes to the back of the queue).
 * `payload` is the exact body signed and sent, kept whole so a retry sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it was written, or redelivered: retries stop a day (the sender's retry window) after it. */
    queued_at: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender's lease on it while it is being sent; a sender that died leaves it to the next after this. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    /** The last attempt's answer: HTTP status (null when none came), body cut to 4 KB, time taken, error. */
    response_status: integer('response_status'),
    response_body: text('response_body'),
    duration_ms: integer('duration_ms'),
    error: text('error'),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status_known', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_endpoint_seq_idx').on(t.endpoint_id, t.seq),
    index('webhook_deliveries_pending_idx')
      .on(t.endpoint_id, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
)

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
