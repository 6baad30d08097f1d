import { getViewportForBounds, Position, type Edge, type Node, type NodeHandle, type Viewport } from '@xyflow/react'
import type { OrbatPayload, OrbatSlot, OrbatSquad } from '#contracts/orbat.ts'
import { CARD_WIDTH, squadCardHeight, type CardRows } from '#contracts/orbat-layout.ts'
import { countSlots, groupTeams, isSpacer, type SlotCounts, type SquadTeam } from './rows.ts'

// The row rules live in rows.ts (no React Flow there: the list view uses them without loading the diagram).
export { countSlots, holderName, isOpen, isSpacer, spacerLabel } from './rows.ts'

// Geometry of the public ORBAT diagram. Every size the cards render with comes from here and from
// contracts/orbat-layout.ts (the squad card's rows, shared with the server's save, which keeps cards apart with them),
// so the server can give React Flow exact node dimensions (it cannot measure on the server) and the first paint never
// jumps when the browser measures the real DOM.
export { CARD, CARD_WIDTH } from '#contracts/orbat-layout.ts'

export const PAX_SIZE = { width: 176, height: 96 } as const
export const WAYPOINT_SIZE = 16

/**
 * fitView: fixed paddings in px (so the CSS pre-fit can reproduce them exactly), more at the top where the title,
 * buttons and lock banner float over the canvas, and the zoom range of the fit.
 */
export const FIT_PADDING = 24
export const FIT_PADDING_TOP = 64
const FIT_MIN_ZOOM = 0.1
export const FIT_MAX_ZOOM = 1
export const FIT_VIEW_OPTIONS = {
  padding: {
    top: `${FIT_PADDING_TOP}px`,
    right: `${FIT_PADDING}px`,
    bottom: `${FIT_PADDING}px`,
    left: `${FIT_PADDING}px`,
  },
  minZoom: FIT_MIN_ZOOM,
  maxZoom: FIT_MAX_ZOOM,
} as const
/**
 * The first view is readable on a phone too: the whole ORBAT fitted when that is at least this zoom, otherwise this
 * zoom from the content's top-left corner, and the reader pans to the rest (the Fit View control still shows it all).
 */
export const FIRST_VIEW_MIN_ZOOM = 0.75

/** The first view's viewport for a canvas of this size (diagram.css's `.orbat-prefit` computes the same in CSS). */
export function firstViewport(bounds: Bounds, width: number, height: number): Viewport {
  const fit = getViewportForBounds(bounds, width, height, FIRST_VIEW_MIN_ZOOM, FIT_MAX_ZOOM, FIT_VIEW_OPTIONS.padding)
  // Per axis: centred when the content fits across it, else its start at the padding (the fit would centre it).
  return {
    zoom: fit.zoom,
    x: Math.max(fit.x, FIT_PADDING - bounds.x * fit.zoom),
    y: Math.max(fit.y, FIT_PADDING_TOP - bounds.y * fit.zoom),
  }
}

/** Zoom range for the reader's own pan and zoom. */
export const MIN_ZOOM = 0.1
export const MAX_ZOOM = 1.5

/** The size React Flow assumes for the canvas while rendering on the server (the CSS pre-fit replaces it). */
export const NOMINAL_CANVAS = { width: 1280, height: 720 } as const

/** What a squad card holds, for its size (contracts/orbat-layout.ts). */
export function cardRows(teams: ReadonlyArray<{ rows: ReadonlyArray<{ role: string }> }>): CardRows {
  const rows = teams.flatMap((t) => t.rows)
  const spacers = rows.filter((r) => isSpacer(r.role)).length
  return { teams: teams.length, slots: rows.length - spacers, spacers }
}

type SquadNodeData = { squad: OrbatSquad; teams: SquadTeam[]; people: number; height: number }
type PaxNodeData = SlotCounts
type WaypointNodeData = Record<string, never>
export type SquadNode = Node<SquadNodeData, 'squad'>
export type PaxNode = Node<PaxNodeData, 'pax'>
export type WaypointNode = Node<WaypointNodeData, 'waypoint'>
type OrbatNode = SquadNode | PaxNode | WaypointNode

/**
 * Handle ids of squad cards and pax counters, in the order React Flow falls back to them (the first source and the
 * first target handle serve edges that name none). Each handle is a 1 px box on the card's edge, so an edge ends
 * exactly on the border.
 */
export const CARD_HANDLES = [
  { id: 'left', type: 'target', position: Position.Left },
  { id: 'right', type: 'source', position: Position.Right },
  { id: 'top', type: 'target', position: Position.Top },
  { id: 'bottom', type: 'source', position: Position.Bottom },
] as const
export const WAYPOINT_HANDLES = [
  { id: 'left', type: 'target', position: Position.Left },
  { id: 'right', type: 'source', position: Position.Right },
] as const

