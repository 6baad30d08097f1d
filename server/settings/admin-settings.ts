import type { DbOrTx } from '#db/client.ts'
import { DISCORD_SETTING_KEYS, type DiscordSettingKey, type DiscordSettingsInput } from '#contracts/discord.ts'
import { loadDiscordSettings } from '../discord/admin.ts'
import { enqueueDiscordEvent, loadDiscordEventSettings, wakeDiscordEvents } from '../discord/scheduled-events.ts'
import { and, gt, isNotNull } from 'drizzle-orm'
import { events, trainings } from '#db/schema/roster.ts'
import type { DiscordEventSettings, DiscordEventSettingsInput } from '#contracts/discord-events.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { Placement } from '../orbat/waitlist/placement.ts'
import { ensureUnlockFill, fillOpenSlots } from '../orbat/waitlist/waitlist.ts'
import { TIME_LOCK_REQUIRED, type SettingInput, type TimeLockInput } from '#contracts/settings.ts'
import type { ChangeTopic } from '../changes.ts'
import type { AppServices } from '../context.ts'
import { discordNames } from '../discord/names.ts'
import { EVERYONE } from '../role-sync/queue.ts'
import { Invalid } from '../errors.ts'
import { postActivity } from '../discord/activity-channel.ts'
import { runTransaction } from '../transaction.ts'
import { placementLine } from '../orbat/waitlist/placement.ts'
import { isValidTimeZone, nextLockInstant } from '../lib/time-lock.ts'
import { unitTimeZoneChanged } from '../unit/time-zone.ts'
import { getSettings, lockActive, putSetting, SETTING_KEYS, type SettingKey } from '../unit/settings.ts'

// PUT /api/admin/settings (docs/rules/settings.md): one key at a time. signup_time is the time lock (an ISO date-time,
// '' when cleared); the other keys are Discord ids ('' = unset). The use cases below run it in a transaction: clearing
// the lock (or setting one already past) fills open slots from the waitlist, and those placements go to the activity
// channel after the commit.

interface SettingUpdate {
  key: SettingKey
  value: string
  /** Waitlist placements made because the lock was cleared or set in the past. */
  placements: Placement[]
}

/** The admin view of every known setting. */
export async function adminSettings(db: DbOrTx): Promise<Record<SettingKey, string>> {
  return getSettings(db, SETTING_KEYS)
}

/** Writes one setting and its audit entry inside the caller's transaction (saveSetting below runs it). */
export async function updateSetting(
  tx: DbOrTx,
  admin: User,
  input: SettingInput,
  describe: (value: string) => string = (v) => v,
): Promise<SettingUpdate> {
  const { key, value } = input
  await putSetting(tx, key, value)
  let placements: Placement[] = []
  if (key === 'signup_time') {
    if (value === '') {
      await recordAudit(tx, admin, 'Time lock cleared', 'Sign-ups are open.')
      placements = await fillOpenSlots(tx)
    } else if (lockActive(value)) {
      await recordAudit(tx, admin, 'Time lock set', `Sign-ups locked until ${value}.`)
    } else {
      await recordAudit(tx, admin, 'Time lock set', `Sign-up time set to ${value} (already past: sign-ups are open).`)
      placements = await ensureUnlockFill(tx)
    }
  } else {
    await recordAudit(tx, admin, 'Setting updated', value ? `${key} set to ${describe(value)}.` : `${key} cleared.`)
  }
  return { key, value, placements }
}

/**
 * Of the settings, the live ORBAT shows signup_time (the lock, and the fill clearing it makes); the unit's zone decides
 * which day it is for the LOA badges of the ORBAT and the roster.
 */
export function settingChanges(update: SettingUpdate): readonly ChangeTopic[] {
  if (update.key === 'unit_time_zone') return ['orbat', 'roster']
  return update.key === 'signup_time' ? ['orbat'] : []
}

/** What a setting's value names on Discord, for its audit entry. */
const DISCORD_SETTING_KINDS: Partial<Record<SettingInput['key'], 'channel' | 'role'>> = {
  promotion_channel_id: 'channel',
  squad_channel_category_id: 'channel',
  orbat_activity_channel_id: 'channel',
  leave_channel_id: 'channel',
  recruitment_channel_id: 'channel',
  activity_digest_channel_id: 'channel',
  admin_channel_id: 'channel',
  discord_events_channel_id: 'channel',
  event_ping_role_id: 'role',
  milsim_role_id: 'role',
  leave_role_id: 'role',
}

/** The role settings whose holders the roster decides: a new role goes to all of them at once. */
const ROLE_FOR_EVERYONE = new Set<SettingKey>(['milsim_role_id', 'leave_role_id'])

