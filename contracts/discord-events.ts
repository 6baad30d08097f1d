import { z } from 'zod'
import { flagSchema, SNOWFLAKE, text } from './fields.ts'

// Discord scheduled events (docs/rules/discord.md, Scheduled events): an event or a training published in the guild.
// The fields the event and training bodies and answers gain, the settings of the Discord page's Scheduled Events form,
// and the words the admin lists show for each item's state on Discord.

export const DISCORD_EVENT_FLAG =
  "Publish as a Discord scheduled event. Absent: the Discord settings' default (discord_events_default) for a new one, unchanged on an edit."

/** The id of the item's Discord scheduled event, once created; null while it is not (yet) on Discord. */
export const discordEventId = text()
  .nullable()
  .meta({ description: "The Discord scheduled event's id once it is on Discord; null while not (yet) published." })

/** How long a Discord event lasts: the app's events and trainings have a start only. */
export const DISCORD_EVENT_HOURS = 2
/** Where a Discord event takes place when the setting discord_events_location is blank. */
export const DEFAULT_DISCORD_EVENT_LOCATION = 'Task Force HQ'

/** What the nightly reconcile does with a Discord event deleted by hand (setting discord_events_drift). */
export const DISCORD_EVENT_DRIFT = ['recreate', 'unlink'] as const
export type DiscordEventDrift = (typeof DISCORD_EVENT_DRIFT)[number]
export const DRIFT_LABELS: Record<DiscordEventDrift, string> = {
  recreate: 'Recreate it',
  unlink: 'Unpublish the item in the app',
}

export const DISCORD_EVENT_SETTINGS_INTENT = 'save-discord-event-settings'
export const DISCORD_EVENT_SETTINGS_SAVED = 'Scheduled event settings saved.'

/** Discord's limit on a scheduled event's location. */
const LOCATION_MAX = 100

/** The Discord page's Scheduled Events form. */
export const discordEventSettingsSchema = z.object({
  discord_events_default: flagSchema,
  discord_events_location: text()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= LOCATION_MAX, `The location is limited to ${LOCATION_MAX} characters.`),
  discord_events_drift: z
    .enum(DISCORD_EVENT_DRIFT, { error: 'Choose what happens to a Discord event deleted by hand.' })
    .optional()
    .transform((v) => v ?? 'recreate'),
  discord_events_channel_id: text()
    .nullish()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v === '' || SNOWFLAKE.test(v), 'The voice channel must be a Discord id (digits only).'),
})
export type DiscordEventSettingsInput = z.output<typeof discordEventSettingsSchema>

export interface DiscordEventSettings {
  discord_events_default: boolean
  discord_events_location: string
  discord_events_drift: DiscordEventDrift
  /** A voice channel: the Discord events take place there instead of at the location. */
  discord_events_channel_id: string
}

/** An item's state on Discord, for its row in the admin lists. */
export type DiscordEventState = 'published' | 'pending' | 'retrying' | 'removing'

export const DISCORD_EVENT_STATE_LABELS: Record<DiscordEventState, string> = {
  published: 'Discord event: published',
  pending: 'Discord event: publishing',
  retrying: 'Discord event: failed, retrying',
  removing: 'Discord event: removing',
}

/** An item's state on Discord shown on its row (null: not published), with the last error while it is retried. */
export interface DiscordEventStatus {
  state: DiscordEventState
  error: string | null
}

/**
 * The row's state: a queued sync is in progress (failed and retrying when it has an error; removing when the item is
 * no longer published), otherwise published once Discord has the event.
 */
export function discordEventStatus(
  item: { discord_event: boolean; discord_event_id: string | null },
  queued: { error: string | null } | undefined,
): DiscordEventStatus | null {
  if (queued) {
    if (queued.error) return { state: 'retrying', error: queued.error }
    return { state: item.discord_event ? 'pending' : 'removing', error: null }
  }
  return item.discord_event_id ? { state: 'published', error: null } : null
}
