import crypto from 'node:crypto'
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { type AccountNotifications, NOTIFICATION_KIND_LABELS, type PushDevice } from '#contracts/notifications.ts'
import type { DbOrTx } from '#db/client.ts'
import { notificationOutbox, pushSubscriptions } from '#db/schema/notifications.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { DMS_CLOSED } from './sender.ts'
import { getPreferences, kindsFor } from './subscriptions.ts'

// What /account shows of notifications (docs/rules/notifications.md): the choices per kind, the devices that get push,
// and whether Discord refused the last direct message because the person takes none from the bot.

/**
 * A device's endpoint, shortened by a hash: the page tells "this device" apart without the endpoint (the push
 * service's address for the device) ever being written into the page. The browser hashes its own the same way.
 */
export function endpointKey(endpoint: string): string {
  return crypto.createHash('sha256').update(endpoint).digest('base64url').slice(0, 22)
}

function toDevice(row: { id: number; device: string; created_at: Date; last_sent_at: Date | null }): PushDevice {
  return {
    id: row.id,
    device: row.device || 'A browser',
    created_at: row.created_at.toISOString(),
    last_sent_at: row.last_sent_at?.toISOString() ?? null,
  }
}

/** GET /api/push/subscriptions: the person's devices, oldest first. */
export async function listPushDevices(db: DbOrTx, user: Pick<User, 'id'>): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, user.id))
    .orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id))
  return rows.map(toDevice)
}

/**
 * When Discord refused the person's latest direct message because their DMs are closed to the bot; null when the
 * latest one went through (they opened them since) or none was refused.
 */
async function dmsClosedAt(db: DbOrTx, user: Pick<User, 'id'>): Promise<string | null> {
  const [latest] = await db
    .select({
      state: notificationOutbox.discord_state,
      error: notificationOutbox.discord_error,
      at: notificationOutbox.done_at,
    })
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.user_id, user.id),
        inArray(notificationOutbox.discord_state, ['sent', 'failed']),
        isNotNull(notificationOutbox.done_at),
      ),
    )
    .orderBy(desc(notificationOutbox.done_at), desc(notificationOutbox.id))
    .limit(1)
  return latest?.state === 'failed' && latest.error === DMS_CLOSED && latest.at ? latest.at.toISOString() : null
}

export async function accountNotifications(
  db: DbOrTx,
  user: Pick<User, 'id' | 'is_admin'>,
): Promise<AccountNotifications> {
  const [preferences, rows, closedAt] = await Promise.all([
    getPreferences(db, user),
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, user.id))
      .orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id)),
    dmsClosedAt(db, user),
  ])
  const choices = kindsFor(user).map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    push: preferences[kind]?.push ?? false,
    discord: preferences[kind]?.discord ?? false,
  }))
  return {
    choices,
    devices: rows.map((row) => ({ ...toDevice(row), key: endpointKey(row.endpoint) })),
    dmsClosedAt: closedAt && choices.some((c) => c.discord) ? closedAt : null,
  }
}
