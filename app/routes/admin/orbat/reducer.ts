import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type XYPosition,
} from '@xyflow/react'
import type { AssignableMember, OrbatPayload, OrbatSquad } from '#contracts/orbat.ts'
import { freeSpot, squadCardSize } from '#contracts/orbat-layout.ts'
import {
  baseSlotsOf,
  DEFAULT_ROLE,
  DEFAULT_TEAM,
  DUPLICATE_OFFSET,
  lowestId,
  NEW_NODE_POSITION,
  nodeBox,
  parseNodeId,
  pointNode,
  POINT_GRID,
  spacerRole,
  SQUAD_GRID,
  squadNodeId,
  squadsOf,
  teamsOf,
  toEditorState,
  type BaseSlot,
  type EditorDiagram,
  type EditorEdge,
  type EditorNode,
  type EditorSlot,
  type EditorSquadNode,
} from './model.ts'

// Every change the ORBAT editor makes, as one pure reducer (changes are local until Save ORBAT). What an action has to
// say goes in `notice` (the editor shows it as a toast); a refused change leaves the diagram as it was and says why
// with an error notice. Confirms, fetches and the viewport stay outside: they are the components' and
// use-editor-persistence.ts's.

interface EditorNotice {
  tone: 'info' | 'error'
  text: string
}

export interface EditorState extends EditorDiagram {
  /** Squads shown in their edit view. */
  editing: ReadonlySet<number>
  /** Local changes not saved yet. */
  dirty: boolean
  /** How many changes were made since the last load or save (the Save button and the editor's toast show it). */
  changes: number
  /**
   * What the server last showed (initial load, a save's answer, Discard): the save's base, so it can tell a member's
   * sign-up made meanwhile from a member the admin removed. A loaded preset does not change it.
   */
  baseSlots: BaseSlot[]
  /** The next temporary id (new rows have ids <= 0). */
  nextId: number
  /** The number of the next new connection's id. */
  nextEdge: number
  /** Where the dragged nodes were when the drag began (a drop at the same place is no move). */
  dragOrigin: ReadonlyMap<string, XYPosition>
  /** What the last action has to say, or null. */
  notice: EditorNotice | null
}

type Direction = -1 | 1

/** The allied unit a reservation names (its tag for the notice), or null for none. */
type AllyChoice = { id: number; tag: string } | null

export type EditorAction =
  /** The ORBAT as the server has it (a save's answer, Discard Changes): no unsaved changes left. */
  | { type: 'resetToServer'; payload: OrbatPayload }
  /** A preset's layout replaces the diagram, unsaved. */
  | { type: 'loadPreset'; payload: OrbatPayload }
  // React Flow's own changes: selection, measured sizes, positions while dragging, removals.
  | { type: 'nodesChange'; changes: NodeChange<EditorNode>[] }
  | { type: 'edgesChange'; changes: EdgeChange<EditorEdge>[] }
  | { type: 'connect'; connection: Connection }
  | { type: 'dragStart'; nodeId: string; dragged: Array<{ id: string; position: XYPosition }> }
  | { type: 'dragStop'; dragged: Array<{ id: string; type?: string; position: XYPosition }> }
  /** Nodes and connections React Flow has removed (the Delete keys, Delete Selected), after the confirm. */
  | { type: 'deleted'; nodes: EditorNode[]; edges: EditorEdge[] }
  // The Actions menu.
  | { type: 'addSquad'; lock: string | null }
  | { type: 'addPoint'; kind: 'waypoint' | 'pax' }
  // A squad card.
  | { type: 'toggleEditing'; squadId: number }
  | { type: 'renameSquad'; squadId: number; name: string }
  | { type: 'setSquadWaitlist'; squadId: number; value: boolean }
  | { type: 'setSquadPlatoon'; squadId: number; platoonId: number | null }
  // Reservations for allied units (docs/rules/orbat.md): a squad's, a team's (all its slots), a slot's own.
  | { type: 'setSquadReservation'; squadId: number; ally: AllyChoice }
  | { type: 'setTeamReservation'; squadId: number; team: string; ally: AllyChoice }
  | { type: 'setSlotReservation'; slotId: number; ally: AllyChoice }
  | { type: 'duplicateSquad'; squadId: number }
  | { type: 'deleteSquad'; squadId: number }
  | { type: 'addTeam'; squadId: number; lock: string | null }
  | { type: 'renameTeam'; squadId: number; from: string; to: string }
  | { type: 'deleteTeam'; squadId: number; team: string }
  | { type: 'moveTeam'; squadId: number; team: string; direction: Direction }
  | { type: 'addSlot'; squadId: number; team: string; lock: string | null }
  | { type: 'addSpacer'; squadId: number; team: string; text: string }
  | { type: 'setSlotRole'; slotId: number; role: string }
  | { type: 'setSlotLock'; slotId: number; lock: string | null }
  /** The admin keeps a new slot's default lock: it is theirs now, no longer marked. */
  | { type: 'keepSlotLock'; slotId: number }
  /** A typed or picked name; `member` is the roster member it names (rosterMatch), if any. */
  | { type: 'setSlotAssigned'; slotId: number; name: string; member: AssignableMember | null }
  | { type: 'clearSlot'; slotId: number }
  | { type: 'moveSlot'; slotId: number; direction: Direction }
  | { type: 'deleteSlot'; slotId: number }

