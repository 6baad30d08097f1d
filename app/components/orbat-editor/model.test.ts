import { describe, expect, test } from 'vitest'
import type { OrbatPayload } from '#app/components/orbat/types.ts'
import {
  lowestId,
  moveSlot,
  moveTeam,
  newSlot,
  paxCounts,
  reconnectAcrossWaypoints,
  spacerRole,
  teamsOf,
  toEditorState,
  toSavePayload,
  uniqueName,
  type EditorSlot,
} from './model.ts'

// The editor's pure state operations (spec 1 §4 editor rules, the PUT /api/admin/orbat/save contract).

const payload: OrbatPayload = {
  squads: [
    { id: 1, name: 'Alpha', pos_x: 10.4, pos_y: 20.6, can_be_primary_waitlist: true, platoon_id: 3, discord_channel_id: '99' },
    { id: 2, name: 'Bravo', pos_x: 500, pos_y: 0, can_be_primary_waitlist: false, platoon_id: null, discord_channel_id: null },
  ],
  slots: [
    { id: 11, squad_id: 1, team: 'HQ', team_order: 0, slot_order: 0, role: 'Lead', user_id: 7, manual_username: null, discord_username: 'Reyes', avatar: null, required_role_id: 'Squad Leader' },
    { id: 12, squad_id: 1, team: 'HQ', team_order: 0, slot_order: 1, role: 'Medic', user_id: null, manual_username: 'Joe', discord_username: null, avatar: null, required_role_id: null },
    { id: 13, squad_id: 1, team: 'HQ', team_order: 0, slot_order: 2, role: '---SUPPORT---', user_id: null, manual_username: null, discord_username: null, avatar: null, required_role_id: null },
    { id: 14, squad_id: 1, team: 'FT1', team_order: 0, slot_order: 0, role: 'Rifleman', user_id: null, manual_username: null, discord_username: null, avatar: null, required_role_id: null },
    { id: 21, squad_id: 2, team: 'Bravo HQ', team_order: 0, slot_order: 0, role: 'Lead', user_id: null, manual_username: null, discord_username: null, avatar: null, required_role_id: null },
  ],
  edges: [
    { id: 1, source: 'squad-1', target: 'waypoint-5', sourceHandle: 'right', targetHandle: 'left', type: 'smoothstep' },
    { id: 2, source: 'waypoint-5', target: 'squad-2', sourceHandle: 'right', targetHandle: 'top', type: 'smoothstep' },
    { id: 3, source: 'squad-1', target: 'squad-404', sourceHandle: null, targetHandle: null, type: 'smoothstep' },
    { id: 4, source: 'squad-2', target: 'pax-6', sourceHandle: 'left', targetHandle: 'bogus', type: 'smoothstep' },
  ],
  waypoints: [{ id: 5, pos_x: 300, pos_y: 40 }],
  pax_counters: [{ id: 6, pos_x: 0, pos_y: -200 }],
}

describe('toEditorState', () => {
  test('nodes by type and id, edges between existing nodes with valid handles, base_user_id from the loaded slot', () => {
    const state = toEditorState(payload)
    expect(state.nodes.map((n) => [n.id, n.type])).toEqual([
      ['squad-1', 'squad'],
      ['squad-2', 'squad'],
      ['waypoint-5', 'waypoint'],
      ['pax-6', 'pax'],
    ])
    expect(state.edges.map((e) => [e.source, e.target, e.sourceHandle, e.targetHandle])).toEqual([
      ['squad-1', 'waypoint-5', 'right', 'left'],
      ['waypoint-5', 'squad-2', 'right', 'top'],
      // A handle the node does not have falls back to its default handle.
      ['squad-2', 'pax-6', null, null],
    ])
    expect(state.slots.find((s) => s.id === 11)?.base_user_id).toBe(7)
  })

  test('a preset (negative ids) has no base users, and new temporary ids start below its lowest id', () => {
    const preset = toEditorState({
      ...payload,
      squads: [{ ...payload.squads[0]!, id: -1 }],
      slots: [{ ...payload.slots[0]!, id: -2, squad_id: -1 }],
      edges: [],
      waypoints: [{ id: -3, pos_x: 0, pos_y: 0 }],
      pax_counters: [],
    })
    expect(preset.slots[0]!.base_user_id).toBeNull()
    expect(lowestId(preset)).toBe(-3)
  })
})

