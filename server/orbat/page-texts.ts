import type { PageLanguage } from '#contracts/languages.ts'
import {
  MEMBER_WRITE_MESSAGES,
  ORBAT_REFUSAL_FIELDS,
  ORBAT_REFUSALS,
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
for (const [code, text] of Object.entries(ORBAT_REFUSALS) as Array<[OrbatRefusalCode, string]>) {
  const key = `orbatRefusals.${code}`
  // A refusal with a detail names it once or twice ("Guests of X can only take slots reserved for X.").
  const details = text.split('%s').length - 1
  if (details === 0) ORBAT_TEXTS.same(text, key)
  else {
    const make = (...values: string[]) => text.replace(/%s/g, () => values.shift() ?? '')
    ORBAT_TEXTS.madeBy(make, key, Array<string>(details).fill('detail'))
  }
}

/** One of the ORBAT page's English answers in `language` (unchanged when the catalogs do not have it). */
export function orbatText(language: PageLanguage, message: string): string {
  const text = ORBAT_TEXTS.find(message)
  return text ? translate(language, text.key, text.values) : message
}
