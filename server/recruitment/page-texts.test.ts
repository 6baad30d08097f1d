import { describe, expect, it } from 'vitest'
import de from '#contracts/i18n/de.json' with { type: 'json' }
import { RECRUITMENT_MESSAGES } from '#contracts/recruitment.ts'
import { RateLimited } from '../errors.ts'
import { joinText } from './page-texts.ts'

describe("the join page's answers in the page's language", () => {
  it('says fixed answers in German and leaves English as it is', () => {
    expect(joinText('de', RECRUITMENT_MESSAGES.applied)).toBe(de.join.messages.applied)
    expect(joinText('de', RECRUITMENT_MESSAGES.withdrawn)).toBe(de.applications.withdrawn)
    expect(joinText('de', new RateLimited().message)).toBe(de.join.messages.tooManyRequests)
    expect(joinText('en', RECRUITMENT_MESSAGES.openExists)).toBe(RECRUITMENT_MESSAGES.openExists)
  })

  it('reads the values back from a made answer: the question, the limit, the day', () => {
    expect(joinText('de', RECRUITMENT_MESSAGES.answerTooLong('Why us?', 500))).toBe(
      'Die Antwort auf „Why us?“ darf höchstens 500 Zeichen lang sein.',
    )
    expect(joinText('de', RECRUITMENT_MESSAGES.answerMissing('Age'))).toBe('Bitte beantworte „Age“.')
    expect(joinText('de', RECRUITMENT_MESSAGES.cooldown('2031-03-04'))).toBe(
      'Du kannst dich ab dem 2031-03-04 erneut bewerben.',
    )
  })

  it('shows an answer it does not know as it came', () => {
    expect(joinText('de', 'Something else.')).toBe('Something else.')
  })
})