describe('toSavePayload', () => {
  test('the save contract: rounded positions, slots with squadName only for squads that exist, node ids as given', () => {
    const state = toEditorState(payload)
    state.nodes = state.nodes.filter((n) => n.id !== 'squad-2')
    const body = toSavePayload(state)
    expect(body.squads).toEqual([{ id: 1, name: 'Alpha', pos_x: 10, pos_y: 21, can_be_primary_waitlist: true, platoon_id: 3 }])
    expect(body.slots.map((s) => s.id)).toEqual([11, 12, 13, 14])
    expect(body.slots[0]).toEqual({
      id: 11,
      squadName: 'Alpha',
      team: 'HQ',
      team_order: 0,
      slot_order: 0,
      role: 'Lead',
      user_id: 7,
      manual_username: null,
      required_role_id: 'Squad Leader',
      base_user_id: 7,
    })
    // Edges to the removed squad are left out.
    expect(body.edges).toEqual([{ source: 'squad-1', target: 'waypoint-5', sourceHandle: 'right', targetHandle: 'left', type: 'smoothstep' }])
    expect(body.waypoints).toEqual([{ id: 5, pos_x: 300, pos_y: 40 }])
    expect(body.pax_counters).toEqual([{ id: 6, pos_x: 0, pos_y: -200 }])
  })
})

describe('slot and team operations', () => {
  const slots = () => toEditorState(payload).slots

  test('teams in order, moving a team swaps its order with the neighbour (equal stored orders are made distinct)', () => {
    expect(teamsOf(slots(), 1).map((t) => t.name)).toEqual(['HQ', 'FT1'])
    const moved = moveTeam(slots(), 1, 'FT1', -1)!
    expect(teamsOf(moved, 1).map((t) => t.name)).toEqual(['FT1', 'HQ'])
    expect(moveTeam(moved, 1, 'FT1', -1)).toBeNull()
    expect(moveTeam(moved, 1, 'HQ', 1)).toBeNull()
    // Other squads are untouched.
    expect(moved.filter((s) => s.squad_id === 2)).toEqual(slots().filter((s) => s.squad_id === 2))
  })

  test('moving a slot swaps its order within its team', () => {
    const moved = moveSlot(slots(), 12, -1)!
    expect(teamsOf(moved, 1)[0]!.rows.map((s) => s.id)).toEqual([12, 11, 13])
    expect(moveSlot(moved, 12, -1)).toBeNull()
  })

  test('pax counts: spacers are not slots, only squads that exist count', () => {
    expect(paxCounts(slots(), new Set([1, 2]))).toEqual({ total: 4, open: 2, people: 2 })
    expect(paxCounts(slots(), new Set([2]))).toEqual({ total: 1, open: 1, people: 0 })
  })

  test('spacer text is upper-cased between three dashes; names are made unique', () => {
    expect(spacerRole(' fire support ')).toBe('---FIRE SUPPORT---')
    expect(uniqueName('New Squad', ['Alpha'])).toBe('New Squad')
    expect(uniqueName('New Squad', ['New Squad', 'New Squad 2'])).toBe('New Squad 3')
    const slot: EditorSlot = newSlot(-4, -1, 'Team 1', 0, 0, 'Rifleman', 'Rifleman')
    expect(slot).toMatchObject({ user_id: null, manual_username: null, base_user_id: null, required_role_id: 'Rifleman' })
  })
})

test('deleting a waypoint joins its incoming edge to its outgoing one', () => {
  const { edges } = toEditorState(payload)
  const doomed = edges.filter((e) => e.source === 'waypoint-5' || e.target === 'waypoint-5')
  const bridges = reconnectAcrossWaypoints(new Set(['waypoint-5']), doomed, new Set(['squad-1', 'squad-2', 'pax-6']), () => 'new')
  expect(bridges).toEqual([{ id: 'new', source: 'squad-1', sourceHandle: 'right', target: 'squad-2', targetHandle: 'top', type: 'smoothstep' }])
})
