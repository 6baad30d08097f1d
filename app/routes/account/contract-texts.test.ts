// The /api's English refusals as the account page shows them (app/routes/account/contract-texts.ts): every text the
// page has words for is found, with the values it was made from, and the English catalog says it word for word, so an
// English page reads exactly what the /api answers; German reads its own.
import { describe, expect, it } from 'vitest'
import { API_TOKEN_MESSAGES } from '#contracts/api-tokens.ts'
import { LEAVE_MAX_PENDING, LEAVE_MESSAGES, LEAVE_PHASE_LABELS } from '#contracts/leave.ts'
import { NOTIFICATION_MESSAGES } from '#contracts/notifications.ts'
import { RECRUITMENT_MESSAGES } from '#contracts/recruitment.ts'
import { translate } from '#server/lib/i18n.ts'
import { accountTextOf } from './contract-texts.ts'

const english = (message: string) => {
  const text = accountTextOf(message)
  return text ? translate('en', text.key, text.values) : null
}

describe('the account page’s words for the /api’s refusals', () => {
  it('finds each one, and English says it as the /api does', () => {
    const messages = [
      LEAVE_MESSAGES.startRequired,
      LEAVE_MESSAGES.endRequired,
      LEAVE_MESSAGES.invalidDate,
      LEAVE_MESSAGES.endBeforeStart,
      LEAVE_MESSAGES.reasonRequired,
      LEAVE_MESSAGES.reasonTooLong,
      LEAVE_MESSAGES.startTooEarly,
      LEAVE_MESSAGES.tooLong(90),
      LEAVE_MESSAGES.overlap('2031-03-01', '2031-03-03'),
      LEAVE_MESSAGES.notOnRoster,
      LEAVE_MESSAGES.banned,
      LEAVE_MESSAGES.notFound,
      LEAVE_MESSAGES.notYours,
      LEAVE_MESSAGES.withdrawNotPending(LEAVE_PHASE_LABELS.active),
      LEAVE_MESSAGES.endNotApproved(LEAVE_PHASE_LABELS.ended_early),
      LEAVE_MESSAGES.alreadyEnded,
      LEAVE_MESSAGES.alreadyOver,
      API_TOKEN_MESSAGES.nameRequired,
      API_TOKEN_MESSAGES.nameTooLong,
      API_TOKEN_MESSAGES.nameTaken,
      API_TOKEN_MESSAGES.tooMany,
      API_TOKEN_MESSAGES.adminOnly,
      NOTIFICATION_MESSAGES.saveFailed,
      RECRUITMENT_MESSAGES.notFound,
      RECRUITMENT_MESSAGES.notOpen('rejected'),
    ]
    for (const message of messages) expect(english(message), message).toBe(message)
  })

  it('counts in the plural the number asks for, and reads the number the rules give where the /api’s text lost it', () => {
    expect(english(LEAVE_MESSAGES.tooLong(1))).toBe('A leave can last at most 1 day.')
    // NOTE: LEAVE_MESSAGES.tooManyPending prints "${LEAVE_MAX_PENDING}" where the number belongs
    // (docs/rules/personnel.md: "You already have 3 requests waiting for an admin…"); the page says the number.
    expect(english(LEAVE_MESSAGES.tooManyPending)).toBe(
      `You already have ${LEAVE_MAX_PENDING} requests waiting for an admin. Wait for a decision, or withdraw one first.`,
    )
  })

  it('speaks German with the values of the English text, and passes a text it has no words for as it came', () => {
    const overlap = accountTextOf(LEAVE_MESSAGES.overlap('2031-03-01', '2031-03-03'))!
    expect(translate('de', overlap.key, overlap.values)).toBe(
      'Du hast bereits eine Abwesenheit vom 2031-03-01 bis 2031-03-03, die sich mit diesen Tagen überschneidet. Ziehe sie zuerst zurück oder beende sie.',
    )
    const tooLong = accountTextOf(LEAVE_MESSAGES.tooLong(1))!
    expect(translate('de', tooLong.key, tooLong.values)).toBe('Eine Abwesenheit darf höchstens 1 Tag dauern.')
    expect(accountTextOf('Something else went wrong.')).toBeNull()
  })
})
