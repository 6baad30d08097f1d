import { inEveryLanguage, templateInEveryLanguage, textFor } from './texts.ts'
import { signupUnlockAt } from '#contracts/time.ts'
import crypto from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import webpush from 'web-push'
import { DEFAULT_CHANNELS, defaultChannels, type NotificationKind, type PushPayload } from '#contracts/notifications.ts'
import {
  notificationOutbox,
  notificationPreferences,
  pushSubscriptions,
  type NotificationOutboxRow,
} from '#db/schema/notifications.ts'
import { settings } from '#db/schema/settings.ts'
import { users } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { pushAgentFor } from './endpoints.ts'
import { afterTheRush, rushOn } from '../rush.ts'
import { singleton } from '../singleton.ts'
import { backgroundRun } from '../lib/background-run.ts'

// The sender (docs/decisions/045-notifications-from-an-outbox.md): runs in the job runner, never on a request's path.
// It claims due outbox rows with a lease (FOR UPDATE SKIP LOCKED, so two instances never take the same row), sends
// each by push to every device of its person and/or by Discord message as the person chose, and records each channel
// as it finishes. A sender that died mid-send leaves its rows to be claimed again when the lease ends; a channel
// already recorded is not sent again, and a push sent again carries the same Topic and notification tag, so a device
// still shows it once.

/** How long a claim holds rows for their sender. */
const LEASE_S = 30
/** Rows claimed at once, and pushes in flight at once. */
const BATCH = 500
const PARALLEL = 64
/** Attempts after which a row is given up (a push service or Discord down all along). */
const MAX_ATTEMPTS = 10
/** Push messages wait at the push service at most this long for a device that is off. */
const PUSH_TTL_S = 6 * 3600
/** Sign-ups open: heard 10 minutes before signup_time, and when it passes. */
const SIGNUPS_SOON_MS = 10 * 60_000
/** A push service that has not answered by then is given up for this attempt (the row is tried again later). */
const PUSH_TIMEOUT_MS = 5000
/** A device whose pushes have failed, none taken, for this long is removed (its browser is gone or broken). */
const DEAD_DEVICE_DAYS = 7
/** A VAPID token lives 12 hours (web-push's default) and is signed again after one: see vapidAuthorization. */
const VAPID_TOKEN_S = 12 * 3600
const VAPID_REUSE_MS = 3600_000

/** The most a run of the sender waits for a sign-up rush to pass (the 2,000 sends then take about 4 s more). */
const RUSH_WAIT_MS = 5000
const AFTER_DUE_MS = 300
const REQUEUE_MS = 60_000

const sender = singleton('notifications:sender', () => ({
  /** Rows being sent, PARALLEL at the most: a run hands rows over and claims the next, not waiting for slow ones. */
  inFlight: new Set<Promise<void>>(),
  timer: null as NodeJS.Timeout | null,
  vapid: new Map<string, { authorization: string; until: number }>(),
  /** Sign-ups open events and when this process last wrote their rows. */
  signupsQueued: new Map<string, number>(),
}))

const sending = backgroundRun(
  'notifications:sender',
  async (services) => {
    // The sign-up rush first: "sign-ups are open" falls due the instant the lock ends, when the members' sign-ups
    // need this process most; the queueing and the sends wait for the wave to pass, RUSH_WAIT_MS at the most per pass.
    const holdUntil = performance.now() + RUSH_WAIT_MS
    await afterTheRush(holdUntil)
    await queueSignupsOpen(services)
    await queueTrainingReminders(services)
    for (let rows = await claim(services); rows.length; rows = await claim(services))
      await sendRows(services, rows, holdUntil)
    await scheduleNext(services)
  },
  { failure: 'notification sending failed' },
)

/** Sends whatever is due (the job runner's tick, a NOTIFY, a timer for the next due row). Never throws. */
export function sendDueNotifications(services: AppServices): Promise<void> {
  return sending.run(services)
}

