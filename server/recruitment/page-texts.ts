import { RICH_TEXT } from '#contracts/assessments.ts'
import type { PageLanguage } from '#contracts/languages.ts'
import {
  APPLICATION_STATUSES,
  APPLICATIONS_PER_DAY,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
} from '#contracts/recruitment.ts'
import { RECRUITMENT_COOLDOWN_LIMIT } from '#contracts/settings.ts'
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

// The recruiters' pages (/admin/recruitment and its form editor): the same, from the catalogs' `adminRecruitment`
// (and `applications` where the applicant's pages say the same).

const m = (name: string) => `adminRecruitment.messages.${name}`
const RECRUITER_TEXTS = new TextMatcher()
  .same(RECRUITMENT_MESSAGES.formSaved, m('formSaved'))
  .same(RECRUITMENT_MESSAGES.commented, m('commented'))
  .same(RECRUITMENT_MESSAGES.assigned, m('assigned'))
  .same(RECRUITMENT_MESSAGES.cooldownSaved, m('cooldownSaved'))
  .same(RECRUITMENT_MESSAGES.loadFailed, m('loadFailed'))
  .same(RECRUITMENT_MESSAGES.saveFailed, 'applications.saveFailed')
  .same(RECRUITMENT_MESSAGES.notFound, 'applications.notFound')
  .same(RECRUITMENT_MESSAGES.reasonRequired, m('reasonRequired'))
  // Written as the English text writes them (1000, not 1,000).
  .same(RECRUITMENT_MESSAGES.reasonTooLong, m('reasonTooLong'), { max: String(RECRUITMENT_LIMITS.reason) })
  .same(RECRUITMENT_MESSAGES.commentRequired, m('commentRequired'))
  .same(RECRUITMENT_MESSAGES.commentTooLong, m('commentTooLong'), { max: String(RECRUITMENT_LIMITS.comment) })
  .same(RECRUITMENT_MESSAGES.assigneeNotAdmin, m('assigneeNotAdmin'))
  .same(RECRUITMENT_MESSAGES.labelRequired, m('labelRequired'))
  .same(RECRUITMENT_MESSAGES.labelTooLong, m('labelTooLong'), { max: RECRUITMENT_LIMITS.label })
  .same(RECRUITMENT_MESSAGES.optionsNeeded, m('optionsNeeded'))
  .same(RECRUITMENT_MESSAGES.optionsOnlyChoice, m('optionsOnlyChoice'))
  .same(RECRUITMENT_MESSAGES.optionTooLong, m('optionTooLong'), { max: RECRUITMENT_LIMITS.option })
  .same(RECRUITMENT_MESSAGES.tooManyOptions, m('tooManyOptions'), { max: RECRUITMENT_LIMITS.options })
  .same(RECRUITMENT_MESSAGES.tooManyQuestions, m('tooManyQuestions'), { max: RECRUITMENT_LIMITS.questions })
  .same(RECRUITMENT_MESSAGES.duplicateQuestion, m('duplicateQuestion'))
  .same(RECRUITMENT_MESSAGES.closedMessageTooLong, m('closedMessageTooLong'), { max: RECRUITMENT_LIMITS.closedMessage })
  .same(RECRUITMENT_MESSAGES.introTooLong, m('introTooLong'), { max: RICH_TEXT.maxLength })
  .same(RECRUITMENT_MESSAGES.introTooDeep, m('introTooDeep'), { max: RICH_TEXT.maxDepth })
  .same(RECRUITMENT_MESSAGES.cooldownInvalid, m('cooldownInvalid'), { max: RECRUITMENT_COOLDOWN_LIMIT })
  .madeBy(RECRUITMENT_MESSAGES.accepted, m('accepted'), ['name'])
  .madeBy(RECRUITMENT_MESSAGES.memberExists, m('memberExists'), ['name'])
for (const status of APPLICATION_STATUSES) {
  RECRUITER_TEXTS.same(RECRUITMENT_MESSAGES.statusChanged(status), m('statusChanged'), { status })
  RECRUITER_TEXTS.same(RECRUITMENT_MESSAGES.sameStatus(status), m('sameStatus'), { status })
  RECRUITER_TEXTS.same(RECRUITMENT_MESSAGES.notOpen(status), 'applications.notOpen', { status })
}

/** A refusal of the form editor's check on one question ("Question 3: …"): the question's number and the refusal. */
const QUESTION_AT = /^Question (\d+): (.+)$/s

/** One of the recruiters' pages' English answers in `language` (unchanged when the catalogs do not have it). */
export function recruitersText(language: PageLanguage, message: string): string {
  const at = QUESTION_AT.exec(message)
  if (at)
    return translate(language, m('questionAt'), { number: Number(at[1]), message: recruitersText(language, at[2]!) })
  const text = RECRUITER_TEXTS.find(message)
  return text ? translate(language, text.key, text.values) : message
}