/** Saves one setting (PUT /api/admin/settings); its audit entry names the channel or role. */
export async function saveSetting(services: AppServices, admin: User, input: SettingInput): Promise<SettingUpdate> {
  const kind = DISCORD_SETTING_KINDS[input.key]
  const names =
    kind && input.value ? await discordNames(services, { channels: kind === 'channel', roles: kind === 'role' }) : null
  const describe = names && kind ? (value: string) => names[kind](value) : undefined
  return runTransaction(services, (tx) => updateSetting(tx, admin, input, describe), {
    name: 'save setting',
    changes: settingChanges,
    // A new milsim or leave role: every member who should hold it gets it (a reconcile of everyone).
    syncRoles: (result) => [
      ...result.placements.map((p) => p.discordId),
      ...(ROLE_FOR_EVERYONE.has(result.key) && result.value ? [EVERYONE] : []),
    ],
    after: (result) => {
      postActivity(services, result.placements.map(placementLine))
      // The weekly promotion run and the nightly reconcile move to the new zone.
      if (result.key === 'unit_time_zone') return unitTimeZoneChanged(result.value)
    },
  })
}

/**
 * Locks sign-ups until a month, day and time in the admin's zone: this year's date, or next year's when it has passed
 * (docs/rules/orbat.md, The time lock). Invalid(TIME_LOCK_REQUIRED) for a date that never exists (31 April) or a zone
 * the server does not know.
 */
export async function setTimeLock(services: AppServices, admin: User, input: TimeLockInput): Promise<SettingUpdate> {
  const { tz, ...wall } = input
  const instant = isValidTimeZone(tz) ? nextLockInstant(wall, tz) : null
  if (!instant) throw new Invalid(TIME_LOCK_REQUIRED)
  return saveSetting(services, admin, { key: 'signup_time', value: instant.toISOString() })
}

/** Opens sign-ups at once. */
export function clearTimeLock(services: AppServices, admin: User): Promise<SettingUpdate> {
  return saveSetting(services, admin, { key: 'signup_time', value: '' })
}

/** Saves the settings that changed (trimmed by the schema), each through saveSetting; answers the keys saved. */
export async function saveDiscordSettings(
  services: AppServices,
  admin: User,
  input: DiscordSettingsInput,
): Promise<DiscordSettingKey[]> {
  const current = await loadDiscordSettings(services.db)
  const changed = DISCORD_SETTING_KEYS.filter((key) => input[key] !== current[key])
  for (const key of changed) await saveSetting(services, admin, { key, value: input[key] })
  return changed
}

/**
 * The Discord page's Scheduled Events form (docs/rules/discord.md, Scheduled events): whether new events and trainings
 * are published by default, their location, and what the nightly reconcile does with one deleted by hand. Saves the
 * settings that changed, each through saveSetting (its audit entry); answers the keys saved.
 */
export async function saveDiscordEventSettings(
  services: AppServices,
  admin: User,
  input: DiscordEventSettingsInput,
): Promise<SettingKey[]> {
  const current = await loadDiscordEventSettings(services.db)
  const stored = (value: DiscordEventSettings) => ({
    discord_events_default: value.discord_events_default ? 'true' : '',
    discord_events_location: value.discord_events_location,
    discord_events_drift: value.discord_events_drift,
    discord_events_channel_id: value.discord_events_channel_id,
  })
  const before = stored(current)
  const after = stored(input)
  const changed = (Object.keys(after) as Array<keyof typeof after>).filter((key) => after[key] !== before[key])
  for (const key of changed) await saveSetting(services, admin, { key, value: after[key] })
  // Where the events take place is part of every published one: the upcoming ones on Discord take the new place now,
  // not at their next edit.
  if (changed.includes('discord_events_location') || changed.includes('discord_events_channel_id')) {
    await runTransaction(
      services,
      async (tx) => {
        const published = (table: typeof events | typeof trainings) =>
          tx
            .select({ id: table.id })
            .from(table)
            .where(and(isNotNull(table.discord_event_id), gt(table.date, new Date())))
        const [upcomingEvents, upcomingTrainings] = [await published(events), await published(trainings)]
        for (const { id } of upcomingEvents) await enqueueDiscordEvent(tx, 'event', id)
        for (const { id } of upcomingTrainings) await enqueueDiscordEvent(tx, 'training', id)
        return upcomingEvents.length + upcomingTrainings.length
      },
      {
        name: 'move published events',
        changes: [],
        after: (queued) => queued > 0 && wakeDiscordEvents(services),
      },
    )
  }
  return changed
}