/** The editor's state for the ORBAT the server showed. */
export function initEditorState(payload: OrbatPayload): EditorState {
  return load(payload, { dirty: false, changes: 0, baseSlots: baseSlotsOf(payload), nextEdge: 1 })
}

function load(
  payload: OrbatPayload,
  rest: Pick<EditorState, 'dirty' | 'changes' | 'baseSlots' | 'nextEdge'>,
): EditorState {
  const diagram = toEditorState(payload)
  return { ...diagram, ...rest, editing: new Set(), nextId: lowestId(diagram) - 1, dragOrigin: new Map(), notice: null }
}

export function editorReducer(previous: EditorState, action: EditorAction): EditorState {
  // A notice belongs to the action that made it.
  const state = previous.notice ? { ...previous, notice: null } : previous
  switch (action.type) {
    case 'resetToServer':
      return load(action.payload, {
        dirty: false,
        changes: 0,
        baseSlots: baseSlotsOf(action.payload),
        nextEdge: state.nextEdge,
      })
    case 'loadPreset':
      return load(action.payload, {
        dirty: true,
        changes: state.changes + 1,
        baseSlots: state.baseSlots,
        nextEdge: state.nextEdge,
      })
    case 'nodesChange':
      return { ...state, nodes: applyNodeChanges(action.changes, state.nodes) }
    case 'edgesChange':
      return { ...state, edges: applyEdgeChanges(action.changes, state.edges) }
    case 'connect':
      return changed(
        {
          ...state,
          edges: addEdge({ ...action.connection, id: edgeId(state.nextEdge), type: 'smoothstep' }, state.edges),
          nextEdge: state.nextEdge + 1,
        },
        'Connection added',
      )
    case 'dragStart':
      return dragStart(state, action.nodeId, action.dragged)
    case 'dragStop':
      return dragStop(state, action.dragged)
    case 'deleted':
      return deleted(state, action.nodes, action.edges)
    case 'addSquad':
      return addSquad(state, action.lock)
    case 'addPoint': {
      const [id, next] = takeId(state)
      const node = {
        ...pointNode(action.kind, { id, pos_x: NEW_NODE_POSITION.x, pos_y: NEW_NODE_POSITION.y }),
        zIndex: frontZ(state.nodes),
      }
      return changed(
        { ...next, nodes: [...state.nodes, node] },
        action.kind === 'waypoint' ? 'Waypoint added' : 'Pax counter added',
      )
    }
    case 'toggleEditing':
      return { ...state, editing: toggle(state.editing, action.squadId) }
    case 'renameSquad': {
      const { squadId, name } = action
      if (!name) return refused(state, 'Squad name cannot be empty.')
      if (squadsOf(state.nodes).some((s) => s.id !== squadId && s.name === name))
        return refused(state, `A squad named "${name}" already exists.`)
      return changed(patchSquad(state, squadId, { name }), 'Squad renamed')
    }
    case 'setSquadWaitlist':
      return changed(
        patchSquad(state, action.squadId, { can_be_primary_waitlist: action.value }),
        action.value ? 'Squad shown in the public waitlist' : 'Squad hidden from the public waitlist',
      )
    case 'setSquadPlatoon':
      return changed(
        patchSquad(state, action.squadId, { platoon_id: action.platoonId }),
        action.platoonId === null ? 'Platoon removed' : 'Platoon set',
      )
    case 'setSquadReservation':
      return changed(
        patchSquad(state, action.squadId, { reserved_for: action.ally?.id ?? null }),
        reservationNotice('Squad', action.ally),
      )
    case 'setTeamReservation': {
      const { squadId, team, ally } = action
      const slots = state.slots.map((s) =>
        s.squad_id === squadId && s.team === team ? { ...s, team_reserved_for: ally?.id ?? null } : s,
      )
      return changed({ ...state, slots }, reservationNotice('Team', ally))
    }
    case 'setSlotReservation':
      return changed(
        patchSlot(state, action.slotId, { own_reserved_for: action.ally?.id ?? null }),
        reservationNotice('Slot', action.ally),
      )
    case 'duplicateSquad':
      return duplicateSquad(state, action.squadId)
    case 'deleteSquad': {
      const nodeId = squadNodeId(action.squadId)
      return changed(
        {
          ...state,
          nodes: state.nodes.filter((n) => n.id !== nodeId),
          edges: state.edges.filter((e) => e.source !== nodeId && e.target !== nodeId),
          slots: state.slots.filter((s) => s.squad_id !== action.squadId),
          editing: without(state.editing, [action.squadId]),
        },
        'Squad deleted',
      )
    }
    case 'addTeam': {
      const teams = teamsOf(state.slots, action.squadId)
      const names = teams.map((t) => t.name)
      let n = teams.length + 1
      while (names.includes(`Team ${n}`)) n++
      const order = teams.reduce((max, t) => Math.max(max, t.order), -1) + 1
      return addRow(
        state,
        (id) => newSlot(id, action.squadId, `Team ${n}`, order, 0, DEFAULT_ROLE, action.lock, true),
        'Team added',
      )
    }
    case 'renameTeam': {
      const { squadId, from, to } = action
      if (!to) return refused(state, 'Team name cannot be empty.')
      if (to === from) return state
      if (teamsOf(state.slots, squadId).some((t) => t.name === to))
        return refused(state, `This squad already has a team named "${to}".`)
      return changed(
        {
          ...state,
          slots: state.slots.map((s) => (s.squad_id === squadId && s.team === from ? { ...s, team: to } : s)),
        },
        'Team renamed',
      )
    }
    case 'deleteTeam':
      return changed(
        { ...state, slots: state.slots.filter((s) => !(s.squad_id === action.squadId && s.team === action.team)) },
        'Team deleted',
      )
    case 'moveTeam': {
      const slots = moveTeam(state.slots, action.squadId, action.team, action.direction)
      return slots ? changed({ ...state, slots }, 'Team moved') : state
    }
    case 'addSlot':
      return addToTeam(state, action.squadId, action.team, DEFAULT_ROLE, action.lock, 'Slot added')
    case 'addSpacer':
      if (!action.text.trim()) return refused(state, 'Spacer text cannot be empty.')
      return addToTeam(state, action.squadId, action.team, spacerRole(action.text), null, 'Spacer added')
    case 'setSlotRole':
      if (!action.role || action.role === spacerRole('')) return refused(state, 'The role cannot be empty.')
      return changed(patchSlot(state, action.slotId, { role: action.role }), 'Slot updated')
    case 'setSlotLock':
      return changed(
        patchSlot(state, action.slotId, { required_role_id: action.lock, lock_from_default: false }),
        'Role lock changed',
      )
    case 'keepSlotLock':
      return patchSlot(state, action.slotId, { lock_from_default: false })
    case 'setSlotAssigned':
      return assignSlot(state, action.slotId, action.name, action.member)
    case 'clearSlot':
      return changed(patchSlot(state, action.slotId, NOBODY), 'Slot cleared')
    case 'moveSlot': {
      const slots = moveSlot(state.slots, action.slotId, action.direction)
      return slots ? changed({ ...state, slots }, 'Slot moved') : state
    }
    case 'deleteSlot':
      return changed({ ...state, slots: state.slots.filter((s) => s.id !== action.slotId) }, 'Slot deleted')
  }
}

