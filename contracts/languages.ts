// Languages (docs/rules/languages.md): the app speaks English (the default, and the texts the rules quote) and six
// more. A person's own choice (stored with their account) wins; else the browser's Accept-Language; else the unit's
// default language (the unit_language setting), which the bot's channel posts use too. The /api speaks English.

export const LANGUAGE_CODES = ['en', 'de', 'fr', 'pl', 'ru', 'cs', 'es'] as const
export type LanguageCode = (typeof LANGUAGE_CODES)[number]
export const DEFAULT_LANGUAGE: LanguageCode = 'en'

/** Each language's name in itself, as the pickers list it. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pl: 'Polski',
  ru: 'Русский',
  cs: 'Čeština',
  es: 'Español',
}

/**
 * The pseudo-language: English made longer and accented, for the browser tests to find a text that is cut off or a
 * text that is no translation at all. Chosen only by a browser that asks for it (Accept-Language: qps-ploc); never
 * listed and never stored.
 */
export const PSEUDO_LANGUAGE = 'qps-ploc'
/** What a page is rendered in: one of the languages, or the pseudo-language. */
export type PageLanguage = LanguageCode | typeof PSEUDO_LANGUAGE

/** Where the language of a page came from. */
export type LanguageSource = 'account' | 'browser' | 'unit'

/** The locale Intl formats numbers and dates in for a page language (the pseudo-language formats as English). */
export function intlLocale(language: PageLanguage): LanguageCode {
  return language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value)
}

export const INVALID_LANGUAGE = `Please choose one of the languages: ${LANGUAGE_CODES.join(', ')}.`

export interface LanguagesAnswer {
  default: LanguageCode
  available: { code: LanguageCode; name: string }[]
}
