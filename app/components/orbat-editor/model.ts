import type { Edge, Node } from '@xyflow/react'
import { isSpacer } from '#app/components/orbat/layout.ts'
import type { OrbatPayload, OrbatPoint, OrbatSlot, OrbatSquad } from '#app/components/orbat/types.ts'

// The admin editor's local state and the pure operations on it (spec 1 §4 "Admin editor changes ... are held
// locally and only persist on Save ORBAT"). Nodes and edges are React Flow's own arrays (so it keeps its measured
// sizes and selection); slots live beside them, keyed to squads by id. Ids <= 0 are new rows (temporary ids).

/** A slot as the editor holds it: `base_user_id` is the member it had when the editor loaded it (save contract). */
export type EditorSlot = OrbatSlot & { base_user_id: number | null }

export type SquadNodeData = { squad: OrbatSquad }
export type EditorSquadNode = Node<SquadNodeData, 'squad'>
export type EditorPointNode = Node<Record<string, never>, 'waypoint' | 'pax'>
export type EditorNode = EditorSquadNode | EditorPointNode
export type EditorEdge = Edge

export interface EditorState {
  nodes: EditorNode[]
  edges: EditorEdge[]
  slots: EditorSlot[]
}

/** Spec 1 §9: grid snap 20 for squads, 1 for waypoints and pax counters; new squads and waypoints at 200,200. */
export const SQUAD_GRID = 20
export const POINT_GRID = 1
export const NEW_NODE_POSITION = { x: 200, y: 200 } as const
export const DUPLICATE_OFFSET = 40
export const DEFAULT_TEAM = 'Team 1'
export const DEFAULT_ROLE = 'Rifleman'
export const SPACER_MARK = '---'

export const squadNodeId = (id: number) => `squad-${id}`
export const waypointNodeId = (id: number) => `waypoint-${id}`
export const paxNodeId = (id: number) => `pax-${id}`

/** `squad-12` -> { kind: 'squad', id: 12 }; temporary ids are negative (`squad--3`). */
export function parseNodeId(nodeId: string): { kind: 'squad' | 'waypoint' | 'pax'; id: number } | null {
  const match = /^(squad|waypoint|pax)-(-?\d+)$/.exec(nodeId)
  return match ? { kind: match[1] as 'squad' | 'waypoint' | 'pax', id: Number(match[2]) } : null
}

/** Which handle ids each node type has (layout.ts CARD_HANDLES / WAYPOINT_HANDLES). */
const HANDLES = {
  card: { source: new Set(['right', 'bottom']), target: new Set(['left', 'top']) },
  waypoint: { source: new Set(['right']), target: new Set(['left']) },
}

function validHandle(nodeId: string, handle: string | null | undefined, kind: 'source' | 'target'): string | null {
  if (!handle) return null
  const set = nodeId.startsWith('waypoint-') ? HANDLES.waypoint[kind] : HANDLES.card[kind]
  return set.has(handle) ? handle : null
}

/** The editor's state for an ORBAT payload (GET /api/orbat, a save's answer, or a loaded preset). */
export function toEditorState(payload: OrbatPayload): EditorState {
  const nodes: EditorNode[] = [
    ...payload.squads.map(
      (squad): EditorSquadNode => ({
        id: squadNodeId(squad.id),
        type: 'squad',
        position: { x: squad.pos_x, y: squad.pos_y },
        data: { squad: { ...squad } },
      }),
    ),
    ...payload.waypoints.map((p): EditorPointNode => pointNode('waypoint', p)),
    ...payload.pax_counters.map((p): EditorPointNode => pointNode('pax', p)),
  ]
  const ids = new Set(nodes.map((n) => n.id))
  const edges: EditorEdge[] = payload.edges
    .filter((e) => ids.has(e.source) && ids.has(e.target))
    .map((e) => ({
      id: `edge-${e.id}`,
      source: e.source,
      target: e.target,
      sourceHandle: validHandle(e.source, e.sourceHandle, 'source'),
      targetHandle: validHandle(e.target, e.targetHandle, 'target'),
      type: 'smoothstep',
    }))
  const slots: EditorSlot[] = payload.slots.map((s) => ({
    id: s.id,
    squad_id: s.squad_id,
    team: s.team,
    team_order: s.team_order,
    slot_order: s.slot_order,
    role: s.role,
    user_id: s.user_id,
    manual_username: s.manual_username,
    discord_username: s.discord_username,
    avatar: s.avatar,
    required_role_id: s.required_role_id,
    // A stored slot's member as loaded; a preset's slots are new (negative ids) and have none.
    base_user_id: s.id > 0 ? s.user_id : null,
  }))
  return { nodes, edges, slots }
}

