import { describe, expect, it } from 'vitest'
import de from '#contracts/i18n/de.json' with { type: 'json' }
import { APPLICATION_STATUSES, RECRUITMENT_MESSAGES } from '#contracts/recruitment.ts'
import { RateLimited } from '../errors.ts'
import { joinText, recruitersText } from './page-texts.ts'

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

describe("the recruiters' pages' answers in the page's language", () => {
  it('says every answer in English exactly as the use cases write it', () => {
    const made = [
      RECRUITMENT_MESSAGES.accepted('Kowalski'),
      RECRUITMENT_MESSAGES.memberExists('Kowalski'),
      ...APPLICATION_STATUSES.flatMap((status) => [
        RECRUITMENT_MESSAGES.statusChanged(status),
        RECRUITMENT_MESSAGES.sameStatus(status),
        RECRUITMENT_MESSAGES.notOpen(status),
      ]),
    ]
    const fixed = Object.values(RECRUITMENT_MESSAGES).filter((text) => typeof text === 'string')
    for (const text of [...made, ...fixed]) expect(recruitersText('en', text)).toBe(text)
    expect(recruitersText('en', `Question 3: ${RECRUITMENT_MESSAGES.optionsNeeded}`)).toBe(
      `Question 3: ${RECRUITMENT_MESSAGES.optionsNeeded}`,
    )
  })

  it('says them in German, with the values read back and the question of a refused form', () => {
    expect(recruitersText('de', RECRUITMENT_MESSAGES.statusChanged('reviewing'))).toBe(
      'Bewerbung verschoben nach „In Prüfung“.',
    )
    expect(recruitersText('de', RECRUITMENT_MESSAGES.accepted('Kowalski'))).toBe(
      'Bewerbung angenommen: Kowalski steht als BMT auf der Mitgliederliste.',
    )
    expect(recruitersText('de', RECRUITMENT_MESSAGES.introTooLong)).toBe(
      'Die Einleitung ist auf 20.000 Zeichen begrenzt.',
    )
    expect(recruitersText('de', `Question 2: ${RECRUITMENT_MESSAGES.labelRequired}`)).toBe(
      'Frage 2: Jede Frage braucht einen Text.',
    )
    expect(recruitersText('de', RECRUITMENT_MESSAGES.saveFailed)).toBe(de.applications.saveFailed)
  })
})
