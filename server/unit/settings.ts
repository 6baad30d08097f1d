import { signupUnlockAt } from '#contracts/time.ts'
import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { settings, SETTING_KEYS, type SettingKey } from '#db/schema/settings.ts'

export { SETTING_KEYS, type SettingKey }

/**
 * Internal marker (no form sets it): the signup_time whose unlock fill has run. Direct sign-ups after an unlock wait
 * until the waitlist fill for that unlock is done (docs/rules/orbat.md, When the lock ends).
 */
export const UNLOCK_FILL_DONE_KEY = 'signup_unlock_fill_done'

export async function getSetting(db: DbOrTx, key: string): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1)
  return row?.value ?? ''
}

export async function getSettings<K extends string>(db: DbOrTx, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]))
  const result = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>
  for (const row of rows) result[row.key as K] = row.value
  return result
}

export async function putSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } })
}

/** The time lock is active while signup_time lies in the future (docs/rules/orbat.md, The time lock). */
export function lockActive(signupTime: string, now = new Date()): boolean {
  const at = signupUnlockAt(signupTime)
  return at !== null && at.getTime() > now.getTime()
}
