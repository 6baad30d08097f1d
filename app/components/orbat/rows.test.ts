import { describe, expect, it } from 'vitest'
import type { OrbatSlot, OrbatSquad } from '#contracts/orbat.ts'
import { refusalReason } from '#contracts/orbat-rights.ts'
import en from '#contracts/i18n/en.json' with { type: 'json' }
import { holderLabel, slotAction as actionOf, squadsInDiagramOrder } from './rows.ts'
import type { OrbatViewer } from './viewer.tsx'

/** The action with a refusal's words as an English page shows them (its label and reason come as keys and a code). */
function slotAction(...args: Parameters<typeof actionOf>) {
  const action = actionOf(...args)
  if (action.kind !== 'refused') return action
  return { kind: action.kind, label: en.orbatRefusals.labels[action.label], reason: refusalReason(action) }
}

const squad = (name: string, pos_x: number, pos_y: number, id = pos_x * 10_000 + pos_y): OrbatSquad => ({
  id,
  name,
  pos_x,
  pos_y,
  can_be_primary_waitlist: false,
  platoon_id: null,
  discord_channel_id: null,
})

describe('squadsInDiagramOrder (the phone list reads the diagram as it is drawn)', () => {
  it('reads columns left to right, each top to bottom', () => {
    const order = squadsInDiagramOrder([
      squad('Raven', 1040, 1180),
      squad('Bravo', 520, 620),
      squad('Alpha', 520, 0),
      squad('Command', 0, 300),
    ])
    expect(order.map((s) => s.name)).toEqual(['Command', 'Alpha', 'Bravo', 'Raven'])
  })

  it('keeps a squad placed a little off its column in that column', () => {
    const order = squadsInDiagramOrder([
      squad('Bravo', 540, 620),
      squad('Alpha', 520, 0),
      squad('Charlie', 505, 1200),
      squad('Air', 1000, 0),
    ])
    expect(order.map((s) => s.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Air'])
  })
})

describe('slotAction (what a slot row offers)', () => {
  const slot = (over: Partial<OrbatSlot>): OrbatSlot => ({
    id: 1,
    squad_id: 1,
    team: 'HQ',
    team_order: 0,
    slot_order: 0,
    role: 'Medic',
    user_id: null,
    manual_username: null,
    discord_username: null,
    avatar: null,
    required_role_id: null,
    ...over,
  })
  const member: OrbatViewer = {
    userId: 7,
    qualifiedLocks: new Set(['Rifleman']),
    locked: false,
    signUpRefusal: null,
    guestOf: null,
    roleLocksApply: true,
  }

  it('offers sign-up, leave, nothing, or a refusal with its reason', () => {
    expect(slotAction(slot({}), member)).toEqual({ kind: 'signup' })
    expect(slotAction(slot({ required_role_id: 'Rifleman' }), member)).toEqual({ kind: 'signup' })
    expect(slotAction(slot({ required_role_id: 'Pilot' }), member)).toEqual({
      kind: 'refused',
      label: 'Role required',
      reason: 'This slot is locked to Pilot. You do not have the required Discord role.',
    })
    expect(slotAction(slot({ user_id: 7 }), member)).toEqual({ kind: 'leave' })
    expect(slotAction(slot({ user_id: 8 }), member)).toEqual({ kind: 'none' })
    expect(slotAction(slot({ manual_username: 'Joe' }), member)).toEqual({ kind: 'none' })
    expect(slotAction(slot({ role: '---HEADING---' }), member)).toEqual({ kind: 'none' })
    expect(slotAction(slot({}), { ...member, userId: null })).toEqual({ kind: 'none' })
    // The time lock shows LOCKED, not a refusal; a ban refuses every open slot; the own slot can still be left.
    expect(slotAction(slot({}), { ...member, locked: true })).toEqual({ kind: 'none' })
    const banned: OrbatViewer = { ...member, signUpRefusal: { label: 'banned', code: 'bannedSignUp', detail: null } }
    expect(slotAction(slot({}), banned)).toEqual({
      kind: 'refused',
      label: 'Banned',
      reason: 'Banned members cannot sign up.',
    })
    expect(slotAction(slot({ user_id: 7 }), banned)).toEqual({ kind: 'leave' })
  })

  it('keeps a reserved slot for its allied unit: members and other units are told why, its guests may take it', () => {
    const cb = { id: 3, tag: '3CB', name: '3rd Commando Brigade' }
    const reserved = slot({ reserved_for: cb, required_role_id: 'Pilot' })
    expect(slotAction(reserved, member)).toEqual({
      kind: 'refused',
      label: 'Reserved',
      reason: 'This slot is reserved for 3rd Commando Brigade.',
    })
    // A guest: role locks bind them only when their unit says so.
    const guest: OrbatViewer = { ...member, qualifiedLocks: new Set(), guestOf: cb, roleLocksApply: false }
    expect(slotAction(reserved, guest)).toEqual({ kind: 'signup' })
    expect(slotAction(reserved, { ...guest, roleLocksApply: true })).toMatchObject({ label: 'Role required' })
    const outside = 'Guests of 3rd Commando Brigade can only take slots reserved for 3rd Commando Brigade.'
    expect(slotAction(slot({}), guest)).toEqual({ kind: 'refused', label: 'Members only', reason: outside })
    expect(slotAction(slot({ reserved_for: { id: 4, tag: 'TFB', name: 'Task Force Bravo' } }), guest)).toEqual({
      kind: 'refused',
      label: 'Reserved',
      reason: outside,
    })
    // A released reservation (null in the live data) is an ordinary slot again.
    expect(slotAction(slot({ reserved_for: null }), member)).toEqual({ kind: 'signup' })
  })

  it("shows a guest holder's name with their allied unit's tag", () => {
    expect(
      holderLabel(slot({ user_id: 9, discord_username: 'Smith', holder: { name: 'Smith', guest_of: '3CB' } })),
    ).toBe('Smith [3CB]')
    expect(
      holderLabel(slot({ user_id: 9, discord_username: 'Reyes', holder: { name: 'Reyes', guest_of: null } })),
    ).toBe('Reyes')
    expect(holderLabel(slot({}))).toBeNull()
  })
})
