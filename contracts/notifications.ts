import { z } from 'zod'
import { text } from './fields.ts'

// What a person can be told, and how (docs/rules/notifications.md). The kinds and field names are the /api contract.

export const NOTIFICATION_KINDS = [
  'signups_open',
  'waitlist_placed',
  'slot_changed',
  'training_reminder',
  'test_updates',
  'promotions_awards',
  'leave',
  'applications',
] as const
/** Only admins may choose it: a new application or a new leave request. */
export const ADMIN_NOTIFICATION_KIND = 'admin_queue'
export const ALL_NOTIFICATION_KINDS = [...NOTIFICATION_KINDS, ADMIN_NOTIFICATION_KIND] as const
export type NotificationKind = (typeof ALL_NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  signups_open: 'Sign-ups open (10 minutes before, and when they open)',
  waitlist_placed: 'You were placed from the waitlist into a slot',
  slot_changed: 'An admin moved you or removed you from your slot',
  training_reminder: 'A training you signed up to starts in 24 hours, and in 1 hour',
  test_updates: 'Test approval, evaluation result, qualification granted',
  promotions_awards: 'Promotions and awards',
  leave: 'Your leave was approved or denied',
  applications: 'Your application changed status',
  admin_queue: 'New applications and leave requests (admins)',
}

const channelsSchema = z.strictObject({ push: z.boolean(), discord: z.boolean() })
export type NotificationChannels = z.infer<typeof channelsSchema>

/** Until a person chooses: every kind by push (once a device is subscribed), none by Discord message. */
export const DEFAULT_CHANNELS: NotificationChannels = { push: true, discord: false }

/**
 * A kind's channels until the person chooses (db/functions/notifications.sql notification_wanted says the same).
 * admin_queue is off. An application's news goes by push, and by Discord message when no device of theirs took it: an
 * applicant, not yet a member, hears by Discord message until they subscribe a device.
 */
export function defaultChannels(kind: NotificationKind): NotificationChannels {
  if (kind === ADMIN_NOTIFICATION_KIND) return { push: false, discord: false }
  if (kind === 'applications') return { push: true, discord: true }
  return DEFAULT_CHANNELS
}

/** GET /api/account/notifications: every kind the caller may choose. */
export const notificationPreferencesSchema = z
  .record(z.enum(ALL_NOTIFICATION_KINDS), channelsSchema)
  .meta({ id: 'NotificationPreferences' })

/** PUT /api/account/notifications: the kinds to change (others keep their choice). */
export const notificationPreferencesInputSchema = z.partialRecord(z.enum(ALL_NOTIFICATION_KINDS), channelsSchema)

/** The page's form: a `kind` field per kind in the form, and `push` / `discord` once per kind ticked. */
export const NOTIFICATION_FORM_FIELDS = { kind: 'kind', push: 'push', discord: 'discord' } as const

/** The choices form's own refusals (an unknown kind is refused as PUT /api/account/notifications refuses it). */
export const NOTIFICATION_FORM_MESSAGES = {
  noKind: 'No notification kind was sent.',
  tickedNotListed: 'A ticked kind is not in the form.',
} as const

const formKinds = z.array(text())

/**
 * The /account page's choices form, read as the body of PUT /api/account/notifications: every kind the form lists is
 * set to the channels ticked for it (an unticked box is not sent at all). A form without kinds, or with a box of a kind
 * it does not list, is refused; unknown kinds are refused by the body's own schema.
 */
export const notificationChoicesFormSchema = z
  .object({
    [NOTIFICATION_FORM_FIELDS.kind]: formKinds.min(1, NOTIFICATION_FORM_MESSAGES.noKind),
    [NOTIFICATION_FORM_FIELDS.push]: formKinds,
    [NOTIFICATION_FORM_FIELDS.discord]: formKinds,
  })
  .refine(
    ({ kind, push, discord }) => [...push, ...discord].every((ticked) => kind.includes(ticked)),
    NOTIFICATION_FORM_MESSAGES.tickedNotListed,
  )
  .transform(({ kind, push, discord }) =>
    Object.fromEntries(kind.map((name) => [name, { push: push.includes(name), discord: discord.includes(name) }])),
  )
  .pipe(notificationPreferencesInputSchema)

