import { sql, type SQL } from 'drizzle-orm'
import { LANGUAGE_CODES, type LanguageCode } from '#contracts/languages.ts'
import { translate } from '../lib/i18n.ts'

// A notice's texts in every language (docs/rules/languages.md): written once with the change, each person reads them
// in their own language, chosen as the row is written (db/functions/notifications.sql user_language: their choice,
// else the unit's). A plain string is the same text for everyone (the unit's own words: an award's name inside a
// translated sentence stays as the unit wrote it).

export type Localized = Record<LanguageCode, string>
export type NoticeText = string | Localized

type Values = Record<string, string | number>

/**
 * The catalog message `key` (contracts/i18n/) in every language; `values` may depend on the language (a status the
 * catalogs name too).
 */
export function inEveryLanguage(key: string, values?: Values | ((language: LanguageCode) => Values)): Localized {
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      translate(language, key, typeof values === 'function' ? values(language) : values),
    ]),
  ) as Localized
}

/**
 * A message for SQL to fill in per row, in every language: each argument stays as `{name}`, for `replace()` with the
 * row's value (a training's name in a reminder written for every member signed up to it).
 */
export function templateInEveryLanguage(key: string, names: readonly string[]): Localized {
  return inEveryLanguage(key, Object.fromEntries(names.map((name) => [name, `{${name}}`])))
}

/** The SQL of a text as the recipient (`userId`, an SQL expression) reads it. */
export function textFor(text: NoticeText, userId: SQL): SQL {
  if (typeof text === 'string') return sql`${text}`
  return sql`(${JSON.stringify(text)}::jsonb ->> user_language(${userId}))`
}
