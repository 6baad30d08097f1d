// The leave channel's messages (docs/rules/discord.md, Leave of absence) in the unit's language
// (docs/rules/languages.md): English word for word as the rules give it, German as its catalog has it, the member's
// name and the admin's reason as written.
import { describe, expect, it } from 'vitest'
import type { LeaveItem } from '#contracts/leave.ts'
import { leaveMessage } from './announcements.ts'

const leave = {
  member_name: 'Reyes',
  start_date: '2026-12-01',
  end_date: '2026-12-05',
  deny_reason: 'Operation week.',
} as LeaveItem

describe('the leave channel message', () => {
  it('is the rules’ English by default', () => {
    expect(leaveMessage({ kind: 'approved', leave, discordId: '42' })).toBe(
      '🏖️ Leave of absence from 2026-12-01 to 2026-12-05 approved for <@42> (**Reyes**).',
    )
    expect(leaveMessage({ kind: 'denied', leave, discordId: null })).toBe(
      'Leave request from 2026-12-01 to 2026-12-05 denied for **Reyes**. Reason: Operation week.',
    )
    expect(leaveMessage({ kind: 'ended', leave, discordId: '42' })).toBe(
      'Leave of absence from 2026-12-01 to 2026-12-05 of <@42> (**Reyes**) ended early.',
    )
  })

  it('speaks the unit’s language, keeping what people wrote', () => {
    expect(leaveMessage({ kind: 'denied', leave, discordId: '42' }, 'de')).toBe(
      'Abwesenheitsantrag vom 2026-12-01 bis 2026-12-05 für <@42> (**Reyes**) abgelehnt. Grund: Operation week.',
    )
    expect(leaveMessage({ kind: 'approved', leave, discordId: null }, 'pl')).toBe(
      '🏖️ Nieobecność od 2026-12-01 do 2026-12-05 zatwierdzona dla **Reyes**.',
    )
  })
})
