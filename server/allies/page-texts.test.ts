import { describe, expect, it } from 'vitest'
import { ALLY_MESSAGES, allyMessage } from '#contracts/allies.ts'
import es from '#contracts/i18n/es.json' with { type: 'json' }
import { allyJoinText } from './page-texts.ts'

describe('the invite page answers in its language', () => {
  it('says joining, a guest already, a member and a bad link in the page language, the unit named as written', () => {
    const unit = 'Task Force (Bravo) $1'
    expect(allyJoinText('es', allyMessage(ALLY_MESSAGES.joined, unit))).toBe(
      es.allyJoin.messages.joined.replaceAll('{unit}', () => unit),
    )
    expect(allyJoinText('es', allyMessage(ALLY_MESSAGES.alreadyGuest, unit))).toBe(
      es.allyJoin.messages.alreadyGuest.replace('{unit}', () => unit),
    )
    expect(allyJoinText('es', ALLY_MESSAGES.isMember)).toBe(es.allyJoin.messages.isMember)
    expect(allyJoinText('es', ALLY_MESSAGES.badCode)).toBe(es.allyJoin.messages.badCode)
    expect(allyJoinText('en', allyMessage(ALLY_MESSAGES.joined, unit))).toBe(allyMessage(ALLY_MESSAGES.joined, unit))
  })

  it('does not read a text that names two different units where the message names one twice', () => {
    const mixed = ALLY_MESSAGES.joined.replace('%s', 'Alpha').replace('%s', 'Bravo')
    expect(allyJoinText('es', mixed)).toBe(mixed)
  })
})
