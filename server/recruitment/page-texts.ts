import type { PageLanguage } from '#contracts/languages.ts'
import { APPLICATIONS_PER_DAY, RECRUITMENT_MESSAGES } from '#contracts/recruitment.ts'
import { TextMatcher } from '#contracts/text-matcher.ts'
import { RateLimited } from '../errors.ts'
import { translate } from '../lib/i18n.ts'

// The join page's answers in the page's language (docs/rules/languages.md): the use cases refuse in English, the
// /api's contract; the page says the same refusal in its own words. A text not listed here is shown as it came.

const JOIN_TEXTS = new TextMatcher()
  .same(RECRUITMENT_MESSAGES.applied, 'join.messages.applied')
  .same(RECRUITMENT_MESSAGES.withdrawn, 'applications.withdrawn')
  .same(RECRUITMENT_MESSAGES.notFound, 'applications.notFound')
  .same(RECRUITMENT_MESSAGES.loginRequired, 'join.messages.loginRequired')
  .same(RECRUITMENT_MESSAGES.alreadyMember, 'join.messages.alreadyMember')
  .same(RECRUITMENT_MESSAGES.banned, 'join.messages.banned')
  .same(RECRUITMENT_MESSAGES.openExists, 'join.messages.openExists')
  .same(RECRUITMENT_MESSAGES.tooManyToday, 'join.messages.tooManyToday', { count: APPLICATIONS_PER_DAY })
  .same(new RateLimited().message, 'join.messages.tooManyRequests')
  .madeBy(RECRUITMENT_MESSAGES.cooldown, 'join.messages.cooldown', ['day'])
  .madeBy(RECRUITMENT_MESSAGES.answerMissing, 'join.messages.answerMissing', ['label'])
  .madeBy(RECRUITMENT_MESSAGES.answerTooLong, 'join.messages.answerTooLong', ['label', 'max'], ['max'])
  .madeBy(RECRUITMENT_MESSAGES.answerChoice, 'join.messages.answerChoice', ['label'])
  .madeBy(RECRUITMENT_MESSAGES.answerYesNo, 'join.messages.answerYesNo', ['label'])
  .madeBy(RECRUITMENT_MESSAGES.answerNumber, 'join.messages.answerNumber', ['label'])
  .madeBy(RECRUITMENT_MESSAGES.unknownQuestion, 'join.messages.unknownQuestion', ['id'])

/** One of the join page's English answers in `language` (unchanged when the catalogs do not have it). */
export function joinText(language: PageLanguage, message: string): string {
  const text = JOIN_TEXTS.find(message)
  return text ? translate(language, text.key, text.values) : message
}