// ---- how a change ends ------------------------------------------------------------------------------------------------

/** A local change: unsaved from now on, and said so (an info toast says it needs a save). */
function changed(state: EditorState, what: string): EditorState {
  return {
    ...state,
    dirty: true,
    changes: state.changes + 1,
    notice: { tone: 'info', text: `${what} (requires save to persist).` },
  }
}

function reservationNotice(what: 'Squad' | 'Team' | 'Slot', ally: AllyChoice): string {
  return ally ? `${what} reserved for ${ally.tag}` : `${what} reservation removed`
}

function refused(state: EditorState, why: string): EditorState {
  return { ...state, notice: { tone: 'error', text: why } }
}

// ---- helpers ----------------------------------------------------------------------------------------------------------

const NOBODY = { user_id: null, manual_username: null, discord_username: null, avatar: null, holder: null } as const

const edgeId = (n: number) => `new-edge-${n}`

function takeId(state: EditorState): [number, EditorState] {
  return [state.nextId, { ...state, nextId: state.nextId - 1 }]
}

function frontZ(nodes: EditorNode[]): number {
  return nodes.reduce((z, n) => Math.max(z, n.zIndex ?? 0), 0) + 1
}

function toggle(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

function without(set: ReadonlySet<number>, ids: Iterable<number>): ReadonlySet<number> {
  const next = new Set(set)
  for (const id of ids) next.delete(id)
  return next
}

function patchSquad(state: EditorState, squadId: number, patch: Partial<OrbatSquad>): EditorState {
  const nodes = state.nodes.map((n) =>
    n.type === 'squad' && n.data.squad.id === squadId
      ? { ...n, data: { ...n.data, squad: { ...n.data.squad, ...patch } } }
      : n,
  )
  return { ...state, nodes }
}

function patchSlot(state: EditorState, slotId: number, patch: Partial<EditorSlot>): EditorState {
  return { ...state, slots: state.slots.map((s) => (s.id === slotId ? { ...s, ...patch } : s)) }
}

function addRow(state: EditorState, row: (id: number) => EditorSlot, what: string): EditorState {
  const [id, next] = takeId(state)
  return changed({ ...next, slots: [...state.slots, row(id)] }, what)
}

/** A slot or spacer at the end of a team. */
function addToTeam(
  state: EditorState,
  squadId: number,
  team: string,
  role: string,
  lock: string | null,
  what: string,
): EditorState {
  const block = teamsOf(state.slots, squadId).find((t) => t.name === team)
  if (!block) return state
  const order = block.rows.reduce((max, s) => Math.max(max, s.slot_order), -1) + 1
  // A new row joins its team's reservation.
  const teamReservedFor = block.rows[0]?.team_reserved_for ?? null
  return addRow(
    state,
    (id) => ({
      ...newSlot(id, squadId, team, block.order, order, role, lock, true),
      team_reserved_for: teamReservedFor,
    }),
    what,
  )
}

/**
 * A new squad goes to 200,200 when that is free, else right of everything on the diagram (docs/rules/orbat.md, Cards
 * never overlap): never on top of another card, where its Edit button could not be reached.
 */
function newSquadPosition(state: EditorState): XYPosition {
  const taken = state.nodes.map((n) => nodeBox(n, state.slots))
  return freeSpot(taken, squadCardSize({ teams: 1, slots: 1, spacers: 0 }), NEW_NODE_POSITION)
}

function addSquad(state: EditorState, lock: string | null): EditorState {
  const [id, next] = takeId(state)
  const name = uniqueName(
    'New Squad',
    squadsOf(state.nodes).map((s) => s.name),
  )
  const position = newSquadPosition(state)
  const node: EditorSquadNode = {
    id: squadNodeId(id),
    type: 'squad',
    position,
    zIndex: frontZ(state.nodes),
    // Selected, and brought into view by use-canvas-view.ts (free space may lie outside the view).
    selected: true,
    data: {
      squad: {
        id,
        name,
        pos_x: position.x,
        pos_y: position.y,
        can_be_primary_waitlist: false,
        platoon_id: null,
        discord_channel_id: null,
        reserved_for: null,
      },
    },
  }
  // A new squad opens in its edit view with a default team of one open slot.
  const nodes = [...state.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node]
  const withSquad = { ...next, nodes, editing: new Set(state.editing).add(id) }
  return addRow(withSquad, (slotId) => newSlot(slotId, id, DEFAULT_TEAM, 0, 0, DEFAULT_ROLE, lock, true), 'Squad added')
}

/**
 * A roster member with a linked account is assigned as their user (one slot per person, Leave, live name, role sync);
 * anyone else is a manual name, and an unlinked member is told so.
 */
function assignSlot(state: EditorState, slotId: number, name: string, member: AssignableMember | null): EditorState {
  if (!name) return changed(patchSlot(state, slotId, NOBODY), 'Slot cleared')
  if (member?.banned) return refused(state, `${member.name} is banned and cannot hold a slot.`)
  if (member?.user_id == null) {
    const what = member
      ? `${member.name} assigned as a manual name: their Discord account is not linked, so the one-slot rule and Leave do not apply`
      : 'Slot assigned'
    return changed(patchSlot(state, slotId, { ...NOBODY, manual_username: name }), what)
  }
  const userId = member.user_id
  const other = state.slots.find((s) => s.user_id === userId && s.id !== slotId)
  if (other) {
    const squad = squadsOf(state.nodes).find((s) => s.id === other.squad_id)?.name ?? 'another squad'
    return refused(
      state,
      `${member.name} already holds ${other.role} (${squad}). One person holds one slot: clear that slot first.`,
    )
  }
  return changed(
    patchSlot(state, slotId, { ...NOBODY, user_id: userId, discord_username: member.name }),
    `${member.name} assigned`,
  )
}

function duplicateSquad(state: EditorState, squadId: number): EditorState {
  const source = state.nodes.find((n): n is EditorSquadNode => n.type === 'squad' && n.data.squad.id === squadId)
  if (!source) return state
  const [id, afterSquad] = takeId(state)
  let next = afterSquad
  const name = uniqueName(
    `${source.data.squad.name} (Copy)`,
    squadsOf(state.nodes).map((s) => s.name),
  )
  const position = { x: source.position.x + DUPLICATE_OFFSET, y: source.position.y + DUPLICATE_OFFSET }
  const copy: EditorSquadNode = {
    id: squadNodeId(id),
    type: 'squad',
    position,
    zIndex: frontZ(state.nodes),
    data: { squad: { ...source.data.squad, id, name, pos_x: position.x, pos_y: position.y, discord_channel_id: null } },
  }
  // People are cleared: the copy's slots are new and open.
  const copies: EditorSlot[] = []
  for (const s of state.slots.filter((s) => s.squad_id === squadId)) {
    let slotId: number
    ;[slotId, next] = takeId(next)
    // The copy keeps the layout's reservations (the squad's comes with its fields).
    copies.push({
      ...newSlot(slotId, id, s.team, s.team_order, s.slot_order, s.role, s.required_role_id),
      own_reserved_for: s.own_reserved_for ?? null,
      team_reserved_for: s.team_reserved_for ?? null,
    })
  }
  const nodes = [...state.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), copy]
  return changed({ ...next, nodes, slots: [...state.slots, ...copies] }, 'Squad duplicated')
}

