import { TIME_LOCK_REQUIRED, type SettingInput, type TimeLockInput } from '#contracts/settings.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { Invalid } from '../errors.ts'
import { postActivity } from '../orbat/actions.ts'
import { discordNames } from '../discord/names.ts'
import { EVERYONE } from '../discord/role-sync-queue.ts'
import { runTransaction } from '../transaction.ts'
import { placementLine } from '../waitlist/waitlist.ts'
import { updateSetting, type SettingUpdate } from './admin-settings.ts'
import { isValidTimeZone, nextLockInstant } from './time-lock.ts'
import { unitTimeZoneChanged } from './unit-time-zone.ts'

// The settings use cases (spec 1 §4, §7): the settings pages, PUT /api/admin/settings and the Promotions tab call
// these. Clearing the lock (or setting one already past) fills open slots from the waitlist; those placements go to
// the activity channel after the commit.

/** What a setting's value names on Discord, for its audit entry. */
const DISCORD_SETTING_KINDS: Partial<Record<SettingInput['key'], 'channel' | 'role'>> = {
  promotion_channel_id: 'channel',
  squad_channel_category_id: 'channel',
  orbat_activity_channel_id: 'channel',
  event_ping_role_id: 'role',
  milsim_role_id: 'role',
}

/** Saves one setting (PUT /api/admin/settings); its audit entry names the channel or role. */
export async function saveSetting(services: AppServices, admin: User, input: SettingInput): Promise<SettingUpdate> {
  const kind = DISCORD_SETTING_KINDS[input.key]
  const names =
    kind && input.value ? await discordNames(services, { channels: kind === 'channel', roles: kind === 'role' }) : null
  const describe = names && kind ? (value: string) => names[kind](value) : undefined
  return runTransaction(services, (tx) => updateSetting(tx, admin, input, describe), {
    name: 'save setting',
    // A new milsim role: every active member gets it (a reconcile of everyone).
    syncRoles: (result) => [
      ...result.placements.map((p) => p.discordId),
      ...(result.key === 'milsim_role_id' && result.value ? [EVERYONE] : []),
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
 * (spec 1 §4). Invalid(TIME_LOCK_REQUIRED) for a date that never exists (31 April) or a zone the server does not know.
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
