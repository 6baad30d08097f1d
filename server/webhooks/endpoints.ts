import crypto from 'node:crypto'
import type https from 'node:https'
import { and, desc, eq, sql } from 'drizzle-orm'
import {
  WEBHOOK_MESSAGES,
  type WebhookDeliveryItem,
  type WebhookEndpointInput,
  type WebhookEndpointItem,
  type WebhookEventType,
} from '#contracts/webhooks.ts'
import type { DbOrTx } from '#db/client.ts'
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '#db/schema/webhooks.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import { Conflict, NotFound } from '../errors.ts'
import { checkPublicHttpsUrl, outboundAgents } from '../lib/public-address.ts'
import { runTransaction } from '../transaction.ts'

// The admin's webhook endpoints (docs/rules/webhooks.md): add, edit, delete, a new secret, Send test, the deliveries
// and Redeliver. Each is one use case for the /api route and the admin page's action alike, audit-logged in its own
// transaction. The signing secret is answered only by create and rotate.

/** The most of a request or response body an answer shows (the request is kept whole, the response cut to this). */
export const BODY_SHOWN = 4096
/** The deliveries kept per endpoint (older finished ones are pruned by the sender). */
export const DELIVERIES_KEPT = 100

/** Throws Invalid (400) unless the endpoint may be called: https on a public address, or an allowed origin. */
export function checkWebhookUrl(config: Config, url: string): Promise<void> {
  return checkPublicHttpsUrl(url, config.webhooks.endpointAllow, WEBHOOK_MESSAGES.url)
}

// Every connection's addresses are checked again (DNS rebinding).
const agents = outboundAgents(WEBHOOK_MESSAGES.url)

/** The agent a delivery to `url` goes out through: checked addresses, unless its origin is allowed. */
export function webhookAgentFor(config: Config, url: string): https.Agent {
  return config.webhooks.endpointAllow.includes(new URL(url).origin) ? agents.allowed : agents.checked
}

