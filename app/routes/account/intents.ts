import type { CreatedApiToken } from '#contracts/api-tokens.ts'
import type { ActionAnswer } from '#app/hooks/use-form-post.tsx'

// The account page's forms and intents, shared by its action and its sections.

export const ACCOUNT_INTENTS = {
  createToken: 'create-token',
  revokeToken: 'revoke-token',
  /** Create the calendar feed, or regenerate its URL (confirmed). */
  calendarFeed: 'calendar-feed',
  /** The notification choices per kind and channel. */
  notificationChoices: 'notification-choices',
  /** Stop push to one of the person's devices. */
  removeDevice: 'remove-device',
  /** The person's language, or none (their browser's). */
  saveLanguage: 'save-language',
} as const

export const ACCOUNT_FORMS = {
  token: 'token',
  calendar: 'calendar',
  notifications: 'notifications',
  language: 'language',
} as const

/** What the action answers besides a redirect: a form's reply, or the token or calendar URL just made (shown once). */
export type AccountActionData =
  | ActionAnswer
  | { ok: true; created: CreatedApiToken }
  | { ok: true; calendarFeed: { path: string; replaced: boolean } }
  | { ok: false; form: typeof ACCOUNT_FORMS.notifications; notice: string }
