import { and, asc, eq, sql } from 'drizzle-orm'
import {
  ALL_NOTIFICATION_KINDS,
  defaultChannels,
  NOTIFICATION_KINDS,
  type NotificationChannels,
  type NotificationKind,
} from '#contracts/notifications.ts'
import type { DbOrTx } from '#db/client.ts'
import { notificationPreferences, pushSubscriptions } from '#db/schema/notifications.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { Forbidden, NotFound } from '../errors.ts'
import { checkPushEndpoint } from './endpoints.ts'

// A person's devices and choices (docs/rules/notifications.md).

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

export async function setPreferences(
  db: DbOrTx,
  user: Pick<User, 'id' | 'is_admin'>,
  input: Partial<Record<NotificationKind, NotificationChannels>>,
) {
  const allowed = new Set(kindsFor(user))
  const entries = Object.entries(input) as Array<[NotificationKind, NotificationChannels]>
  if (entries.some(([kind]) => !allowed.has(kind)))
    throw new Forbidden('Only admins can choose to hear of new applications and leave requests.')
  if (entries.length)
    await db
      .insert(notificationPreferences)
      .values(entries.map(([kind, c]) => ({ user_id: user.id, kind, push: c.push, discord: c.discord })))
      .onConflictDoUpdate({
        target: [notificationPreferences.user_id, notificationPreferences.kind],
        set: { push: sql`excluded.push`, discord: sql`excluded.discord` },
      })
  return getPreferences(db, user)
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

/**
 * Turns push on for one device. The same endpoint subscribed again (a new key, or another person on the device)
 * replaces its row: a device belongs to whoever subscribed it last.
 */
export async function subscribe(
  services: AppServices,
  user: Pick<User, 'id'>,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | null,
): Promise<{ id: number }> {
  await checkPushEndpoint(services.config, input.endpoint)
  const values = {
    user_id: user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: deviceName(userAgent),
  }
  const [row] = await services.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, created_at: sql`now()` } })
    .returning({ id: pushSubscriptions.id })
  return { id: row!.id }
}

/** Turns push off for a device (by its endpoint, as the browser knows it) or by its id from the list on /account. */
export async function unsubscribe(
  db: DbOrTx,
  user: Pick<User, 'id'>,
  which: { endpoint: string } | { id: number },
): Promise<void> {
  const match =
    'endpoint' in which ? eq(pushSubscriptions.endpoint, which.endpoint) : eq(pushSubscriptions.id, which.id)
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(match, eq(pushSubscriptions.user_id, user.id)))
    .returning({ id: pushSubscriptions.id })
  if (!removed.length) throw new NotFound('No such device.')
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
