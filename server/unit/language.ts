import Negotiator from 'negotiator'
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  PSEUDO_LANGUAGE,
  type LanguageCode,
  type LanguageSource,
  type PageLanguage,
} from '#contracts/languages.ts'
import type { DbOrTx } from '#db/client.ts'
import { getSetting } from './settings.ts'

// Which language a page speaks (docs/rules/languages.md): the person's own choice (users.language), else the best of
// the browser's Accept-Language the app speaks, else the unit's language (the unit_language setting; English unset).

/** The unit's language: the setting, or English when it is unset. */
export async function getUnitLanguage(db: DbOrTx): Promise<LanguageCode> {
  const value = await getSetting(db, 'unit_language')
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE
}

/** The language of a page, and what decided it ('browser': the answer must say Vary: Accept-Language). */
export interface ViewerLanguage {
  language: PageLanguage
  source: LanguageSource
}

/** The languages a browser may ask for, best first (the pseudo-language too: only a browser that asks gets it). */
const OFFERED = [...LANGUAGE_CODES, PSEUDO_LANGUAGE]

/** The app's language the browser prefers most, or null when it asks for none of them (or sends no header). */
export function browserLanguage(acceptLanguage: string | null): PageLanguage | null {
  // A bare wildcard asks for nothing in particular: the unit's language.
  if (!acceptLanguage || acceptLanguage.trim() === '*') return null
  // NOTE: negotiator matches a region to its language ('de-AT' takes 'de') and weighs q-values.
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(OFFERED)
  return best ? (best as PageLanguage) : null
}

export async function viewerLanguage(
  request: Request,
  db: DbOrTx,
  user: { language: string | null } | null,
): Promise<ViewerLanguage> {
  if (user && isLanguageCode(user.language)) return { language: user.language, source: 'account' }
  const asked = browserLanguage(request.headers.get('accept-language'))
  if (asked) return { language: asked, source: 'browser' }
  return { language: await getUnitLanguage(db), source: 'unit' }
}