/** Resolves once this process sends nothing (tests). */
export async function notificationsSettled(): Promise<void> {
  while (sending.running() || sender.inFlight.size) await Promise.all([sending.running(), ...sender.inFlight])
}

/**
 * The job runner's sender: wakes at every commit that wrote outbox rows (on any instance), at the next row's due
 * time, and on the runner's tick. Returns a stop function.
 */
export async function startNotificationSender(services: AppServices): Promise<() => Promise<void>> {
  const wake = () => void sendDueNotifications(services)
  const { unlisten } = await services.db.$client.listen('notifications_due', wake, wake)
  return async () => {
    await unlisten().catch(() => {})
    if (sender.timer) clearTimeout(sender.timer)
    sender.timer = null
    await notificationsSettled()
  }
}

async function scheduleNext(services: AppServices) {
  const [next] = await services.db.execute<{ wait_ms: number | null }>(
    sql`select extract(epoch from min(due_at) - now()) * 1000 as wait_ms from notification_outbox where done_at is null`,
  )
  if (sender.timer) clearTimeout(sender.timer)
  sender.timer = null
  const wait = next?.wait_ms == null ? null : Number(next.wait_ms)
  if (wait === null || wait > 60_000) return
  // A little after the row's due time: what falls due at the sign-up lock's end finds the rush already in flight,
  // and lets it go first (afterTheRush), instead of taking the first moments of the wave.
  sender.timer = setTimeout(() => void sendDueNotifications(services), Math.max(50, wait + AFTER_DUE_MS))
  sender.timer.unref()
}

/**
 * Sign-ups open: once signup_time is less than 10 minutes away, one row per person who may hear of it ("soon", due
 * now, and "open", due at signup_time). The event keys carry signup_time, so a lock moved to another time is a new
 * event and the same lock is heard of once, whichever instance writes it first.
 */
async function queueSignupsOpen(services: AppServices) {
  const [row] = await services.db.select().from(settings).where(eq(settings.key, 'signup_time'))
  const at = signupUnlockAt(row?.value ?? '')?.getTime()
  if (at === undefined) return
  const now = Date.now()
  if (now < at - SIGNUPS_SOON_MS || now > at + 60_000) return
  const when = new Date(at).toISOString()
  const events = [
    ...(now < at
      ? [
          {
            key: `signups-soon:${when}`,
            title: inEveryLanguage('notifications.signupsSoon.title'),
            body: inEveryLanguage('notifications.signupsSoon.body'),
            due: now,
          },
        ]
      : []),
    {
      key: `signups-open:${when}`,
      title: inEveryLanguage('notifications.signupsOpen.title'),
      body: inEveryLanguage('notifications.signupsOpen.body'),
      due: at,
    },
  ]
  for (const event of events) {
    // Written again at most once a minute (for members who turned push on since): every wake-up of the sender would
    // otherwise run this insert over the whole unit, each row a conflict.
    const written = sender.signupsQueued.get(event.key)
    if (written !== undefined && now - written < REQUEUE_MS) continue
    sender.signupsQueued.set(event.key, now)
    await services.db.execute(sql`
      insert into notification_outbox (user_id, kind, event_key, title, body, url, due_at)
      select u.id, 'signups_open', ${event.key}, ${textFor(event.title, sql`u.id`)}, ${textFor(event.body, sql`u.id`)},
             '/orbat', ${new Date(event.due).toISOString()}::timestamptz
        from users u
        left join notification_preferences p on p.user_id = u.id and p.kind = 'signups_open'
        left join members m on m.discord_id = u.discord_id
       where not coalesce(m.is_banned, false)
         and ((coalesce(p.push, ${DEFAULT_CHANNELS.push}) and exists (select 1 from push_subscriptions s where s.user_id = u.id))
           or coalesce(p.discord, ${DEFAULT_CHANNELS.discord}))
       -- In one order everywhere: two instances writing the same rows wait for each other instead of deadlocking.
       order by u.id
      on conflict (user_id, event_key) do nothing`)
  }
}

