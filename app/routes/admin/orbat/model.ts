import type { Edge, Node } from '@xyflow/react'
import { cardRows, countSlots, PAX_SIZE, WAYPOINT_SIZE } from '#app/components/orbat/layout.ts'
import { squadCardSize, type Box } from '#contracts/orbat-layout.ts'
import type {
  AssignableMember,
  OrbatPayload,
  OrbatPoint,
  OrbatSaveBody,
  OrbatSlot,
  OrbatSquad,
} from '#contracts/orbat.ts'

// The admin editor's diagram and its conversions to and from the server's shapes (changes are held locally and only
// persist on Save ORBAT). Nodes and edges are React Flow's own arrays (so it keeps its measured sizes and selection);
// slots live beside them, keyed to squads by id. Ids <= 0 are new rows (temporary ids). The changes themselves are
// reducer.ts.

/**
 * A slot as the editor holds it: `base_user_id` is the member it had when the editor loaded it (save contract);
 * `lock_from_default` marks a new slot's lock that nobody chose yet (the first eligible role), shown until the admin
 * keeps or changes it. Neither is saved as such. Its reservations for an allied unit are `own_reserved_for` (the slot's
 * own) and `team_reserved_for` (its team's: every slot of a team carries the same), saved as the slot's and the
 * `teams` list's; a squad's is the squad's `reserved_for`.
 */
export type EditorSlot = OrbatSlot & { base_user_id: number | null; lock_from_default: boolean }

type SquadNodeData = { squad: OrbatSquad }
export type EditorSquadNode = Node<SquadNodeData, 'squad'>
export type EditorPointNode = Node<Record<string, never>, 'waypoint' | 'pax'>
export type EditorNode = EditorSquadNode | EditorPointNode
export type EditorEdge = Edge

export interface EditorDiagram {
  nodes: EditorNode[]
  edges: EditorEdge[]
  slots: EditorSlot[]
}

/**
 * Grid snap 20 for squads, 1 for waypoints and pax counters; new waypoints at 200,200, new squads there too when that
 * is free (else in free space: reducer.ts addSquad).
 */
export { SQUAD_GRID } from '#contracts/orbat-layout.ts'
export const POINT_GRID = 1
export const NEW_NODE_POSITION = { x: 200, y: 200 } as const
export const DUPLICATE_OFFSET = 40
export const DEFAULT_TEAM = 'Team 1'
export const DEFAULT_ROLE = 'Rifleman'
/** The mark on a new slot's lock that came by default, until the admin keeps or changes it. */
export const DEFAULT_LOCK_MARK = 'Default lock — check it'
const SPACER_MARK = '---'

export const squadNodeId = (id: number) => `squad-${id}`
const waypointNodeId = (id: number) => `waypoint-${id}`
const paxNodeId = (id: number) => `pax-${id}`

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

