import { ALLY_MESSAGES, allyMessage } from '#contracts/allies.ts'
import type { PageLanguage } from '#contracts/languages.ts'
import { TextMatcher } from '#contracts/text-matcher.ts'
import { translate } from '../lib/i18n.ts'

// The invite page's answers in the page's language (docs/rules/languages.md): joining answers in English, the /api's
// contract; the page says the same in its own words. A text not listed here is shown as it came.

const ALLY_TEXTS = new TextMatcher()
  .same(ALLY_MESSAGES.badCode, 'allyJoin.messages.badCode')
  .same(ALLY_MESSAGES.isMember, 'allyJoin.messages.isMember')
  .madeBy((unit: string) => allyMessage(ALLY_MESSAGES.joined, unit), 'allyJoin.messages.joined', ['unit'])
  .madeBy((unit: string) => allyMessage(ALLY_MESSAGES.alreadyGuest, unit), 'allyJoin.messages.alreadyGuest', ['unit'])

/** One of the invite page's English answers in `language` (unchanged when the catalogs do not have it). */
export function allyJoinText(language: PageLanguage, message: string): string {
  const text = ALLY_TEXTS.find(message)
  return text ? translate(language, text.key, text.values) : message
}