/**
 * Training reminders: 24 hours and 1 hour before a training, one row per member signed up to it, written a minute
 * ahead and due at the reminder's time. A member who signs up later still hears of it while it is nearly true (within
 * an hour of the 24-hour mark, a quarter of an hour of the 1-hour mark); after that the reminder is not sent. The event
 * keys carry the training's time, so a training moved to another time is reminded of again, and each reminder is heard
 * of once whichever instance writes it. Hidden trainings and banned members are left out.
 */
export async function queueTrainingReminders(services: AppServices): Promise<void> {
  // In each member's language, the training's name (the unit's own words) filled in per row.
  const texts = (key: 'day' | 'hour') => ({
    title: JSON.stringify(inEveryLanguage(`notifications.trainingReminder.${key}Title`)),
    body: JSON.stringify(templateInEveryLanguage(`notifications.trainingReminder.${key}Body`, ['training'])),
  })
  const [day, hour] = [texts('day'), texts('hour')]
  await services.db.execute(sql`
    insert into notification_outbox (user_id, kind, event_key, title, body, url, due_at)
    select u.id, 'training_reminder', format('training-%s:%s:%s', r.tag, t.id, extract(epoch from t.date)::bigint),
           r.title ->> user_language(u.id), replace(r.body ->> user_language(u.id), '{training}', t.name),
           '/trainings', t.date - r.ahead
      from (values ('24h', interval '24 hours', interval '1 hour', ${day.title}::jsonb, ${day.body}::jsonb),
                   ('1h', interval '1 hour', interval '15 minutes', ${hour.title}::jsonb, ${hour.body}::jsonb))
             as r(tag, ahead, grace, title, body)
      join trainings t on t.date between now() + r.ahead - r.grace and now() + r.ahead + interval '1 minute'
                      and not t.is_hidden
      join training_signups s on s.training_id = t.id
      join members m on m.id = s.member_id and not m.is_banned
      join users u on u.discord_id = m.discord_id
     where notification_wanted(u.id, 'training_reminder')
     -- In one order everywhere: two instances writing the same rows wait for each other instead of deadlocking.
     order by u.id, t.id, r.tag
    on conflict (user_id, event_key) do nothing`)
}

const t = notificationOutbox

async function claim(services: AppServices): Promise<NotificationOutboxRow[]> {
  const due = services.db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        sql`${t.done_at} is null`,
        sql`${t.due_at} <= now()`,
        sql`(${t.claimed_until} is null or ${t.claimed_until} < now())`,
      ),
    )
    .orderBy(t.due_at, t.id)
    .limit(BATCH)
    .for('update', { skipLocked: true })
  return services.db
    .update(t)
    .set({
      claimed_until: sql`now() + make_interval(secs => ${LEASE_S}::int)`,
      attempts: sql`${t.attempts} + 1`,
    })
    .where(inArray(t.id, due))
    .returning()
}

/**
 * Hands each row to the process's pool of PARALLEL sends and returns once all are handed over, so the run goes on to
 * claim what fell due meanwhile: a row whose devices are slow (a dead push service answers only at the timeout) holds
 * one place in the pool, never another person's notification. The devices that took a push are stamped once the
 * batch is done.
 */
