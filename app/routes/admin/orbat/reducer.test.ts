import { describe, expect, test } from 'vitest'
import type { OrbatPayload } from '#contracts/orbat.ts'
import {
  lowestId,
  paxCounts,
  rosterMatch,
  spacerRole,
  squadsOf,
  teamsOf,
  toEditorState,
  toSavePayload,
  type EditorSlot,
  type EditorSquadNode,
} from './model.ts'
import {
  editorReducer,
  initEditorState,
  moveSlot,
  moveTeam,
  newSlot,
  reconnectAcrossWaypoints,
  uniqueName,
  type EditorAction,
  type EditorState,
} from './reducer.ts'

// The editor's state, its pure operations and its reducer (docs/rules/orbat.md, the editor; the PUT
// /api/admin/orbat/save contract).

const payload: OrbatPayload = {
  squads: [
    {
      id: 1,
      name: 'Alpha',
      pos_x: 10.4,
      pos_y: 20.6,
      can_be_primary_waitlist: true,
      platoon_id: 3,
      discord_channel_id: '99',
    },
    {
      id: 2,
      name: 'Bravo',
      pos_x: 500,
      pos_y: 0,
      can_be_primary_waitlist: false,
      platoon_id: null,
      discord_channel_id: null,
    },
  ],
  slots: [
    {
      id: 11,
      squad_id: 1,
      team: 'HQ',
      team_order: 0,
      slot_order: 0,
      role: 'Lead',
      user_id: 7,
      manual_username: null,
      discord_username: 'Reyes',
      avatar: null,
      required_role_id: 'Squad Leader',
    },
    {
      id: 12,
      squad_id: 1,
      team: 'HQ',
      team_order: 0,
      slot_order: 1,
      role: 'Medic',
      user_id: null,
      manual_username: 'Joe',
      discord_username: null,
      avatar: null,
      required_role_id: null,
    },
    {
      id: 13,
      squad_id: 1,
      team: 'HQ',
      team_order: 0,
      slot_order: 2,
      role: '---SUPPORT---',
      user_id: null,
      manual_username: null,
      discord_username: null,
      avatar: null,
      required_role_id: null,
    },
    {
      id: 14,
      squad_id: 1,
      team: 'FT1',
      team_order: 0,
      slot_order: 0,
      role: 'Rifleman',
      user_id: null,
      manual_username: null,
      discord_username: null,
      avatar: null,
      required_role_id: null,
    },
    {
      id: 21,
      squad_id: 2,
      team: 'Bravo HQ',
      team_order: 0,
      slot_order: 0,
      role: 'Lead',
      user_id: null,
      manual_username: null,
      discord_username: null,
      avatar: null,
      required_role_id: null,
    },
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
    expect(body.squads).toEqual([
      { id: 1, name: 'Alpha', pos_x: 10, pos_y: 21, can_be_primary_waitlist: true, platoon_id: 3, reserved_for: null },
    ])
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
      reserved_for: null,
      base_user_id: 7,
    })
    expect(body.teams).toEqual([
      { squadName: 'Alpha', team: 'HQ', reserved_for: null },
      { squadName: 'Alpha', team: 'FT1', reserved_for: null },
    ])
    // Edges to the removed squad are left out.
    expect(body.edges).toEqual([
      { source: 'squad-1', target: 'waypoint-5', sourceHandle: 'right', targetHandle: 'left', type: 'smoothstep' },
    ])
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
    expect(slot).toMatchObject({
      user_id: null,
      manual_username: null,
      base_user_id: null,
      required_role_id: 'Rifleman',
    })
  })
})

test('deleting a waypoint joins its incoming edge to its outgoing one', () => {
  const { edges } = toEditorState(payload)
  const doomed = edges.filter((e) => e.source === 'waypoint-5' || e.target === 'waypoint-5')
  const bridges = reconnectAcrossWaypoints(
    new Set(['waypoint-5']),
    doomed,
    new Set(['squad-1', 'squad-2', 'pax-6']),
    () => 'new',
  )
  expect(bridges).toEqual([
    { id: 'new', source: 'squad-1', sourceHandle: 'right', target: 'squad-2', targetHandle: 'top', type: 'smoothstep' },
  ])
})

// ---- the reducer -------------------------------------------------------------------------------------------------------

/** Applies actions in turn, as the editor's dispatch does. */
function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state)
}
const squadNode = (state: EditorState, id: number) =>
  state.nodes.find((n): n is EditorSquadNode => n.type === 'squad' && n.data.squad.id === id)