/** The dragged squad is brought to the front. */
function dragStart(
  state: EditorState,
  nodeId: string,
  dragged: Array<{ id: string; position: XYPosition }>,
): EditorState {
  const dragOrigin = new Map(dragged.map((n) => [n.id, { ...n.position }]))
  if (state.nodes.find((n) => n.id === nodeId)?.type !== 'squad') return { ...state, dragOrigin }
  const others = state.nodes.reduce((z, n) => (n.id === nodeId ? z : Math.max(z, n.zIndex ?? 0)), 0)
  const nodes = state.nodes.map((n) =>
    n.id === nodeId && (n.zIndex ?? 0) <= others ? { ...n, zIndex: others + 1 } : n,
  )
  return { ...state, nodes, dragOrigin }
}

/** A dropped node snaps to the grid, 20 px for squads and 1 px for waypoints and pax counters. */
function dragStop(
  state: EditorState,
  dragged: Array<{ id: string; type?: string; position: XYPosition }>,
): EditorState {
  const snapped = new Map(
    dragged.map((n) => {
      const grid = n.type === 'squad' ? SQUAD_GRID : POINT_GRID
      return [n.id, { x: Math.round(n.position.x / grid) * grid, y: Math.round(n.position.y / grid) * grid }]
    }),
  )
  const next = {
    ...state,
    nodes: state.nodes.map((n) => (snapped.has(n.id) ? { ...n, position: snapped.get(n.id)! } : n)),
    dragOrigin: new Map(),
  }
  const moved = [...snapped].some(([id, p]) => {
    const before = state.dragOrigin.get(id)
    return !before || before.x !== p.x || before.y !== p.y
  })
  return moved ? changed(next, dragged.length > 1 ? 'Nodes moved' : 'Node moved') : next
}

