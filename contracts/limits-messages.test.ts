// The limits' refusals say the limit as a number, word for word as docs/rules/personnel.md (Asking) and
// docs/rules/recruitment.md (Who may apply) give them.
import { describe, expect, it } from 'vitest'
import { LEAVE_MESSAGES } from './leave.ts'
import { RECRUITMENT_MESSAGES } from './recruitment.ts'

describe('the limits’ refusals', () => {
  it('name the number, not a placeholder', () => {
    expect(LEAVE_MESSAGES.tooManyPending).toBe(
      'You already have 3 requests waiting for an admin. Wait for a decision, or withdraw one first.',
    )
    expect(RECRUITMENT_MESSAGES.tooManyToday).toBe(
      'You have sent 3 applications in the last 24 hours. Please wait a day before applying again.',
    )
  })
})