const squadSlots = (state: EditorState, id: number) => state.slots.filter((s) => s.squad_id === id)
const saved = (what: string) => ({ tone: 'info', text: `${what} (requires save to persist).` })
const squadsIn = (state: EditorState) => squadsOf(state.nodes)

describe('editorReducer: loading', () => {
  test('the server ORBAT: nothing unsaved, no card open, base slots of the stored slots, temporary ids below 0', () => {
    const state = initEditorState(payload)
    expect(state).toMatchObject({ dirty: false, notice: null, nextId: -1 })
    expect(state.editing.size).toBe(0)
    expect(state.baseSlots).toEqual([
      { id: 11, user_id: 7 },
      { id: 12, user_id: null },
      { id: 13, user_id: null },
      { id: 14, user_id: null },
      { id: 21, user_id: null },
    ])
  })

  test('a preset replaces the diagram unsaved and keeps the base; the server answer (save, Discard) resets both', () => {
    const edited = run(
      initEditorState(payload),
      { type: 'toggleEditing', squadId: 1 },
      { type: 'renameSquad', squadId: 2, name: 'Local' },
    )
    const preset: OrbatPayload = {
      ...payload,
      squads: [{ ...payload.squads[0]!, id: -1 }],
      slots: [{ ...payload.slots[0]!, id: -5, squad_id: -1, user_id: null }],
      edges: [],
      waypoints: [],
      pax_counters: [],
    }
    const loaded = editorReducer(edited, { type: 'loadPreset', payload: preset })
    expect(loaded).toMatchObject({ dirty: true, notice: null, nextId: -6, baseSlots: edited.baseSlots })
    expect(loaded.editing.size).toBe(0)
    expect(loaded.nodes.map((n) => n.id)).toEqual(['squad--1'])
    // The save sends the base the editor last loaded from the server, not the preset's.
    expect(toSavePayload(loaded, loaded.baseSlots).base_slots).toEqual(edited.baseSlots)

    const fresh = { ...payload, slots: payload.slots.map((s) => (s.id === 14 ? { ...s, user_id: 9 } : s)) }
    const reset = editorReducer(loaded, { type: 'resetToServer', payload: fresh })
    expect(reset).toMatchObject({ dirty: false, nextId: -1 })
    expect(reset.baseSlots).toContainEqual({ id: 14, user_id: 9 })
    expect(squadNode(reset, 2)?.data.squad.name).toBe('Bravo')
  })
})

