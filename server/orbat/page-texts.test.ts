import { describe, expect, it } from 'vitest'
import de from '#contracts/i18n/de.json' with { type: 'json' }
import pl from '#contracts/i18n/pl.json' with { type: 'json' }
import { MEMBER_WRITE_MESSAGES, ORBAT_REFUSALS, orbatRefusalText } from '#contracts/orbat-rights.ts'
import { RateLimited } from '../errors.ts'
import { refusalError } from '../refusals.ts'
import { ORBAT_FALLBACKS, orbatText } from './page-texts.ts'

describe('the ORBAT page answers in its language', () => {
  it('says every refusal of a member write in the page language, its detail kept as written', () => {
    for (const code of Object.keys(ORBAT_REFUSALS) as Array<keyof typeof ORBAT_REFUSALS>) {
      const english = refusalError(code, '3 Commando Brigade').message
      const german = orbatText('de', english)
      expect(german, code).toBe(de.orbatRefusals[code].replaceAll('{detail}', '3 Commando Brigade'))
      expect(orbatText('en', english), code).toBe(english)
    }
    // A role name with the marks of a pattern in it is read back as it is.
    expect(orbatText('pl', orbatRefusalText('roleLocked', 'Pilot (Rotary) $&'))).toBe(
      pl.orbatRefusals.roleLocked.replace('{detail}', () => 'Pilot (Rotary) $&'),
    )
  })

  it('says the success toasts, the fallbacks and the rate limit, and keeps a text it does not know', () => {
    expect(orbatText('de', MEMBER_WRITE_MESSAGES.signedUp)).toBe(de.orbatAnswers.signedUp)
    expect(orbatText('de', MEMBER_WRITE_MESSAGES.leftWaitlist)).toBe(de.orbatAnswers.leftWaitlist)
    expect(orbatText('de', ORBAT_FALLBACKS.slotFailed)).toBe(de.orbatAnswers.slotFailed)
    expect(orbatText('de', new RateLimited().message)).toBe(de.orbatAnswers.tooManyRequests)
    expect(orbatText('de', 'Something new.')).toBe('Something new.')
  })

  it('says the field hint of a refusal about the squad preference', () => {
    const error = refusalError('squadTakesNoPreferences')
    expect(orbatText('de', error.fields!['squad_preference']![0]!)).toBe(de.orbatAnswers.chooseListedSquad)
  })
})