export function pointNode(type: 'waypoint' | 'pax', point: OrbatPoint): EditorPointNode {
  return {
    id: type === 'waypoint' ? waypointNodeId(point.id) : paxNodeId(point.id),
    type,
    position: { x: point.pos_x, y: point.pos_y },
    data: {},
  }
}

/** The lowest id in use (or 0), so new temporary ids never collide with a loaded preset's. */
export function lowestId(state: EditorState): number {
  let min = 0
  for (const node of state.nodes) min = Math.min(min, parseNodeId(node.id)?.id ?? 0)
  for (const slot of state.slots) min = Math.min(min, slot.id)
  return min
}

export function squadsOf(nodes: EditorNode[]): OrbatSquad[] {
  return nodes.filter((n): n is EditorSquadNode => n.type === 'squad').map((n) => n.data.squad)
}

/** `base`, or `base 2`, `base 3`, ... : squad names are unique (the save matches slots by squadName). */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken)
  if (!names.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}`
    if (!names.has(candidate)) return candidate
  }
}

export function spacerRole(text: string): string {
  return `${SPACER_MARK}${text.trim().toUpperCase()}${SPACER_MARK}`
}

export interface EditorTeam {
  name: string
  order: number
  rows: EditorSlot[]
}

/** A squad's slots as teams in team_order, rows in slot_order (layout.ts groupTeams, keeping the editor's fields). */
export function teamsOf(slots: EditorSlot[], squadId: number): EditorTeam[] {
  const sorted = slots
    .filter((s) => s.squad_id === squadId)
    .sort((a, b) => a.team_order - b.team_order || a.slot_order - b.slot_order || a.id - b.id)
  const teams = new Map<string, EditorTeam>()
  for (const slot of sorted) {
    let team = teams.get(slot.team)
    if (!team) {
      team = { name: slot.team, order: slot.team_order, rows: [] }
      teams.set(slot.team, team)
    }
    team.rows.push(slot)
  }
  return [...teams.values()]
}

/** Pax counter: taken = total slots minus open slots, spacers not counted, only slots of squads that exist. */
export function paxCounts(slots: EditorSlot[], squadIds: ReadonlySet<number>) {
  let total = 0
  let open = 0
  for (const slot of slots) {
    if (!squadIds.has(slot.squad_id) || isSpacer(slot.role)) continue
    total += 1
    if (slot.user_id === null && slot.manual_username === null) open += 1
  }
  return { total, open, people: total - open }
}

export function newSlot(id: number, squadId: number, team: string, teamOrder: number, slotOrder: number, role: string, lock: string | null): EditorSlot {
  return {
    id,
    squad_id: squadId,
    team,
    team_order: teamOrder,
    slot_order: slotOrder,
    role,
    user_id: null,
    manual_username: null,
    discord_username: null,
    avatar: null,
    required_role_id: lock,
    base_user_id: null,
  }
}

/**
 * Moves a team one place up (-1) or down (+1) in its squad: team orders are first made 0..n-1 (stored data may
 * repeat them), then the team swaps its order with its neighbour's. Null when it cannot move.
 */
export function moveTeam(slots: EditorSlot[], squadId: number, teamName: string, direction: -1 | 1): EditorSlot[] | null {
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
export function moveSlot(slots: EditorSlot[], slotId: number, direction: -1 | 1): EditorSlot[] | null {
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

/** After deleting waypoints: each incoming edge is joined to each outgoing one (spec 1 §4). */
export function reconnectAcrossWaypoints(deletedNodeIds: ReadonlySet<string>, deletedEdges: EditorEdge[], remainingNodeIds: ReadonlySet<string>, makeId: () => string): EditorEdge[] {
  const added: EditorEdge[] = []
  for (const nodeId of deletedNodeIds) {
    if (!nodeId.startsWith('waypoint-')) continue
    const incoming = deletedEdges.filter((e) => e.target === nodeId && remainingNodeIds.has(e.source))
    const outgoing = deletedEdges.filter((e) => e.source === nodeId && remainingNodeIds.has(e.target))
    for (const a of incoming) {
      for (const b of outgoing) {
        if (a.source === b.target) continue
        added.push({ id: makeId(), source: a.source, sourceHandle: a.sourceHandle ?? null, target: b.target, targetHandle: b.targetHandle ?? null, type: 'smoothstep' })
      }
    }
  }
  return added
}

export interface SavePayload {
  squads: Array<{ id: number; name: string; pos_x: number; pos_y: number; can_be_primary_waitlist: boolean; platoon_id: number | null }>
  slots: Array<{
    id: number
    squadName: string
    team: string
    team_order: number
    slot_order: number
    role: string
    user_id: number | null
    manual_username: string | null
    required_role_id: string | null
    base_user_id: number | null
  }>
  edges: Array<{ source: string; target: string; sourceHandle: string | null; targetHandle: string | null; type: 'smoothstep' }>
  waypoints: OrbatPoint[]
  pax_counters: OrbatPoint[]
  /** Every stored slot's member as the editor last loaded them from the server (decision 012). */
  base_slots: BaseSlot[]
}

export type BaseSlot = { id: number; user_id: number | null }

/** The stored slots' members of a server payload (a preset's temporary ids are not stored slots). */
export function baseSlotsOf(payload: Pick<OrbatPayload, 'slots'>): BaseSlot[] {
  return payload.slots.filter((s) => s.id > 0).map((s) => ({ id: s.id, user_id: s.user_id }))
}

/** PUT /api/admin/orbat/save's body: only slots whose squad exists, edges between nodes that exist. */
export function toSavePayload({ nodes, edges, slots }: EditorState, baseSlots: BaseSlot[] = []): SavePayload {
  const squadNames = new Map<number, string>()
  const payload: SavePayload = { squads: [], slots: [], edges: [], waypoints: [], pax_counters: [], base_slots: baseSlots }
  for (const node of nodes) {
    const pos_x = Math.round(node.position.x)
    const pos_y = Math.round(node.position.y)
    if (node.type === 'squad') {
      const { squad } = node.data
      squadNames.set(squad.id, squad.name)
      payload.squads.push({ id: squad.id, name: squad.name, pos_x, pos_y, can_be_primary_waitlist: squad.can_be_primary_waitlist, platoon_id: squad.platoon_id })
      continue
    }
    const parsed = parseNodeId(node.id)
    if (!parsed) continue
    ;(node.type === 'waypoint' ? payload.waypoints : payload.pax_counters).push({ id: parsed.id, pos_x, pos_y })
  }
  for (const slot of slots) {
    const squadName = squadNames.get(slot.squad_id)
    if (squadName === undefined) continue
    payload.slots.push({
      id: slot.id,
      squadName,
      team: slot.team,
      team_order: slot.team_order,
      slot_order: slot.slot_order,
      role: slot.role,
      user_id: slot.user_id,
      manual_username: slot.manual_username,
      required_role_id: slot.required_role_id,
      base_user_id: slot.base_user_id,
    })
  }
  const nodeIds = new Set(nodes.map((n) => n.id))
  for (const edge of edges) {
    if (!nodeIds.has(edge.source) || !nodeIds.has(edge.target)) continue
    payload.edges.push({ source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle ?? null, targetHandle: edge.targetHandle ?? null, type: 'smoothstep' })
  }
  return payload
}