describe('editorReducer: squads', () => {
  test('Add Squad: a unique name in free space in front, opened for editing, with a default team of one slot locked to the first role (marked as the default)', () => {
    const state = run(initEditorState(payload), { type: 'addSquad', lock: 'Rifleman' })
    const squad = squadNode(state, -1)!
    // 200,200 would cover Alpha (10,21 to 410,291: two teams, three slots and a heading): right of everything, on
    // the grid, level with the top of the diagram (the pax counter at y -200).
    expect(squad).toMatchObject({
      id: 'squad--1',
      position: { x: 940, y: -200 },
      zIndex: 1,
      data: { squad: { name: 'New Squad', platoon_id: null, can_be_primary_waitlist: false, pos_x: 940, pos_y: -200 } },
    })
    expect(squadSlots(state, -1)).toEqual([newSlot(-2, -1, 'Team 1', 0, 0, 'Rifleman', 'Rifleman', true)])
    expect(squadSlots(state, -1)[0]!.lock_from_default).toBe(true)
    expect(state.editing.has(-1)).toBe(true)
    expect(state).toMatchObject({ dirty: true, changes: 1, nextId: -3, notice: saved('Squad added') })
    const second = editorReducer(state, { type: 'addSquad', lock: null })
    expect(squadNode(second, -3)).toMatchObject({ zIndex: 2, data: { squad: { name: 'New Squad 2' } } })
    expect(squadSlots(second, -3)[0]).toMatchObject({ required_role_id: null, lock_from_default: false })
    // The second goes right of the first.
    expect(squadNode(second, -3)!.position).toEqual({ x: 1380, y: -200 })
    expect(second.changes).toBe(2)
  })

  test('Add Squad on an empty diagram, or where 200,200 is free, puts it at 200,200', () => {
    const empty = { squads: [], slots: [], edges: [], waypoints: [], pax_counters: [] }
    expect(squadNode(run(initEditorState(empty), { type: 'addSquad', lock: null }), -1)!.position).toEqual({
      x: 200,
      y: 200,
    })
    const farAway = { ...payload, squads: payload.squads.map((s) => ({ ...s, pos_x: s.pos_x + 2000 })), waypoints: [] }
    expect(squadNode(run(initEditorState(farAway), { type: 'addSquad', lock: null }), -1)!.position).toEqual({
      x: 200,
      y: 200,
    })
  })

  test('a default lock stays marked until the admin keeps or changes it; a duplicate copies locks unmarked', () => {
    let state = run(initEditorState(payload), { type: 'addSquad', lock: 'Rifleman' })
    state = editorReducer(state, { type: 'addSlot', squadId: -1, team: 'Team 1', lock: 'Rifleman' })
    const [first, second] = squadSlots(state, -1)
    expect([first!.lock_from_default, second!.lock_from_default]).toEqual([true, true])
    const kept = editorReducer(state, { type: 'keepSlotLock', slotId: first!.id })
    expect(squadSlots(kept, -1).map((s) => [s.required_role_id, s.lock_from_default])).toEqual([
      ['Rifleman', false],
      ['Rifleman', true],
    ])
    // Keeping it changes nothing that is saved: no toast, no unsaved change.
    expect(kept).toMatchObject({ notice: null, changes: state.changes })
    const changed = editorReducer(kept, { type: 'setSlotLock', slotId: second!.id, lock: 'Squad Leader' })
    expect(squadSlots(changed, -1).map((s) => [s.required_role_id, s.lock_from_default])).toEqual([
      ['Rifleman', false],
      ['Squad Leader', false],
    ])
    const copied = editorReducer(state, { type: 'duplicateSquad', squadId: -1 })
    expect(copied.slots.filter((s) => s.squad_id === -4).map((s) => s.lock_from_default)).toEqual([false, false])
    // Not part of the save.
    expect(toSavePayload(state).slots.at(-1)).not.toHaveProperty('lock_from_default')
  })

  test('rename: empty and taken names are refused with a reason and change nothing', () => {
    const start = initEditorState(payload)
    const empty = editorReducer(start, { type: 'renameSquad', squadId: 1, name: '' })
    expect(empty.notice).toEqual({ tone: 'error', text: 'Squad name cannot be empty.' })
    expect(empty).toMatchObject({ dirty: false, nodes: start.nodes })
    const taken = editorReducer(start, { type: 'renameSquad', squadId: 1, name: 'Bravo' })
    expect(taken.notice).toEqual({ tone: 'error', text: 'A squad named "Bravo" already exists.' })
    const renamed = editorReducer(start, { type: 'renameSquad', squadId: 1, name: 'Anvil' })
    expect(squadNode(renamed, 1)?.data.squad.name).toBe('Anvil')
    expect(renamed).toMatchObject({ dirty: true, notice: saved('Squad renamed') })
    // The next action's notice replaces it; one that says nothing clears it.
    expect(editorReducer(renamed, { type: 'toggleEditing', squadId: 1 }).notice).toBeNull()
  })

  test('waitlist flag and platoon', () => {
    let state = editorReducer(initEditorState(payload), { type: 'setSquadWaitlist', squadId: 2, value: true })
    expect(squadNode(state, 2)?.data.squad.can_be_primary_waitlist).toBe(true)
    expect(state.notice).toEqual(saved('Squad shown in the public waitlist'))
    state = editorReducer(state, { type: 'setSquadWaitlist', squadId: 2, value: false })
    expect(state.notice).toEqual(saved('Squad hidden from the public waitlist'))
    state = editorReducer(state, { type: 'setSquadPlatoon', squadId: 2, platoonId: 4 })
    expect(squadNode(state, 2)?.data.squad.platoon_id).toBe(4)
    expect(state.notice).toEqual(saved('Platoon set'))
    state = editorReducer(state, { type: 'setSquadPlatoon', squadId: 2, platoonId: null })
    expect(squadNode(state, 2)?.data.squad.platoon_id).toBeNull()
    expect(state.notice).toEqual(saved('Platoon removed'))
  })

  test('duplicate: "(Copy)" 40 px down-right, no Discord channel, the same slots empty and new, the rest deselected', () => {
    const start = run(initEditorState(payload), {
      type: 'nodesChange',
      changes: [{ id: 'squad-2', type: 'select', selected: true }],
    })
    const state = editorReducer(start, { type: 'duplicateSquad', squadId: 1 })
    const copy = squadNode(state, -1)!
    expect(copy.position).toEqual({ x: 50.4, y: 60.6 })
    expect(copy.data.squad).toMatchObject({
      name: 'Alpha (Copy)',
      platoon_id: 3,
      can_be_primary_waitlist: true,
      discord_channel_id: null,
    })
    const copies = squadSlots(state, -1)
    expect(copies.map((s) => [s.id, s.team, s.role, s.required_role_id])).toEqual([
      [-2, 'HQ', 'Lead', 'Squad Leader'],
      [-3, 'HQ', 'Medic', null],
      [-4, 'HQ', '---SUPPORT---', null],
      [-5, 'FT1', 'Rifleman', null],
    ])
    expect(copies.every((s) => s.user_id === null && s.manual_username === null && s.base_user_id === null)).toBe(true)
    expect(state.nodes.filter((n) => n.selected)).toEqual([])
    expect(state.notice).toEqual(saved('Squad duplicated'))
    expect(squadNode(editorReducer(state, { type: 'duplicateSquad', squadId: 1 }), -6)?.data.squad.name).toBe(
      'Alpha (Copy) 2',
    )
  })

  test('delete (after the card asked): its node, connections, slots and edit view go', () => {
    const state = run(
      initEditorState(payload),
      { type: 'toggleEditing', squadId: 2 },
      { type: 'deleteSquad', squadId: 2 },
    )
    expect(squadNode(state, 2)).toBeUndefined()
    expect(state.edges.map((e) => e.id)).toEqual(['edge-1'])
    expect(squadSlots(state, 2)).toEqual([])
    expect(state.editing.has(2)).toBe(false)
    expect(state.notice).toEqual(saved('Squad deleted'))
  })
})

