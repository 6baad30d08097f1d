import type { PageLanguage } from '#contracts/languages.ts'
import {
  MEMBER_WRITE_MESSAGES,
  ORBAT_REFUSAL_FIELDS,
  ORBAT_REFUSALS,
  orbatRefusalText,
  type OrbatRefusalCode,
} from '#contracts/orbat-rights.ts'
import { TextMatcher } from '#contracts/text-matcher.ts'
import { RateLimited } from '../errors.ts'
import { translate } from '../lib/i18n.ts'

// The ORBAT page's answers in the page's language (docs/rules/languages.md): sign-up, leave and the waitlist answer in
// English, the /api's contract; the page's toasts say the same in its own words. A text not listed here is shown as
// it came.

/** The page's toast when a slot or waitlist action failed for a reason it cannot tell. */
export const ORBAT_FALLBACKS = {
  slotFailed: 'Failed to perform slot action.',
  waitlistFailed: 'Failed to perform waitlist action.',
} as const

const ORBAT_TEXTS = new TextMatcher()
  .same(new RateLimited().message, 'orbatAnswers.tooManyRequests')
  .same(ORBAT_REFUSAL_FIELDS.squadTakesNoPreferences!.hint, 'orbatAnswers.chooseListedSquad')
for (const [key, message] of Object.entries({ ...MEMBER_WRITE_MESSAGES, ...ORBAT_FALLBACKS }))
  ORBAT_TEXTS.same(message, `orbatAnswers.${key}`)
for (const code of Object.keys(ORBAT_REFUSALS) as OrbatRefusalCode[]) {
  const key = `orbatRefusals.${code}`
  // A refusal with a detail (a lock, an allied unit) names it once or twice, as orbatRefusalText writes it.
  if (ORBAT_REFUSALS[code].includes('%s'))
    ORBAT_TEXTS.madeBy((detail: string) => orbatRefusalText(code, detail), key, ['detail'])
  else ORBAT_TEXTS.same(ORBAT_REFUSALS[code], key)
}

/** One of the ORBAT page's English answers in `language` (unchanged when the catalogs do not have it). */
export function orbatText(language: PageLanguage, message: string): string {
  const text = ORBAT_TEXTS.find(message)
  return text ? translate(language, text.key, text.values) : message
}