/** The editor's diagram for an ORBAT payload (GET /api/orbat, a save's answer, or a loaded preset). */
export function toEditorState(payload: OrbatPayload): EditorDiagram {
  const nodes: EditorNode[] = [
    ...payload.squads.map((squad): EditorSquadNode => ({
      id: squadNodeId(squad.id),
      type: 'squad',
      position: { x: squad.pos_x, y: squad.pos_y },
      data: { squad: { ...squad } },
    })),
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
  // A stored slot's member as loaded; a preset's slots are new (negative ids) and have none.
  const slots: EditorSlot[] = payload.slots.map((s) => ({
    ...s,
    base_user_id: s.id > 0 ? s.user_id : null,
    lock_from_default: false,
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
export function lowestId(diagram: Pick<EditorDiagram, 'nodes' | 'slots'>): number {
  let min = 0
  for (const node of diagram.nodes) min = Math.min(min, parseNodeId(node.id)?.id ?? 0)
  for (const slot of diagram.slots) min = Math.min(min, slot.id)
  return min
}

export function squadsOf(nodes: EditorNode[]): OrbatSquad[] {
  return nodes.filter((n): n is EditorSquadNode => n.type === 'squad').map((n) => n.data.squad)
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

/**
 * The room a node takes on the diagram: a squad card as the diagrams draw it (contracts/orbat-layout.ts), or as
 * measured when its edit view is taller; a pax counter or waypoint as measured.
 */
export function nodeBox(node: EditorNode, slots: EditorSlot[]): Box {
  const { x, y } = node.position
  const measured = { width: node.measured?.width ?? 0, height: node.measured?.height ?? 0 }
  if (node.type === 'squad') {
    const drawn = squadCardSize(cardRows(teamsOf(slots, node.data.squad.id)))
    return { x, y, width: Math.max(drawn.width, measured.width), height: Math.max(drawn.height, measured.height) }
  }
  const drawn = node.type === 'pax' ? PAX_SIZE : { width: WAYPOINT_SIZE, height: WAYPOINT_SIZE }
  return { x, y, width: measured.width || drawn.width, height: measured.height || drawn.height }
}

/** Pax counter: taken = total slots minus open slots, spacers not counted, only slots of squads that exist. */
export function paxCounts(slots: EditorSlot[], squadIds: ReadonlySet<number>) {
  return countSlots(slots.filter((s) => squadIds.has(s.squad_id)))
}

export type BaseSlot = { id: number; user_id: number | null }

/** The stored slots' members of a server payload (a preset's temporary ids are not stored slots). */
export function baseSlotsOf(payload: Pick<OrbatPayload, 'slots'>): BaseSlot[] {
  return payload.slots.filter((s) => s.id > 0).map((s) => ({ id: s.id, user_id: s.user_id }))
}

/** PUT /api/admin/orbat/save's body: only slots whose squad exists, edges between nodes that exist. */
export function toSavePayload({ nodes, edges, slots }: EditorDiagram, baseSlots: BaseSlot[] = []) {
  const squadNames = new Map<number, string>()
  const payload = {
    squads: [] as OrbatSaveBody['squads'],
    slots: [] as OrbatSaveBody['slots'],
    edges: [] as NonNullable<OrbatSaveBody['edges']>,
    waypoints: [] as OrbatPoint[],
    pax_counters: [] as OrbatPoint[],
    /** Every team's reservation for an allied unit (docs/rules/orbat.md, Reservations for allied units). */
    teams: [] as NonNullable<OrbatSaveBody['teams']>,
    /** Every stored slot's member as the editor last loaded them from the server (decision 012). */
    base_slots: baseSlots,
  } satisfies OrbatSaveBody
  for (const node of nodes) {
    const pos_x = Math.round(node.position.x)
    const pos_y = Math.round(node.position.y)
    if (node.type === 'squad') {
      const { squad } = node.data
      squadNames.set(squad.id, squad.name)
      payload.squads.push({
        id: squad.id,
        name: squad.name,
        pos_x,
        pos_y,
        can_be_primary_waitlist: squad.can_be_primary_waitlist,
        platoon_id: squad.platoon_id,
        reserved_for: squad.reserved_for ?? null,
      })
      for (const team of teamsOf(slots, squad.id))
        payload.teams.push({
          squadName: squad.name,
          team: team.name,
          reserved_for: team.rows[0]?.team_reserved_for ?? null,
        })
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
      reserved_for: slot.own_reserved_for ?? null,
      base_user_id: slot.base_user_id,
    })
  }
  const nodeIds = new Set(nodes.map((n) => n.id))
  for (const edge of edges) {
    if (!nodeIds.has(edge.source) || !nodeIds.has(edge.target)) continue
    payload.edges.push({
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      targetHandle: edge.targetHandle ?? null,
      type: 'smoothstep',
    })
  }
  return payload
}

/** An allied unit a squad, team or slot can be reserved for, as the editor offers it. */
export interface AllyOption {
  id: number
  name: string
  tag: string
}

/** The allied unit of a stored reservation; one deleted since the editor loaded is named by its id. */
export function allyOf(allies: readonly AllyOption[], id: number | null | undefined): AllyOption | null {
  if (id === null || id === undefined) return null
  return allies.find((a) => a.id === id) ?? { id, name: `Allied unit ${id}`, tag: `#${id}` }
}

/** Who holds a slot as the editor shows it: a member (a guest with their allied unit's tag), a typed name, or null. */
export function editorHolderName(slot: EditorSlot): string | null {
  if (slot.user_id === null) return slot.manual_username
  const name = slot.discord_username ?? 'Member'
  return slot.holder?.guest_of ? `${name} [${slot.holder.guest_of}]` : name
}

/** The roster member a typed or picked name means (case and spaces aside), a linked one first; null for a free name. */
export function rosterMatch(members: readonly AssignableMember[], name: string): AssignableMember | null {
  const key = name.trim().toLowerCase()
  if (!key) return null
  const matches = members.filter((m) => m.name.trim().toLowerCase() === key)
  return matches.find((m) => m.user_id !== null) ?? matches[0] ?? null
}