describe('editorReducer: teams and slots', () => {
  test('teams: add (next free "Team N", last), rename (refusals; same name is no change), move, delete', () => {
    const start = initEditorState(payload)
    let state = editorReducer(start, { type: 'addTeam', squadId: 1, lock: 'Rifleman' })
    expect(teamsOf(state.slots, 1).map((t) => [t.name, t.order])).toEqual([
      ['HQ', 0],
      ['FT1', 0],
      ['Team 3', 1],
    ])
    expect(state.notice).toEqual(saved('Team added'))
    expect(editorReducer(state, { type: 'renameTeam', squadId: 1, from: 'Team 3', to: '' }).notice).toEqual({
      tone: 'error',
      text: 'Team name cannot be empty.',
    })
    expect(editorReducer(state, { type: 'renameTeam', squadId: 1, from: 'Team 3', to: 'HQ' }).notice).toEqual({
      tone: 'error',
      text: 'This squad already has a team named "HQ".',
    })
    const same = editorReducer(state, { type: 'renameTeam', squadId: 1, from: 'Team 3', to: 'Team 3' })
    expect(same).toMatchObject({ slots: state.slots, notice: null })
    // Another squad's team name is no clash.
    state = editorReducer(state, { type: 'renameTeam', squadId: 1, from: 'Team 3', to: 'Bravo HQ' })
    expect(state.notice).toEqual(saved('Team renamed'))
    state = editorReducer(state, { type: 'moveTeam', squadId: 1, team: 'Bravo HQ', direction: -1 })
    expect(teamsOf(state.slots, 1).map((t) => t.name)).toEqual(['HQ', 'Bravo HQ', 'FT1'])
    expect(state.notice).toEqual(saved('Team moved'))
    // A move that cannot happen changes nothing and says nothing.
    const stuck = editorReducer(state, { type: 'moveTeam', squadId: 1, team: 'HQ', direction: -1 })
    expect(stuck).toMatchObject({ slots: state.slots, notice: null })
    state = editorReducer(state, { type: 'deleteTeam', squadId: 1, team: 'HQ' })
    expect(teamsOf(state.slots, 1).map((t) => t.name)).toEqual(['Bravo HQ', 'FT1'])
    expect(squadSlots(state, 2)).toHaveLength(1)
    expect(state.notice).toEqual(saved('Team deleted'))
  })

  test('slots and spacers are added at the end of their team; an empty spacer is refused', () => {
    let state = editorReducer(initEditorState(payload), { type: 'addSlot', squadId: 1, team: 'HQ', lock: 'Rifleman' })
    expect(state.slots.at(-1)).toEqual(newSlot(-1, 1, 'HQ', 0, 3, 'Rifleman', 'Rifleman', true))
    expect(state.notice).toEqual(saved('Slot added'))
    expect(editorReducer(state, { type: 'addSpacer', squadId: 1, team: 'FT1', text: '  ' }).notice).toEqual({
      tone: 'error',
      text: 'Spacer text cannot be empty.',
    })
    state = editorReducer(state, { type: 'addSpacer', squadId: 1, team: 'FT1', text: ' fire support ' })
    expect(state.slots.at(-1)).toEqual(newSlot(-2, 1, 'FT1', 0, 1, '---FIRE SUPPORT---', null))
    expect(state.notice).toEqual(saved('Spacer added'))
    expect(paxCounts(state.slots, new Set([1, 2]))).toEqual({ total: 5, open: 3, people: 2 })
  })

  test('the Assigned field: a linked roster member is assigned as their user, once; others stay manual names', () => {
    const roster = [
      { name: 'Pvt. Novak', user_id: 8, banned: false },
      { name: 'Unlinked Ulf', user_id: null, banned: false },
      { name: 'Banned Bob', user_id: 9, banned: true },
    ]
    expect(rosterMatch(roster, '  pvt. novak ')).toBe(roster[0])
    expect(rosterMatch(roster, 'Someone')).toBeNull()
    const start = initEditorState(payload)
    const assign = (state: EditorState, slotId: number, name: string) =>
      editorReducer(state, { type: 'setSlotAssigned', slotId, name, member: rosterMatch(roster, name) })

    let state = assign(start, 14, 'Pvt. Novak')
    expect(state.slots.find((s) => s.id === 14)).toMatchObject({
      user_id: 8,
      manual_username: null,
      discord_username: 'Pvt. Novak',
    })
    expect(state.notice).toEqual(saved('Pvt. Novak assigned'))
    expect(toSavePayload(state, state.baseSlots).slots.find((s) => s.id === 14)).toMatchObject({
      user_id: 8,
      manual_username: null,
    })
    // One person, one slot: the same member in a second slot is refused, naming where they are.
    const twice = assign(state, 21, 'Pvt. Novak')
    expect(twice.notice).toEqual({
      tone: 'error',
      text: 'Pvt. Novak already holds Rifleman (Alpha). One person holds one slot: clear that slot first.',
    })
    expect(twice.slots).toEqual(state.slots)
    expect(assign(state, 21, 'Banned Bob').notice).toEqual({
      tone: 'error',
      text: 'Banned Bob is banned and cannot hold a slot.',
    })

    state = assign(state, 21, 'Unlinked Ulf')
    expect(state.slots.find((s) => s.id === 21)).toMatchObject({ user_id: null, manual_username: 'Unlinked Ulf' })
    expect(state.notice).toEqual(
      saved(
        'Unlinked Ulf assigned as a manual name: their Discord account is not linked, so the one-slot rule and Leave do not apply',
      ),
    )
    state = assign(state, 21, 'Free Text')
    expect(state.slots.find((s) => s.id === 21)).toMatchObject({ user_id: null, manual_username: 'Free Text' })
  })

  test('a slot: role (never empty), lock, assigned name, clear, move, delete', () => {
    const start = initEditorState(payload)
    for (const role of ['', spacerRole('')]) {
      expect(editorReducer(start, { type: 'setSlotRole', slotId: 14, role }).notice).toEqual({
        tone: 'error',
        text: 'The role cannot be empty.',
      })
    }
    let state = editorReducer(start, { type: 'setSlotRole', slotId: 14, role: 'Gunner' })
    expect(state.slots.find((s) => s.id === 14)?.role).toBe('Gunner')
    expect(state.notice).toEqual(saved('Slot updated'))
    state = editorReducer(state, { type: 'setSlotLock', slotId: 14, lock: 'Autorifleman' })
    expect(state.slots.find((s) => s.id === 14)?.required_role_id).toBe('Autorifleman')
    expect(state.notice).toEqual(saved('Role lock changed'))
    // A typed name replaces a signed-up member; the base stays for the save.
    state = editorReducer(state, { type: 'setSlotAssigned', slotId: 11, name: 'Manual Joe', member: null })
    expect(state.slots.find((s) => s.id === 11)).toMatchObject({
      user_id: null,
      manual_username: 'Manual Joe',
      discord_username: null,
      avatar: null,
      base_user_id: 7,
    })
    expect(state.notice).toEqual(saved('Slot assigned'))
    expect(editorReducer(state, { type: 'setSlotAssigned', slotId: 11, name: '', member: null }).notice).toEqual(
      saved('Slot cleared'),
    )
    state = editorReducer(state, { type: 'clearSlot', slotId: 12 })
    expect(state.slots.find((s) => s.id === 12)).toMatchObject({ user_id: null, manual_username: null })
    expect(state.notice).toEqual(saved('Slot cleared'))
    state = editorReducer(state, { type: 'moveSlot', slotId: 12, direction: -1 })
    expect(teamsOf(state.slots, 1)[0]!.rows.map((s) => s.id)).toEqual([12, 11, 13])
    expect(state.notice).toEqual(saved('Slot moved'))
    expect(editorReducer(state, { type: 'moveSlot', slotId: 12, direction: -1 }).notice).toBeNull()
    state = editorReducer(state, { type: 'deleteSlot', slotId: 13 })
    expect(teamsOf(state.slots, 1)[0]!.rows.map((s) => s.id)).toEqual([12, 11])
    expect(state.notice).toEqual(saved('Slot deleted'))
  })
})