/** Where each handle box sits in a node of this size (what the DOM measures after hydration). */
function cardHandleBoxes(width: number, height: number): NodeHandle[] {
  const box = (id: string, type: 'source' | 'target', position: Position, x: number, y: number): NodeHandle => ({
    id,
    type,
    position,
    x,
    y,
    width: 1,
    height: 1,
  })
  return [
    box('left', 'target', Position.Left, 0, height / 2 - 0.5),
    box('right', 'source', Position.Right, width - 1, height / 2 - 0.5),
    box('top', 'target', Position.Top, width / 2 - 0.5, 0),
    box('bottom', 'source', Position.Bottom, width / 2 - 0.5, height - 1),
  ]
}

function waypointHandleBoxes(): NodeHandle[] {
  const c = WAYPOINT_SIZE / 2 - 0.5
  return [
    { id: 'left', type: 'target', position: Position.Left, x: c, y: c, width: 1, height: 1 },
    { id: 'right', type: 'source', position: Position.Right, x: c, y: c, width: 1, height: 1 },
  ]
}

interface BuildOptions {
  /**
   * Give nodes explicit handle boxes (server render and hydration: nothing can be measured yet). Afterwards the
   * handles are left out so React Flow measures them in the DOM, where a card may be 340 px wide.
   */
  explicitHandles: boolean
}

export function buildNodes(orbat: OrbatPayload, { explicitHandles }: BuildOptions): OrbatNode[] {
  const slotsBySquad = new Map<number, OrbatSlot[]>()
  for (const slot of orbat.slots) {
    const list = slotsBySquad.get(slot.squad_id)
    if (list) list.push(slot)
    else slotsBySquad.set(slot.squad_id, [slot])
  }
  const nodes: OrbatNode[] = []
  for (const squad of orbat.squads) {
    const squadSlots = slotsBySquad.get(squad.id) ?? []
    const teams = groupTeams(squadSlots)
    const height = squadCardHeight(cardRows(teams))
    nodes.push({
      id: `squad-${squad.id}`,
      type: 'squad',
      position: { x: squad.pos_x, y: squad.pos_y },
      data: { squad, teams, people: countSlots(squadSlots).people, height },
      initialWidth: CARD_WIDTH.lg,
      initialHeight: height,
      ...(explicitHandles ? { handles: cardHandleBoxes(CARD_WIDTH.lg, height) } : {}),
    })
  }
  const counts = countSlots(orbat.slots)
  for (const pax of orbat.pax_counters) {
    nodes.push({
      id: `pax-${pax.id}`,
      type: 'pax',
      position: { x: pax.pos_x, y: pax.pos_y },
      data: counts,
      initialWidth: PAX_SIZE.width,
      initialHeight: PAX_SIZE.height,
      ...(explicitHandles ? { handles: cardHandleBoxes(PAX_SIZE.width, PAX_SIZE.height) } : {}),
    })
  }
  for (const waypoint of orbat.waypoints) {
    nodes.push({
      id: `waypoint-${waypoint.id}`,
      type: 'waypoint',
      position: { x: waypoint.pos_x, y: waypoint.pos_y },
      data: {},
      initialWidth: WAYPOINT_SIZE,
      initialHeight: WAYPOINT_SIZE,
      ...(explicitHandles ? { handles: waypointHandleBoxes() } : {}),
    })
  }
  return nodes
}

/** Edges between nodes that exist; a handle id this view does not have falls back to the node's default handle. */
export function buildEdges(orbat: OrbatPayload, nodes: OrbatNode[]): Edge[] {
  const types = new Map(nodes.map((n) => [n.id, n.type]))
  const handleIds = (nodeId: string, kind: 'source' | 'target') => {
    const handles = types.get(nodeId) === 'waypoint' ? WAYPOINT_HANDLES : CARD_HANDLES
    return new Set<string>(handles.filter((h) => h.type === kind).map((h) => h.id))
  }
  return orbat.edges
    .filter((e) => types.has(e.source) && types.has(e.target))
    .map((e) => ({
      id: `edge-${e.id}`,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle && handleIds(e.source, 'source').has(e.sourceHandle) ? e.sourceHandle : null,
      targetHandle: e.targetHandle && handleIds(e.target, 'target').has(e.targetHandle) ? e.targetHandle : null,
      type: 'smoothstep',
    }))
}

interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

/** The box around every node when squad cards are `cardWidth` wide (what fitView fits). */
export function nodeBounds(nodes: OrbatNode[], cardWidth: number): Bounds | null {
  if (nodes.length === 0) return null
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const node of nodes) {
    const width = node.type === 'squad' ? cardWidth : (node.initialWidth ?? 0)
    const height = node.initialHeight ?? 0
    minX = Math.min(minX, node.position.x)
    minY = Math.min(minY, node.position.y)
    maxX = Math.max(maxX, node.position.x + width)
    maxY = Math.max(maxY, node.position.y + height)
  }
  return { x: minX, y: minY, width: Math.max(1, maxX - minX), height: Math.max(1, maxY - minY) }
}