/** A delivery's id as a path names it (`msg_` and 32 hex digits), else 404: unknown and malformed answer the same. */
export function parseDeliveryId(value: string | undefined): string {
  if (!value || !/^msg_[0-9a-f]{32}$/.test(value)) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound)
  return value
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`
}

/** An endpoint as GET /api/admin/webhooks answers it (never its secret). */
export function webhookEndpointItem(row: WebhookEndpointRow): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    active: row.active,
    paused_reason: row.paused_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export async function listWebhookEndpoints(db: DbOrTx): Promise<WebhookEndpointItem[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id)
  return rows.map(webhookEndpointItem)
}

async function endpointOf(db: DbOrTx, id: number, lock = false): Promise<WebhookEndpointRow> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound)
  return row
}

/** Wakes the senders of every instance at the commit (a redelivery, an endpoint made active again). */
async function wakeSenders(tx: DbOrTx) {
  await tx.execute(sql`select pg_notify('webhooks_due', '')`)
}

const describe = (input: Pick<WebhookEndpointInput, 'url' | 'events'>) => `${input.url}; ${input.events.join(', ')}`

export async function createWebhookEndpoint(
  services: AppServices,
  admin: User,
  input: WebhookEndpointInput,
): Promise<{ id: number; secret: string }> {
  await checkWebhookUrl(services.config, input.url)
  const secret = newSecret()
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          url: input.url,
          description: input.description,
          events: input.events,
          active: input.active ?? true,
          secret,
        })
        .returning({ id: webhookEndpoints.id })
      await recordAudit(tx, admin, 'Webhook endpoint added', describe(input))
      return { id: row!.id, secret }
    },
    { name: 'create webhook endpoint', changes: [] },
  )
}

/** Edits the URL, description, events and (when given) active; the secret stays. Made active, the pause reason goes. */
export async function updateWebhookEndpoint(
  services: AppServices,
  admin: User,
  id: number,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointItem> {
  await checkWebhookUrl(services.config, input.url)
  return runTransaction(
    services,
    async (tx) => {
      const before = await endpointOf(tx, id, true)
      const active = input.active ?? before.active
      const [row] = await tx
        .update(webhookEndpoints)
        .set({
          url: input.url,
          description: input.description,
          events: input.events,
          active,
          paused_reason: active ? null : before.paused_reason,
        })
        .where(eq(webhookEndpoints.id, id))
        .returning()
      if (active && !before.active) await wakeSenders(tx)
      const state = active === before.active ? '' : active ? '; made active' : '; paused'
      await recordAudit(tx, admin, 'Webhook endpoint edited', `${describe(input)}${state}`)
      return webhookEndpointItem(row!)
    },
    { name: 'update webhook endpoint', changes: [] },
  )
}

/** Deletes the endpoint and its deliveries. */
export function deleteWebhookEndpoint(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning()
      if (!removed) throw new NotFound(WEBHOOK_MESSAGES.notFound)
      await recordAudit(tx, admin, 'Webhook endpoint deleted', removed.url)
    },
    { name: 'delete webhook endpoint', changes: [] },
  )
}

/** A new signing secret, answered once; deliveries not yet sent are signed with it. */
export function rotateWebhookSecret(services: AppServices, admin: User, id: number): Promise<{ secret: string }> {
  const secret = newSecret()
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ secret })
        .where(eq(webhookEndpoints.id, id))
        .returning({ url: webhookEndpoints.url })
      if (!row) throw new NotFound(WEBHOOK_MESSAGES.notFound)
      await recordAudit(tx, admin, 'Webhook secret rotated', row.url)
      return { secret }
    },
    { name: 'rotate webhook secret', changes: [] },
  )
}

const PAUSED = 'The endpoint is paused: make it active first.'

/** Send test: a `webhook.test` event to this endpoint only (its data: the endpoint as the list shows it). */
export function sendWebhookTest(services: AppServices, admin: User, id: number): Promise<{ id: string }> {
  return runTransaction(
    services,
    async (tx) => {
      const endpoint = await endpointOf(tx, id)
      if (!endpoint.active) throw new Conflict(PAUSED)
      await tx.execute(
        sql`select webhook_emit('webhook.test', ${JSON.stringify(webhookEndpointItem(endpoint))}::json, ${id}::int)`,
      )
      const [row] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpoint_id, id))
        .orderBy(desc(webhookDeliveries.seq))
        .limit(1)
      await recordAudit(tx, admin, 'Webhook test sent', endpoint.url)
      return { id: row!.id }
    },
    { name: 'send webhook test', changes: [] },
  )
}

/** An endpoint's last deliveries, newest first. */
export async function listWebhookDeliveries(db: DbOrTx, id: number): Promise<WebhookDeliveryItem[]> {
  await endpointOf(db, id)
  const d = webhookDeliveries
  const rows = await db
    .select({
      id: d.id,
      type: d.type,
      status: d.status,
      attempts: d.attempts,
      response_status: d.response_status,
      duration_ms: d.duration_ms,
      created_at: d.created_at,
      last_attempt_at: d.last_attempt_at,
      error: d.error,
      request_body: sql<string>`left(${d.payload}, ${BODY_SHOWN})`,
      response_body: d.response_body,
    })
    .from(d)
    .where(eq(d.endpoint_id, id))
    .orderBy(desc(d.seq))
    .limit(DELIVERIES_KEPT)
  return rows.map((r) => ({
    ...r,
    type: r.type as WebhookEventType,
    created_at: r.created_at.toISOString(),
    last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
  }))
}

/**
 * Redeliver: the same message (the same webhook-id and body) goes to the back of the endpoint's queue, retried for a
 * day again. 409 while it is still being sent, or when the endpoint is paused.
 */
export function redeliverWebhook(
  services: AppServices,
  admin: User,
  endpointId: number,
  deliveryId: string,
): Promise<{ id: string }> {
  return runTransaction(
    services,
    async (tx) => {
      const endpoint = await endpointOf(tx, endpointId)
      const d = webhookDeliveries
      const [row] = await tx
        .select({ status: d.status, type: d.type })
        .from(d)
        .where(and(eq(d.id, deliveryId), eq(d.endpoint_id, endpointId)))
        .for('update')
      if (!row) throw new NotFound(WEBHOOK_MESSAGES.deliveryNotFound)
      if (row.status === 'pending') throw new Conflict(WEBHOOK_MESSAGES.stillSending)
      if (!endpoint.active) throw new Conflict(PAUSED)
      await tx
        .update(d)
        .set({
          status: 'pending',
          // A new round of attempts: its back-off starts short again.
          attempts: 0,
          seq: sql`nextval(pg_get_serial_sequence('webhook_deliveries', 'seq'))`,
          queued_at: sql`now()`,
          next_attempt_at: sql`now()`,
          claimed_until: null,
        })
        .where(eq(d.id, deliveryId))
      await wakeSenders(tx)
      await recordAudit(tx, admin, 'Webhook redelivered', `${row.type} ${deliveryId} to ${endpoint.url}`)
      return { id: deliveryId }
    },
    { name: 'redeliver webhook', changes: [] },
  )
}