describe('editorReducer: reservations for allied units', () => {
  const cb = { id: 3, tag: '3CB' }
  const reserved: OrbatPayload = {
    ...payload,
    squads: payload.squads.map((s) => (s.id === 2 ? { ...s, reserved_for: 4 } : s)),
    slots: payload.slots.map((s) =>
      s.team === 'FT1' ? { ...s, team_reserved_for: 3, own_reserved_for: null } : { ...s, own_reserved_for: null },
    ),
  }

  test('the loaded reservations are kept and saved as they are: squads, the teams list, slots (their own)', () => {
    const body = toSavePayload(initEditorState(reserved))
    expect(body.squads.map((s) => [s.name, s.reserved_for])).toEqual([
      ['Alpha', null],
      ['Bravo', 4],
    ])
    expect(body.teams).toEqual([
      { squadName: 'Alpha', team: 'HQ', reserved_for: null },
      { squadName: 'Alpha', team: 'FT1', reserved_for: 3 },
      { squadName: 'Bravo', team: 'Bravo HQ', reserved_for: null },
    ])
    expect(body.slots.every((s) => s.reserved_for === null)).toBe(true)
    // The team's value travels in the teams list only.
    expect(body.slots[0]).not.toHaveProperty('team_reserved_for')
  })

  test('a squad, a team (every slot of it) and a slot are reserved and released, each a change that needs a save', () => {
    let state = editorReducer(initEditorState(payload), { type: 'setSquadReservation', squadId: 1, ally: cb })
    expect(state.notice).toEqual(saved('Squad reserved for 3CB'))
    expect(state.dirty).toBe(true)
    state = editorReducer(state, { type: 'setTeamReservation', squadId: 1, team: 'HQ', ally: cb })
    expect(state.notice).toEqual(saved('Team reserved for 3CB'))
    expect(squadSlots(state, 1).map((s) => [s.team, s.team_reserved_for ?? null])).toEqual([
      ['HQ', 3],
      ['HQ', 3],
      ['HQ', 3],
      ['FT1', null],
    ])
    state = editorReducer(state, { type: 'setSlotReservation', slotId: 14, ally: { id: 4, tag: 'TFB' } })
    expect(state.notice).toEqual(saved('Slot reserved for TFB'))
    let body = toSavePayload(state)
    expect(body.squads[0]!.reserved_for).toBe(3)
    expect(body.teams!.slice(0, 2)).toEqual([
      { squadName: 'Alpha', team: 'HQ', reserved_for: 3 },
      { squadName: 'Alpha', team: 'FT1', reserved_for: null },
    ])
    expect(body.slots.find((s) => s.id === 14)!.reserved_for).toBe(4)

    state = editorReducer(state, { type: 'setSquadReservation', squadId: 1, ally: null })
    expect(state.notice).toEqual(saved('Squad reservation removed'))
    state = editorReducer(state, { type: 'setTeamReservation', squadId: 1, team: 'HQ', ally: null })
    expect(state.notice).toEqual(saved('Team reservation removed'))
    state = editorReducer(state, { type: 'setSlotReservation', slotId: 14, ally: null })
    expect(state.notice).toEqual(saved('Slot reservation removed'))
    body = toSavePayload(state)
    expect([body.squads[0]!.reserved_for, body.teams![0]!.reserved_for, body.slots.at(-2)!.reserved_for]).toEqual([
      null,
      null,
      null,
    ])
    expect(state.changes).toBe(6)
  })

  test("a new slot joins its team's reservation; a new team, a new squad have none; a duplicate keeps them", () => {
    let state = initEditorState(reserved)
    state = editorReducer(state, { type: 'addSlot', squadId: 1, team: 'FT1', lock: null })
    expect(state.slots.at(-1)).toMatchObject({ team: 'FT1', team_reserved_for: 3, own_reserved_for: null })
    state = editorReducer(state, { type: 'addSpacer', squadId: 1, team: 'HQ', text: 'Support' })
    expect(state.slots.at(-1)).toMatchObject({ team: 'HQ', team_reserved_for: null })
    state = editorReducer(state, { type: 'addTeam', squadId: 1, lock: null })
    expect(state.slots.at(-1)).toMatchObject({ team: 'Team 3', team_reserved_for: null, own_reserved_for: null })
    state = editorReducer(state, { type: 'addSquad', lock: null })
    expect(squadsIn(state).find((s) => s.name === 'New Squad')?.reserved_for).toBeNull()

    state = editorReducer(state, { type: 'setSlotReservation', slotId: 21, ally: cb })
    state = editorReducer(state, { type: 'duplicateSquad', squadId: 2 })
    const copy = squadsIn(state).find((s) => s.name === 'Bravo (Copy)')!
    expect(copy.reserved_for).toBe(4)
    expect(squadSlots(state, copy.id)).toEqual([
      expect.objectContaining({ team: 'Bravo HQ', own_reserved_for: 3, team_reserved_for: null, user_id: null }),
    ])
  })

  test("clearing a slot drops its guest holder's tag with the holder", () => {
    const guestHeld: OrbatPayload = {
      ...payload,
      slots: payload.slots.map((s) => (s.id === 11 ? { ...s, holder: { name: 'Reyes', guest_of: '3CB' } } : s)),
    }
    const state = editorReducer(initEditorState(guestHeld), { type: 'clearSlot', slotId: 11 })
    expect(state.slots.find((s) => s.id === 11)).toMatchObject({ user_id: null, holder: null })
  })
})

