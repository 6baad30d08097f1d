import { eq } from 'drizzle-orm'
import { isLanguageCode, type LanguageCode } from '#contracts/languages.ts'
import type { DbOrTx } from '#db/client.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { forgetUserSessions } from './session-cache.ts'

// A person's own preferences stored with their account (docs/rules/languages.md): the language of their pages, pushes
// and direct messages, or null to follow the browser. Changing the users row tells every instance's session cache
// (db/functions/auth.sql), and this instance drops its copy at once, so the next page already speaks the new language.

export interface AccountPreferences {
  language: LanguageCode | null
}

export function preferencesOf(user: Pick<User, 'language'>): AccountPreferences {
  return { language: isLanguageCode(user.language) ? user.language : null }
}

export async function savePreferences(
  db: DbOrTx,
  user: Pick<User, 'id'>,
  input: AccountPreferences,
): Promise<AccountPreferences> {
  await db.update(users).set({ language: input.language }).where(eq(users.id, user.id))
  // The next page of this instance reads the new choice at once; other instances drop theirs on the NOTIFY.
  forgetUserSessions(user.id)
  return { language: input.language }
}

/** The language a person's pushes and direct messages are written in: their own choice, else the unit's. */
export async function languageOfUser(db: DbOrTx, userId: number): Promise<LanguageCode | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1)
  return row && isLanguageCode(row.language) ? row.language : null
}
