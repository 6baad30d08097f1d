import type { Route } from './+types/languages'
import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguagesAnswer } from '#contracts/languages.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getUnitLanguage } from '#server/unit/language.ts'

// GET /api/languages: the unit's default language and every language the app speaks (docs/rules/languages.md). Public.
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async (): Promise<LanguagesAnswer> => ({
    default: await getUnitLanguage(getServices(context).db),
    available: LANGUAGE_CODES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
  }))
}