/** After React Flow removed nodes and connections: their slots go too, and deleted waypoints' connections are joined. */
function deleted(state: EditorState, removed: EditorNode[], removedEdges: EditorEdge[]): EditorState {
  const removedIds = new Set(removed.map((n) => n.id))
  const squadsGone = new Set(removed.filter((n) => n.type === 'squad').map((n) => parseNodeId(n.id)?.id ?? 0))
  const remaining = new Set(state.nodes.map((n) => n.id).filter((id) => !removedIds.has(id)))
  let nextEdge = state.nextEdge
  const bridges = reconnectAcrossWaypoints(removedIds, removedEdges, remaining, () => edgeId(nextEdge++))
  const next: EditorState = {
    ...state,
    slots: squadsGone.size > 0 ? state.slots.filter((s) => !squadsGone.has(s.squad_id)) : state.slots,
    editing: squadsGone.size > 0 ? without(state.editing, squadsGone) : state.editing,
    edges: bridges.length > 0 ? [...state.edges, ...bridges] : state.edges,
    nextEdge,
  }
  const kinds = new Set(removed.map((n) => n.type))
  const what = kinds.has('squad')
    ? squadsGone.size > 1
      ? 'Squads deleted'
      : 'Squad deleted'
    : kinds.has('waypoint')
      ? bridges.length > 0
        ? 'Waypoint deleted and its connections joined'
        : 'Waypoint deleted'
      : kinds.has('pax')
        ? 'Pax counter deleted'
        : removedEdges.length > 1
          ? 'Connections deleted'
          : 'Connection deleted'
  return changed(next, what)
}