async function sendRows(services: AppServices, rows: NotificationOutboxRow[], holdUntil: number) {
  const users = [...new Set(rows.map((r) => r.user_id))]
  const [choices, devices] = await Promise.all([
    services.db.select().from(notificationPreferences).where(inArray(notificationPreferences.user_id, users)),
    services.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.user_id, users)),
  ])
  const choiceOf = new Map(choices.map((c) => [`${c.user_id}:${c.kind}`, c]))
  const devicesOf = new Map<number, typeof devices>()
  for (const d of devices) devicesOf.set(d.user_id, [...(devicesOf.get(d.user_id) ?? []), d])
  const reached: number[] = []
  const sends: Array<Promise<void>> = []
  for (const row of rows) {
    while (sender.inFlight.size >= PARALLEL) await Promise.race(sender.inFlight)
    if (rushOn()) await afterTheRush(holdUntil)
    const choice = choiceOf.get(`${row.user_id}:${row.kind}`)
    const chosen = choice ?? defaultChannels(row.kind as NotificationKind)
    // Unchosen, an application's news goes by Discord message only where no device took the push.
    const fallback = !choice && row.kind === 'applications'
    const send: Promise<void> = sendRow(
      services,
      row,
      { ...chosen, fallback },
      devicesOf.get(row.user_id) ?? [],
      reached,
    )
      .catch((error: unknown) => logger.warn({ msg: 'notification not sent', id: row.id, error: describeError(error) }))
      .finally(() => sender.inFlight.delete(send))
    sender.inFlight.add(send)
    sends.push(send)
  }
  const stamp = Promise.all(sends)
    .then(async () => {
      if (reached.length)
        await services.db
          .update(pushSubscriptions)
          .set({ last_sent_at: sql`now()` })
          .where(inArray(pushSubscriptions.id, [...new Set(reached)]))
    })
    .catch((error: unknown) => logger.warn({ msg: 'push devices not stamped', error: describeError(error) }))
    .finally(() => sender.inFlight.delete(stamp))
  sender.inFlight.add(stamp)
}

/**
 * One row, one statement when only one channel calls out: the rush's sign-ups share the connection pool with the
 * sender (docs/decisions/049-push-sends-beside-the-rush.md).
 */
async function sendRow(
  services: AppServices,
  row: NotificationOutboxRow,
  chosen: { push: boolean; discord: boolean; fallback: boolean },
  devices: Array<typeof pushSubscriptions.$inferSelect>,
  reached: number[],
) {
  const mine = eq(t.id, row.id)
  const pushed = row.push_state === 'pending'
  if (pushed)
    row.push_state = !chosen.push || !devices.length ? 'skipped' : await pushTo(services, row, devices, reached)
  // A fallback waits while the push is being tried again (the last attempt sends it anyway).
  const waits = chosen.fallback && row.push_state === 'pending' && row.attempts < MAX_ATTEMPTS
  const dm =
    row.discord_state === 'pending' && !waits && chosen.discord && !(chosen.fallback && row.push_state === 'sent')
  // The push is recorded before the direct message is tried, so a crash then does not push again.
  if (pushed && dm) await services.db.update(t).set({ push_state: row.push_state }).where(mine)
  let discordError = row.discord_error
  if (row.discord_state === 'pending' && !waits) {
    const result = dm ? await directMessage(services, row) : { state: 'skipped' as const, error: null }
    row.discord_state = result.state
    discordError = result.error
  }
  const retry = row.push_state === 'pending' || row.discord_state === 'pending'
  if (retry && row.attempts < MAX_ATTEMPTS) {
    // Tried again after a back-off; the lease is let go.
    await services.db
      .update(t)
      .set({
        push_state: row.push_state,
        discord_state: row.discord_state,
        discord_error: discordError,
        claimed_until: null,
        due_at: sql`now() + make_interval(secs => least(5 * power(2, ${t.attempts}), 3600)::int)`,
      })
      .where(mine)
    return
  }
  const given = (state: string) => (state === 'pending' ? 'failed' : state)
  await services.db
    .update(t)
    .set({
      push_state: given(row.push_state),
      discord_state: given(row.discord_state),
      discord_error: discordError,
      done_at: sql`now()`,
      claimed_until: null,
    })
    .where(mine)
}

/** The same event gives the same Topic (push services keep only the latest undelivered message of a topic). */
export function pushTopic(row: Pick<NotificationOutboxRow, 'user_id' | 'event_key'>): string {
  return crypto.createHash('sha256').update(`${row.user_id}:${row.event_key}`).digest('base64url').slice(0, 32)
}

/**
 * One push per device, encrypted aes128gcm. 'sent' when any device took it (or none is left); 'pending' to try
 * again when a push service failed for a reason that may pass. A device its push service no longer knows (404, 410)
 * is deleted.
 */
