import { TEST_ERRORS, TEST_MESSAGES } from '#contracts/assessment-messages.ts'
import type { PageLanguage } from '#contracts/languages.ts'
import { translate } from '../lib/i18n.ts'

// The tests use cases' refusals as the tests pages show them (docs/rules/languages.md): the /api answers them in
// English, a contract other tools read; a page says the same refusal in its own language. A text not listed here is
// shown as it came.

const KEYS = new Map<string, string>([
  [TEST_ERRORS.testNotFound, 'testTaking.errors.testNotFound'],
  [TEST_ERRORS.notOnRoster, 'testTaking.errors.notOnRoster'],
  [TEST_ERRORS.banned, 'testTaking.errors.banned'],
  [TEST_ERRORS.notApproved, 'testTaking.errors.notApproved'],
  [TEST_ERRORS.alreadyTaken, 'testTaking.errors.alreadyTaken'],
  [TEST_ERRORS.noQuestions, 'testTaking.errors.noQuestions'],
  [TEST_ERRORS.unknownQuestion, 'testTaking.errors.unknownQuestion'],
  [TEST_MESSAGES.answerAll, 'testTaking.take.answerAll'],
  [TEST_MESSAGES.takeNotFound, 'testTaking.take.notFound'],
  [TEST_MESSAGES.submitFailed, 'testTaking.errors.submitFailed'],
])

/** One of the tests' English texts in `language` (unchanged when the catalogs do not have it). */
export function testText(language: PageLanguage, message: string): string {
  const key = KEYS.get(message)
  return key ? translate(language, key) : message
}

/** A refusal's field messages in `language`. */
export function testFieldTexts(
  language: PageLanguage,
  fields: Record<string, string[]> | undefined,
): Record<string, string[]> | undefined {
  if (!fields) return undefined
  return Object.fromEntries(
    Object.entries(fields).map(([name, messages]) => [name, messages.map((m) => testText(language, m))]),
  )
}