describe('editorReducer: the canvas', () => {
  test('waypoints and pax counters are added at 200,200 in front', () => {
    const state = run(
      initEditorState(payload),
      { type: 'addPoint', kind: 'waypoint' },
      { type: 'addPoint', kind: 'pax' },
    )
    expect(state.nodes.slice(-2).map((n) => [n.id, n.type, n.position, n.zIndex])).toEqual([
      ['waypoint--1', 'waypoint', { x: 200, y: 200 }, 1],
      ['pax--2', 'pax', { x: 200, y: 200 }, 2],
    ])
    expect(state.notice).toEqual(saved('Pax counter added'))
  })

  test("React Flow's own changes (selection, positions while dragging) are not unsaved changes; a connection is", () => {
    const state = run(
      initEditorState(payload),
      { type: 'nodesChange', changes: [{ id: 'squad-1', type: 'select', selected: true }] },
      {
        type: 'nodesChange',
        changes: [{ id: 'squad-1', type: 'position', position: { x: 95, y: 31 }, dragging: true }],
      },
      { type: 'edgesChange', changes: [{ id: 'edge-1', type: 'select', selected: true }] },
    )
    expect(squadNode(state, 1)).toMatchObject({ selected: true, position: { x: 95, y: 31 } })
    expect(state.edges.find((e) => e.id === 'edge-1')?.selected).toBe(true)
    expect(state).toMatchObject({ dirty: false, notice: null })
    const connected = run(
      state,
      {
        type: 'connect',
        connection: { source: 'squad-2', sourceHandle: 'bottom', target: 'squad-1', targetHandle: 'top' },
      },
      {
        type: 'connect',
        connection: { source: 'squad-1', sourceHandle: 'bottom', target: 'pax-6', targetHandle: 'top' },
      },
    )
    expect(connected.edges.slice(-2).map((e) => [e.id, e.source, e.target, e.type])).toEqual([
      ['new-edge-1', 'squad-2', 'squad-1', 'smoothstep'],
      ['new-edge-2', 'squad-1', 'pax-6', 'smoothstep'],
    ])
    expect(connected).toMatchObject({ dirty: true, notice: saved('Connection added') })
  })

  test('a drag brings the squad to the front; the drop snaps (20 px squads, 1 px points) and counts only if it moved', () => {
    const start = initEditorState(payload)
    let state = editorReducer(start, {
      type: 'dragStart',
      nodeId: 'squad-2',
      dragged: [{ id: 'squad-2', position: { x: 500, y: 0 } }],
    })
    expect(squadNode(state, 2)?.zIndex).toBe(1)
    expect(squadNode(state, 1)?.zIndex).toBeUndefined()
    // Dropped where it was (after rounding): no change.
    const back = editorReducer(state, {
      type: 'dragStop',
      dragged: [{ id: 'squad-2', type: 'squad', position: { x: 504, y: 6 } }],
    })
    expect(squadNode(back, 2)?.position).toEqual({ x: 500, y: 0 })
    expect(back).toMatchObject({ dirty: false, notice: null })
    state = editorReducer(state, {
      type: 'dragStop',
      dragged: [{ id: 'squad-2', type: 'squad', position: { x: 531, y: 49 } }],
    })
    expect(squadNode(state, 2)?.position).toEqual({ x: 540, y: 40 })
    expect(state).toMatchObject({ dirty: true, notice: saved('Node moved') })
    state = run(
      state,
      {
        type: 'dragStart',
        nodeId: 'waypoint-5',
        dragged: [
          { id: 'waypoint-5', position: { x: 300, y: 40 } },
          { id: 'pax-6', position: { x: 0, y: -200 } },
        ],
      },
      {
        type: 'dragStop',
        dragged: [
          { id: 'waypoint-5', type: 'waypoint', position: { x: 310.4, y: 40.6 } },
          { id: 'pax-6', type: 'pax', position: { x: 10.4, y: -199.6 } },
        ],
      },
    )
    expect(state.nodes.filter((n) => n.type !== 'squad').map((n) => n.position)).toEqual([
      { x: 310, y: 41 },
      { x: 10, y: -200 },
    ])
    // A waypoint is not brought to the front.
    expect(state.nodes.find((n) => n.id === 'waypoint-5')?.zIndex).toBeUndefined()
    expect(state.notice).toEqual(saved('Nodes moved'))
  })

  test('the Delete key: React Flow removes the waypoint and its connections, the reducer joins them and says so', () => {
    const start = initEditorState(payload)
    const doomedEdges = start.edges.filter((e) => e.source === 'waypoint-5' || e.target === 'waypoint-5')
    const waypoint = start.nodes.find((n) => n.id === 'waypoint-5')!
    const state = run(
      start,
      { type: 'nodesChange', changes: [{ id: 'waypoint-5', type: 'remove' }] },
      { type: 'edgesChange', changes: doomedEdges.map((e) => ({ id: e.id, type: 'remove' as const })) },
      { type: 'deleted', nodes: [waypoint], edges: doomedEdges },
    )
    expect(state.edges.map((e) => [e.id, e.source, e.target, e.sourceHandle, e.targetHandle])).toEqual([
      ['edge-4', 'squad-2', 'pax-6', null, null],
      ['new-edge-1', 'squad-1', 'squad-2', 'right', 'top'],
    ])
    expect(state).toMatchObject({
      dirty: true,
      nextEdge: 2,
      notice: saved('Waypoint deleted and its connections joined'),
    })
  })

  test('deleted squads take their slots and edit views; pax counters and connections say what went', () => {
    const start = run(initEditorState(payload), { type: 'toggleEditing', squadId: 1 })
    const squads = start.nodes.filter((n) => n.type === 'squad')
    const gone = run(
      start,
      { type: 'nodesChange', changes: squads.map((n) => ({ id: n.id, type: 'remove' as const })) },
      { type: 'deleted', nodes: squads, edges: [] },
    )
    expect(gone.slots).toEqual([])
    expect(gone.editing.size).toBe(0)
    expect(gone.notice).toEqual(saved('Squads deleted'))
    expect(editorReducer(start, { type: 'deleted', nodes: squads.slice(0, 1), edges: [] }).notice).toEqual(
      saved('Squad deleted'),
    )
    const pax = start.nodes.find((n) => n.type === 'pax')!
    expect(editorReducer(start, { type: 'deleted', nodes: [pax], edges: [] }).notice).toEqual(
      saved('Pax counter deleted'),
    )
    expect(editorReducer(start, { type: 'deleted', nodes: [], edges: start.edges.slice(0, 1) }).notice).toEqual(
      saved('Connection deleted'),
    )
    expect(editorReducer(start, { type: 'deleted', nodes: [], edges: start.edges }).notice).toEqual(
      saved('Connections deleted'),
    )
  })
})
