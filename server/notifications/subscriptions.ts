import crypto from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  ALL_NOTIFICATION_KINDS,
  MAX_PUSH_DEVICES,
  defaultChannels,
  NOTIFICATION_KINDS,
  type NotificationChannels,
  type NotificationKind,
} from '#contracts/notifications.ts'
import type { DbOrTx } from '#db/client.ts'
import { notificationPreferences, pushSubscriptions } from '#db/schema/notifications.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Forbidden, Invalid, NotFound } from '../errors.ts'
import { runTransaction } from '../transaction.ts'
import { checkPushEndpoint } from './endpoints.ts'

// A person's devices and choices (docs/rules/notifications.md). Each change is the person's own use case: one
// transaction through the runner with its audit entry, as every write is (docs/rules/api.md). No copy anyone keeps
// shows them, so they declare no changes (docs/decisions/030-use-cases-declare-their-changes.md).

/** Who changes their own devices and choices: named in the audit entry. */
type Person = Pick<User, 'id' | 'username' | 'display_name'>

/** The kinds a person may choose: admin_queue only for admins. */
export function kindsFor(user: Pick<User, 'is_admin'>): NotificationKind[] {
  return user.is_admin ? [...ALL_NOTIFICATION_KINDS] : [...NOTIFICATION_KINDS]
}

export async function getPreferences(
  db: DbOrTx,
  user: Pick<User, 'id' | 'is_admin'>,
): Promise<Partial<Record<NotificationKind, NotificationChannels>>> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, user.id))
  const chosen = new Map(rows.map((r) => [r.kind, { push: r.push, discord: r.discord }]))
  return Object.fromEntries(kindsFor(user).map((kind) => [kind, chosen.get(kind) ?? defaultChannels(kind)]))
}

/** How the audit entry names a kind's channels: "push, discord", or "none". */
function channelsText(channels: NotificationChannels): string {
  return [channels.push ? 'push' : '', channels.discord ? 'discord' : ''].filter(Boolean).join(', ') || 'none'
}

/**
 * PUT /api/account/notifications and the choices form on /account: the kinds sent are set, the others keep their
 * choice; admin_queue is refused (403) for anyone but an admin. Nothing sent, nothing written (and no audit entry).
 */
export async function setPreferences(
  services: AppServices,
  user: Person & Pick<User, 'is_admin'>,
  input: Partial<Record<NotificationKind, NotificationChannels>>,
) {
  const allowed = new Set(kindsFor(user))
  const entries = Object.entries(input) as Array<[NotificationKind, NotificationChannels]>
  if (entries.some(([kind]) => !allowed.has(kind)))
    throw new Forbidden('Only admins can choose to hear of new applications and leave requests.')
  return runTransaction(
    services,
    async (tx) => {
      if (entries.length) {
        await tx
          .insert(notificationPreferences)
          .values(entries.map(([kind, c]) => ({ user_id: user.id, kind, push: c.push, discord: c.discord })))
          .onConflictDoUpdate({
            target: [notificationPreferences.user_id, notificationPreferences.kind],
            set: { push: sql`excluded.push`, discord: sql`excluded.discord` },
          })
        await recordAudit(
          tx,
          user,
          'Notification choices saved',
          entries.map(([kind, channels]) => `${kind}: ${channelsText(channels)}`).join('; '),
        )
      }
      return getPreferences(tx, user)
    },
    { name: 'save notification choices', changes: [] },
  )
}

/** A short name for the device from its User-Agent, so a member can tell their devices apart. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? ''
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : ''
  return [browser, os].filter(Boolean).join(' on ') || 'A browser'
}

export const PUSH_KEY_ERRORS = {
  p256dh: "keys.p256dh must be the browser's P-256 public key (65 bytes, base64url).",
  auth: "keys.auth must be the browser's 16-byte secret (base64url).",
} as const

/** The keys a browser gives (RFC 8291): a point on P-256, uncompressed, and a 16-byte secret. Else 400 now, not at send. */
function checkPushKeys(keys: { p256dh: string; auth: string }) {
  const point = Buffer.from(keys.p256dh, 'base64url')
  let onCurve = point.length === 65 && point[0] === 4
  if (onCurve) {
    try {
      // Refuses a point that is not on the curve.
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      ecdh.computeSecret(point)
    } catch {
      onCurve = false
    }
  }
  if (!onCurve) throw new Invalid(PUSH_KEY_ERRORS.p256dh, { keys: [PUSH_KEY_ERRORS.p256dh] })
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    throw new Invalid(PUSH_KEY_ERRORS.auth, { keys: [PUSH_KEY_ERRORS.auth] })
}

/**
 * Turns push on for one device. The same endpoint subscribed again (a new key, or another person on the device)
 * replaces its row: a device belongs to whoever subscribed it last. Past MAX_PUSH_DEVICES the person's least recently
 * used device (the last push it took, else when it subscribed) is turned off, and named in the answer.
 */
export async function subscribe(
  services: AppServices,
  user: Person,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | null,
): Promise<{ id: number; replaced: { id: number; device: string } | null }> {
  checkPushKeys(input.keys)
  await checkPushEndpoint(services.config, input.endpoint)
  const values = {
    user_id: user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: deviceName(userAgent),
  }
  return runTransaction(
    services,
    async (tx) => {
      // One person's subscriptions one at a time, so two at once cannot both pass the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push-devices'), ${user.id})`)
      const [row] = await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, created_at: sql`now()` } })
        .returning({ id: pushSubscriptions.id })
      const past = await tx.execute<{ id: number; device: string }>(sql`
        delete from push_subscriptions where id in (
          select id from push_subscriptions where user_id = ${user.id} and id <> ${row!.id}
           order by greatest(created_at, coalesce(last_sent_at, created_at)) desc, id desc
          offset ${MAX_PUSH_DEVICES - 1})
        returning id, device`)
      const [replaced] = [...past]
      // The device by its name and id, never its endpoint (the push service's address for it).
      await recordAudit(
        tx,
        user,
        'Push turned on',
        `${values.device} (#${row!.id})${replaced ? `, replacing ${replaced.device} (#${replaced.id})` : ''}`,
      )
      return { id: row!.id, replaced: replaced ? { id: Number(replaced.id), device: replaced.device } : null }
    },
    { name: 'turn push on', changes: [] },
  )
}

/** Turns push off for a device (by its endpoint, as the browser knows it) or by its id from the list on /account. */
export async function unsubscribe(
  services: AppServices,
  user: Person,
  which: { endpoint: string } | { id: number },
): Promise<void> {
  const match =
    'endpoint' in which ? eq(pushSubscriptions.endpoint, which.endpoint) : eq(pushSubscriptions.id, which.id)
  await runTransaction(
    services,
    async (tx) => {
      const removed = await tx
        .delete(pushSubscriptions)
        .where(and(match, eq(pushSubscriptions.user_id, user.id)))
        .returning({ id: pushSubscriptions.id, device: pushSubscriptions.device })
      if (!removed.length) throw new NotFound('No such device.')
      await recordAudit(tx, user, 'Push turned off', removed.map((r) => `${r.device} (#${r.id})`).join(', '))
    },
    { name: 'turn push off', changes: [] },
  )
}

export function listDevices(db: DbOrTx, user: Pick<User, 'id'>) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      created_at: pushSubscriptions.created_at,
      last_sent_at: pushSubscriptions.last_sent_at,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, user.id))
    .orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id))
}
