import { z } from 'zod'
import { INVALID_LANGUAGE, LANGUAGE_CODES } from './languages.ts'

// Apart from languages.ts, which every page's script loads through the root: the schemas (and zod with them) only
// where a language is chosen.

const languageCode = z.enum(LANGUAGE_CODES, { error: INVALID_LANGUAGE })

/** PUT /api/account/preferences: the person's language, or null to follow the browser. */
export const preferencesSchema = z.object({ language: languageCode.nullable() })
/** PUT /api/admin/settings/language and the General settings page's form: the unit's default language. */
export const unitLanguageSchema = z.object({ language: languageCode })
/** The account page's form: a language, or '' (sent as nothing) to follow the browser. */
export const languageFormSchema = z.object({ language: languageCode.optional() })
