import type http from 'node:http'
import https from 'node:https'
import { sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '#db/schema/webhooks.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { afterTheRush } from '../rush.ts'
import { singleton } from '../singleton.ts'
import { backgroundRun } from '../lib/background-run.ts'
import { BODY_SHOWN, DELIVERIES_KEPT, webhookAgentFor } from './endpoints.ts'

// The webhook sender (docs/rules/webhooks.md, docs/decisions/063-outgoing-webhooks.md): runs in the job runner, never
// on a request's path. Each endpoint's deliveries go one at a time, in the order they were written: only the oldest
// pending delivery of an active endpoint can be claimed, and only once it is due and no sender holds it. A claim is a
// lease (FOR UPDATE SKIP LOCKED, so two instances never take the same delivery); a sender that died mid-send leaves it
// to be claimed again when the lease ends, and the resend carries the same webhook-id, so a receiver that got the
// first can tell. Endpoints are sent to side by side.

export interface WebhookSenderOptions {
  /** One attempt's limit, from connecting to the end of the answer (10 s). */
  timeoutMs: number
  /** The wait before the second attempt; it doubles at each failure (5 s), up to `maxBackoffMs` (1 hour). */
  backoffMs: number
  maxBackoffMs: number
  /** How long after it was written (or redelivered) a delivery is retried; then it fails and the endpoint is paused (a day). */
  retryForMs: number
  /** How long a claim holds a delivery for its sender: longer than an attempt (30 s). */
  leaseMs: number
  /** Endpoints sent to at once (16). */
  parallel: number
}

export const DEFAULT_WEBHOOK_SENDER: WebhookSenderOptions = {
  timeoutMs: 10_000,
  backoffMs: 5_000,
  maxBackoffMs: 3_600_000,
  retryForMs: 86_400_000,
  leaseMs: 30_000,
  parallel: 16,
}

/** The most a run waits for a sign-up rush to pass before it sends anyway (server/rush.ts). */
const RUSH_WAIT_MS = 5000

const sender = singleton('webhooks:sender', () => ({
  inFlight: new Set<Promise<void>>(),
  timer: null as NodeJS.Timeout | null,
  options: DEFAULT_WEBHOOK_SENDER,
  /** Stopped (the job runner's shutdown): no new run starts, so the wait for the last sends ends. */
  stopped: false,
}))

const sending = backgroundRun(
  'webhooks:sender',
  async (services) => {
    // The sign-up rush first: a slot.taken per sign-up falls due in the middle of it.
    await afterTheRush(performance.now() + RUSH_WAIT_MS)
    const room = sender.options.parallel - sender.inFlight.size
    if (room > 0)
      for (const delivery of await claim(services, room)) {
        const send: Promise<void> = deliver(services, delivery)
          .catch((error: unknown) =>
            logger.warn({ msg: 'webhook delivery not recorded', id: delivery.id, error: describeError(error) }),
          )
          .finally(() => {
            sender.inFlight.delete(send)
            // The endpoint's next delivery may go now.
            void sendDueWebhooks(services)
          })
        sender.inFlight.add(send)
      }
    await scheduleNext(services)
  },
  { failure: 'webhook sending failed' },
)

/** Sends whatever is due (a NOTIFY, a timer, the job runner's tick, a finished send). Never throws. */
export function sendDueWebhooks(services: AppServices): Promise<void> {
  if (sender.stopped) return Promise.resolve()
  return sending.run(services)
}

/** Resolves once this process sends nothing (tests, shutdown). */
export async function webhooksSettled(): Promise<void> {
  while (sending.running() || sender.inFlight.size) await Promise.all([sending.running(), ...sender.inFlight])
}

/**
 * The job runner's webhook sender: wakes at every commit that wrote deliveries (on any instance), at the next
 * delivery's due time, and on the runner's tick. `options` are the defaults but for tests. Returns a stop function.
 */
export async function startWebhookSender(
  services: AppServices,
  options: Partial<WebhookSenderOptions> = {},
): Promise<() => Promise<void>> {
  sender.options = { ...DEFAULT_WEBHOOK_SENDER, ...options }
  sender.stopped = false
  const wake = () => void sendDueWebhooks(services)
  const { unlisten } = await services.db.$client.listen('webhooks_due', wake, wake)
  return async () => {
    sender.stopped = true
    await unlisten().catch(() => {})
    if (sender.timer) clearTimeout(sender.timer)
    sender.timer = null
    await webhooksSettled()
  }
}

type Claimed = {
  id: string
  endpoint_id: number
  type: string
  payload: string
  attempts: number
  queued_ms: number | string
}

/**
 * The oldest pending delivery of each active endpoint, when it is due and unclaimed, claimed for this sender. The
 * conditions are checked on the locked row itself, so a delivery another sender claimed meanwhile is skipped.
 */
async function claim(services: AppServices, limit: number): Promise<Claimed[]> {
  const leaseMs = sender.options.leaseMs
  return services.db.execute<Claimed>(sql`
    with heads as (
      select distinct on (d.endpoint_id) d.id
        from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.active
       where d.status = 'pending'
       order by d.endpoint_id, d.seq
    ), due as (
      select d.id from webhook_deliveries d
       where d.id in (select id from heads)
         and d.status = 'pending' and d.next_attempt_at <= now()
         and (d.claimed_until is null or d.claimed_until < now())
       order by d.next_attempt_at
       limit ${limit}
         for update skip locked
    )
    update webhook_deliveries d
       set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}::float8), attempts = d.attempts + 1
      from due where d.id = due.id
    returning d.id, d.endpoint_id, d.type, d.payload, d.attempts,
              extract(epoch from d.queued_at) * 1000 as queued_ms`)
}

/** A timer for the next due delivery, or the end of a lease a dead sender left (within a minute; the tick covers later). */
async function scheduleNext(services: AppServices) {
  const [next] = await services.db.execute<{ wait_ms: number | null }>(sql`
    select extract(epoch from min(greatest(d.next_attempt_at, coalesce(d.claimed_until, d.next_attempt_at))) - now())
           * 1000 as wait_ms
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.active
     where d.status = 'pending'`)
  if (sender.timer) clearTimeout(sender.timer)
  sender.timer = null
  const wait = next?.wait_ms == null ? null : Number(next.wait_ms)
  if (wait === null || wait > 60_000) return
  sender.timer = setTimeout(() => void sendDueWebhooks(services), Math.max(20, wait + 20))
  sender.timer.unref()
}

interface Attempt {
  status: number | null
  body: string | null
  error: string | null
  ms: number
}

async function deliver(services: AppServices, delivery: Claimed) {
  const [endpoint] = await services.db
    .select()
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.id} = ${delivery.endpoint_id}`)
  if (!endpoint) return // deleted meanwhile, with its deliveries
  const result = await attempt(services, endpoint, delivery)
  const ok = result.status !== null && result.status >= 200 && result.status < 300
  const { backoffMs, maxBackoffMs, retryForMs } = sender.options
  const waitMs = Math.min(backoffMs * 2 ** (delivery.attempts - 1), maxBackoffMs)
  const givenUp = !ok && Date.now() + waitMs > Number(delivery.queued_ms) + retryForMs
  const d = webhookDeliveries
  const answer = {
    response_status: result.status,
    response_body: result.body,
    duration_ms: result.ms,
    error: result.error,
    last_attempt_at: sql`now()`,
    claimed_until: null,
  }
  if (ok || !givenUp) {
    await services.db
      .update(d)
      .set(
        ok
          ? { ...answer, status: 'delivered' }
          : { ...answer, next_attempt_at: sql`now() + make_interval(secs => ${waitMs / 1000}::float8)` },
      )
      .where(sql`${d.id} = ${delivery.id}`)
    if (ok) await prune(services, endpoint.id)
    return
  }
  // A day of failures: the delivery fails, the endpoint is paused (its later deliveries wait for it to be made active
  // again), and the admins are told.
  await services.db.transaction(async (tx) => {
    await tx
      .update(d)
      .set({ ...answer, status: 'failed' })
      .where(sql`${d.id} = ${delivery.id}`)
    const reason = `Paused after failing for ${Math.round(retryForMs / 3_600_000)} hours: ${failureText(result)}`
    const [paused] = await tx
      .update(webhookEndpoints)
      .set({ active: false, paused_reason: reason })
      .where(sql`${webhookEndpoints.id} = ${endpoint.id} and ${webhookEndpoints.active}`)
      .returning({ id: webhookEndpoints.id })
    if (!paused) return
    await recordAudit(tx, SYSTEM_ACTOR, 'Webhook endpoint paused', `${endpoint.url}: ${reason}`)
    await notify(
      tx,
      { admins: true },
      {
        kind: 'admin_queue',
        event: `webhook-paused:${delivery.id}`,
        title: inEveryLanguage('notifications.webhookPaused.title'),
        body: inEveryLanguage('notifications.webhookPaused.body', { url: endpoint.url }),
        url: '/admin/webhooks',
      },
    )
  })
  await prune(services, endpoint.id)
}

function failureText(result: Attempt): string {
  return result.status !== null ? `HTTP ${result.status}` : (result.error ?? 'no answer')
}

/** An endpoint keeps its last DELIVERIES_KEPT deliveries; older finished ones go. */
async function prune(services: AppServices, endpointId: number) {
  await services.db.execute(sql`
    delete from webhook_deliveries
     where endpoint_id = ${endpointId} and status <> 'pending'
       and seq < (select seq from webhook_deliveries where endpoint_id = ${endpointId}
                   order by seq desc offset ${DELIVERIES_KEPT - 1} limit 1)`)
}

/**
 * One POST, signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature), through the
 * agent that checks the endpoint's addresses at connection. A redirect is an answer like any other (not followed); the
 * answer's body is read up to BODY_SHOWN; the whole attempt ends at the timeout.
 */
function attempt(services: AppServices, endpoint: WebhookEndpointRow, delivery: Claimed): Promise<Attempt> {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  const now = new Date()
  let signature: string
  let agent: https.Agent
  try {
    signature = new Webhook(endpoint.secret).sign(delivery.id, now, delivery.payload)
    agent = webhookAgentFor(services.config, endpoint.url)
  } catch (error) {
    return Promise.resolve({ status: null, body: null, error: describeError(error), ms: took() })
  }
  return new Promise<Attempt>((resolve) => {
    let done = false
    const finish = (result: Omit<Attempt, 'ms'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ ...result, ms: took() })
    }
    let request: http.ClientRequest
    try {
      request = https.request(endpoint.url, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'milsim-unit-webhooks',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
      })
    } catch (error) {
      // A URL the request cannot even be made to (written past the create's check): a failed attempt like any other.
      return resolve({ status: null, body: null, error: describeError(error), ms: took() })
    }
    const timer = setTimeout(() => {
      request.destroy()
      finish({ status: null, body: null, error: `No answer within ${sender.options.timeoutMs} ms.` })
    }, sender.options.timeoutMs)
    request.on('error', (error) => finish({ status: null, body: null, error: describeError(error) }))
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let size = 0
      const answered = () =>
        finish({
          status: response.statusCode ?? null,
          body: Buffer.concat(chunks).toString('utf8').slice(0, BODY_SHOWN),
          error: null,
        })
      response.on('data', (chunk: Buffer) => {
        if (size < BODY_SHOWN) chunks.push(chunk)
        size += chunk.length
        // Enough of it is kept: the rest is not waited for.
        if (size >= BODY_SHOWN) {
          answered()
          response.destroy()
        }
      })
      response.on('end', answered)
      response.on('error', answered)
    })
    request.end(delivery.payload)
  })
}
