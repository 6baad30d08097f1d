import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { announceChange } from '../orbat/live.ts'
import { ensureUnlockFill, fillOpenSlots, type Placement } from '../waitlist/waitlist.ts'
import type { SettingInput } from '#contracts/settings.ts'
import { getSettings, lockActive, putSetting, SETTING_KEYS, type SettingKey } from './settings.ts'

// PUT /api/admin/settings (spec 1 §7): one key at a time. signup_time is the time lock (an ISO date-time, '' when
// cleared); the other keys are Discord ids ('' = unset). The use cases that run this in a transaction are in
// actions.ts.

export interface SettingUpdate {
  key: SettingKey
  value: string
  /** Waitlist placements made because the lock was cleared or set in the past. */
  placements: Placement[]
}

/** The admin view of every known setting. */
export async function adminSettings(db: DbOrTx): Promise<Record<SettingKey, string>> {
  return getSettings(db, SETTING_KEYS)
}

/** Writes one setting and its audit entry inside the caller's transaction (saveSetting in actions.ts runs it). */
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
    await announceChange(tx)
  } else {
    await recordAudit(tx, admin, 'Setting updated', value ? `${key} set to ${describe(value)}.` : `${key} cleared.`)
  }
  return { key, value, placements }
}
