import { sql, type SQL } from 'drizzle-orm'
import { LANGUAGE_CODES, type LanguageCode } from '#contracts/languages.ts'
import { translate } from '../lib/i18n.ts'

// A notice's texts in every language (docs/rules/languages.md): written once with the change, each person reads them
// in their own language, chosen as the row is written (db/functions/notifications.sql user_language: their choice,
// else the unit's). A plain string is the same text for everyone (the unit's own words: an award's name inside a
// translated sentence stays as the unit wrote it).

export type Localized = Record<LanguageCode, string>
export type NoticeText = string | Localized

/** The catalog message `key` (contracts/i18n/) in every language. */
export function inEveryLanguage(key: string, values?: Record<string, string | number>): Localized {
  return Object.fromEntries(LANGUAGE_CODES.map((language) => [language, translate(language, key, values)])) as Localized
}

/** The SQL of a text as the recipient (`userId`, an SQL expression) reads it. */
export function textFor(text: NoticeText, userId: SQL): SQL {
  if (typeof text === 'string') return sql`${text}`
  return sql`(${JSON.stringify(text)}::jsonb ->> user_language(${userId}))`
}