async function pushTo(
  services: AppServices,
  row: NotificationOutboxRow,
  devices: Array<typeof pushSubscriptions.$inferSelect>,
  reached: number[],
): Promise<'sent' | 'pending' | 'failed'> {
  const payload: PushPayload & { tag: string } = {
    title: row.title,
    body: row.body,
    url: row.url,
    tag: pushTopic(row),
  }
  let delivered = 0
  let transient = 0
  // A person's devices at once (at most MAX_PUSH_DEVICES): the slowest bounds the row, not their sum.
  await Promise.all(
    devices.map(async (device) => {
      try {
        await webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload),
          {
            // Signed here once per push service (vapidAuthorization), not by the library for each message.
            headers: { Authorization: vapidAuthorization(services, device.endpoint) },
            TTL: PUSH_TTL_S,
            topic: payload.tag,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: PUSH_TIMEOUT_MS,
            agent: pushAgentFor(services.config, device.endpoint),
          },
        )
        delivered++
        reached.push(device.id)
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        const lastTook = (device.last_sent_at ?? device.created_at).getTime()
        if (status === 404 || status === 410 || Date.now() - lastTook > DEAD_DEVICE_DAYS * 86_400_000) {
          // Gone (its push service says so), or failing with nothing taken for a week: removed.
          await services.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))
          return
        }
        if (status === undefined || status === 429 || status >= 500) transient++
        logger.warn({ msg: 'push not delivered', id: row.id, status, error: describeError(error) })
      }
    }),
  )
  if (delivered) return 'sent'
  if (transient) return 'pending'
  return devices.length ? 'failed' : 'sent'
}

/**
 * The VAPID Authorization header for a push service (the endpoint's origin), signed once and reused for an hour:
 * signing it for every push cost twice the CPU of encrypting the message, on the thread that answers requests.
 */
function vapidAuthorization(services: AppServices, endpoint: string): string {
  const { publicKey, privateKey, subject } = services.config.push
  const audience = new URL(endpoint).origin
  const key = `${publicKey} ${subject} ${audience}`
  const now = Date.now()
  const kept = sender.vapid.get(key)
  if (kept && kept.until > now) return kept.authorization
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    subject,
    publicKey,
    privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_TOKEN_S,
  )
  for (const [k, v] of sender.vapid) if (v.until <= now) sender.vapid.delete(k)
  sender.vapid.set(key, { authorization: Authorization, until: now + VAPID_REUSE_MS })
  return Authorization
}

/** What /account shows when Discord refused a direct message because the member takes none from the bot. */
export const DMS_CLOSED = 'Discord did not deliver it: your direct messages are closed to the bot.'

/**
 * A Discord direct message through the bot, with a nonce of the row (Discord de-duplicates a resend after a crash).
 * A member who takes no DMs from the bot (code 50007) is recorded as failed, for /account to say so; Discord down is
 * tried again later.
 */
async function directMessage(
  services: AppServices,
  row: NotificationOutboxRow,
): Promise<{ state: 'sent' | 'failed' | 'pending' | 'skipped'; error: string | null }> {
  const [user] = await services.db.select({ discordId: users.discord_id }).from(users).where(eq(users.id, row.user_id))
  if (!user?.discordId) return { state: 'skipped', error: null }
  const link = new URL(row.url, services.config.appUrl).toString()
  const result = await services.discord.sendDirectMessage(user.discordId, {
    content: (row.discord_content ?? `**${row.title}**\n${row.body}\n${link}`).slice(0, 2000),
    allowedMentions: { parse: [] },
    nonce: `notify-${row.id}`,
  })
  if (result.ok) return { state: 'sent', error: null }
  if (result.code === 50007) return { state: 'failed', error: DMS_CLOSED }
  const outage =
    services.discord.configured && (result.status === undefined || result.status === 429 || result.status >= 500)
  return { state: outage ? 'pending' : 'failed', error: result.error }
}
