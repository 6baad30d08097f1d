import { describe, expect, it } from 'vitest'
import de from '#contracts/i18n/de.json' with { type: 'json' }
import { TEST_ERRORS, TEST_MESSAGES } from '#contracts/assessment-messages.ts'
import { testFieldTexts, testText } from './page-texts.ts'

describe('the tests refusals as a page shows them', () => {
  it('says a known refusal in the page language and keeps English in English', () => {
    expect(testText('de', TEST_ERRORS.notApproved)).toBe(de.testTaking.errors.notApproved)
    expect(testText('de', TEST_MESSAGES.answerAll)).toBe(de.testTaking.take.answerAll)
    expect(testText('en', TEST_ERRORS.notApproved)).toBe(TEST_ERRORS.notApproved)
  })

  it('shows a text the catalogs do not have as it came, and translates field messages one by one', () => {
    expect(testText('de', 'Something new.')).toBe('Something new.')
    expect(testFieldTexts('de', { answers: [TEST_ERRORS.unknownQuestion, 'Other.'] })).toEqual({
      answers: [de.testTaking.errors.unknownQuestion, 'Other.'],
    })
    expect(testFieldTexts('de', undefined)).toBeUndefined()
  })
})