const base64url = text()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')

/**
 * POST /api/push/subscriptions: the browser's PushSubscription.toJSON() as it is (its `expirationTime` is taken and
 * not kept: push services renew a subscription by a new endpoint, which the page sends again).
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: text().trim().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url, auth: base64url }),
})

/** DELETE /api/push/subscriptions */
export const pushUnsubscribeInputSchema = z.object({ endpoint: text().trim().min(1).max(2048) })

export const pushPublicKeySchema = z.object({ publicKey: text() }).meta({ id: 'PushPublicKey' })
/** POST /api/push/subscriptions: the device's id, and the device turned off to make room (at most 10 per person). */
export const pushSubscriptionAnswerSchema = z.object({
  id: z.number().int(),
  replaced: z.object({ id: z.number().int(), device: text() }).nullable(),
})

/** What a push message carries (encrypted, aes128gcm): the service worker shows it and opens `url` on a click. */
export interface PushPayload {
  title: string
  body: string
  url: string
}

/** One device that gets push, as /account and GET /api/push/subscriptions list it. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  /** What the browser said it was when it subscribed ("Chrome on Android"). */
  device: text(),
  created_at: z.iso.datetime({ offset: true }),
  /** When a push last reached its push service; null until one did. */
  last_sent_at: z.iso.datetime({ offset: true }).nullable(),
})
export type PushDevice = z.infer<typeof pushDeviceSchema>

/** GET /api/push/subscriptions: the caller's devices, oldest first. */
export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) }).meta({ id: 'PushDevices' })

/** The notifications part of /account's loader data. */
export interface AccountNotifications {
  choices: Array<{ kind: NotificationKind; label: string; push: boolean; discord: boolean }>
  /** `key`: a hash of the endpoint, so the page can tell which device it runs on without reading the endpoint. */
  devices: Array<PushDevice & { key: string }>
  /** When Discord refused the last direct message (DMs closed), while some kind is still chosen by Discord. */
  dmsClosedAt: string | null
}

/** What /account says of push and Discord messages, word for word where a test reads it. */
/** The most devices one person may have push on: a new one past it replaces the least recently used. */
export const MAX_PUSH_DEVICES = 10

export const NOTIFICATION_MESSAGES = {
  saved: 'Notification choices saved.',
  saveFailed: 'Could not save your notification choices.',
  deviceRemoved: 'Device removed: it gets no more push notifications.',
  removeFailed: 'Could not remove the device.',
  noJavaScript:
    'Turning push on needs JavaScript, which is off in this browser. Your choices below still save without it.',
  unsupported:
    'This browser cannot receive push notifications. On an iPhone or iPad, add the app to your home screen first and open it from there.',
  denied:
    'Your browser blocks notifications from this site. Allow them in the site settings (the icon beside the address), then try again.',
  dismissed: 'You did not allow notifications. Try again and choose Allow when the browser asks.',
  /** The browser's push service could not be reached (offline, or the browser's push turned off). */
  pushServiceDown:
    'Your browser could not reach its push service. Check that you are online and that the browser may use push, then try again.',
  noWorker:
    'The app is not fully loaded in this browser yet, so push cannot be turned on. Reload the page and try again.',
  on: 'Push is on for this device.',
  deviceLimit: `Push goes to at most ${MAX_PUSH_DEVICES} of your devices: turning it on for another replaces the one you used least recently.`,
  /** After turning push on past the limit of 10 devices: the device turned off to make room. */
  replaced: (device: string) =>
    `Push goes to at most ${MAX_PUSH_DEVICES} of your devices, so it was turned off on the one you used least recently (${device}).`,
  off: 'Push is off for this device.',
  dmsClosed:
    'Discord did not deliver our last message to you: your direct messages are closed to the bot. To get Discord messages, allow direct messages from server members in the unit’s Discord server (Privacy Settings), or choose push instead.',
} as const