// ---- pure operations (tested on their own) --------------------------------------------------------------------------

/** `base`, or `base 2`, `base 3`, ... : squad names are unique (the save matches slots by squadName). */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken)
  if (!names.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}`
    if (!names.has(candidate)) return candidate
  }
}

/** `byDefault`: the lock is the default a new slot gets (the first eligible role), not one the admin chose. */
export function newSlot(
  id: number,
  squadId: number,
  team: string,
  teamOrder: number,
  slotOrder: number,
  role: string,
  lock: string | null,
  byDefault = false,
): EditorSlot {
  return {
    id,
    squad_id: squadId,
    team,
    team_order: teamOrder,
    slot_order: slotOrder,
    role,
    ...NOBODY,
    required_role_id: lock,
    own_reserved_for: null,
    team_reserved_for: null,
    base_user_id: null,
    lock_from_default: byDefault && lock !== null,
  }
}

/**
 * Moves a team one place up (-1) or down (+1) in its squad: team orders are first made 0..n-1 (stored data may
 * repeat them), then the team swaps its order with its neighbour's. Null when it cannot move.
 */
export function moveTeam(
  slots: EditorSlot[],
  squadId: number,
  teamName: string,
  direction: Direction,
): EditorSlot[] | null {
  const teams = teamsOf(slots, squadId)
  const index = teams.findIndex((t) => t.name === teamName)
  const other = index + direction
  if (index < 0 || other < 0 || other >= teams.length) return null
  const order = new Map(teams.map((t, i) => [t.name, i]))
  order.set(teams[index]!.name, other)
  order.set(teams[other]!.name, index)
  return slots.map((s) => (s.squad_id === squadId ? { ...s, team_order: order.get(s.team)! } : s))
}

/** Moves a slot one place up or down within its team (orders made 0..n-1 first, then swapped). */
export function moveSlot(slots: EditorSlot[], slotId: number, direction: Direction): EditorSlot[] | null {
  const slot = slots.find((s) => s.id === slotId)
  if (!slot) return null
  const team = teamsOf(slots, slot.squad_id).find((t) => t.name === slot.team)
  if (!team) return null
  const index = team.rows.findIndex((s) => s.id === slotId)
  const other = index + direction
  if (other < 0 || other >= team.rows.length) return null
  const order = new Map(team.rows.map((s, i) => [s.id, i]))
  order.set(team.rows[index]!.id, other)
  order.set(team.rows[other]!.id, index)
  return slots.map((s) => (order.has(s.id) ? { ...s, slot_order: order.get(s.id)! } : s))
}

/** After deleting waypoints: each incoming edge is joined to each outgoing one, so the route stays connected. */
export function reconnectAcrossWaypoints(
  deletedNodeIds: ReadonlySet<string>,
  deletedEdges: EditorEdge[],
  remainingNodeIds: ReadonlySet<string>,
  makeId: () => string,
): EditorEdge[] {
  const added: EditorEdge[] = []
  for (const nodeId of deletedNodeIds) {
    if (!nodeId.startsWith('waypoint-')) continue
    const incoming = deletedEdges.filter((e) => e.target === nodeId && remainingNodeIds.has(e.source))
    const outgoing = deletedEdges.filter((e) => e.source === nodeId && remainingNodeIds.has(e.target))
    for (const a of incoming) {
      for (const b of outgoing) {
        if (a.source === b.target) continue
        added.push({
          id: makeId(),
          source: a.source,
          sourceHandle: a.sourceHandle ?? null,
          target: b.target,
          targetHandle: b.targetHandle ?? null,
          type: 'smoothstep',
        })
      }
    }
  }
  return added
}
