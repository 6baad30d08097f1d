import { asc, eq } from 'drizzle-orm'
import type { PresetItem, PresetNameInput } from '#contracts/settings.ts'
import type { DbOrTx } from '#db/client.ts'
import {
  orbatEdges,
  orbatNodeId,
  orbatPaxCounters,
  orbatPresets,
  orbatWaypoints,
  platoons,
  slots,
  squads,
  type OrbatPresetLayout,
} from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { assertNameFree } from '../names.ts'
import { runTransaction } from '../transaction.ts'
import type { OrbatEdge, OrbatPayload, OrbatPoint, OrbatSlot, OrbatSquad } from './orbat.ts'

// ORBAT presets (/api/admin/orbat/presets; docs/rules/orbat.md, Presets): a preset stores the current layout without
// people; loading returns it in the GET /api/orbat shape for the editor and changes nothing until the editor saves.

/** A loaded preset: the /api/orbat payload with no people; slots carry squadName as the save contract wants. */
export interface LoadedPreset extends OrbatPayload {
  id: number
  name: string
  slots: Array<OrbatSlot & { squadName: string }>
}

const PRESET_NAMES = { table: orbatPresets, id: orbatPresets.id, name: orbatPresets.name }
const nameTaken = (name: string) => `A preset named "${name}" already exists.`

export async function listPresets(db: DbOrTx): Promise<PresetItem[]> {
  return db
    .select({ id: orbatPresets.id, name: orbatPresets.name })
    .from(orbatPresets)
    .orderBy(asc(orbatPresets.name), asc(orbatPresets.id))
}

/** The current ORBAT as a preset layout: positions, teams, slots, locks and the diagram, without people. */
async function currentLayout(db: DbOrTx): Promise<OrbatPresetLayout> {
  const [squadRows, slotRows, edgeRows, waypointRows, paxRows] = await Promise.all([
    db.select().from(squads).orderBy(asc(squads.pos_x), asc(squads.id)),
    db.select().from(slots).orderBy(asc(slots.squad_id), asc(slots.team_order), asc(slots.slot_order), asc(slots.id)),
    db.select().from(orbatEdges).orderBy(asc(orbatEdges.id)),
    db.select().from(orbatWaypoints).orderBy(asc(orbatWaypoints.id)),
    db.select().from(orbatPaxCounters).orderBy(asc(orbatPaxCounters.id)),
  ])
  return {
    squads: squadRows.map((s) => ({
      node_id: orbatNodeId.squad(s.id),
      name: s.name,
      pos_x: s.pos_x,
      pos_y: s.pos_y,
      can_be_primary_waitlist: s.can_be_primary_waitlist,
      platoon_id: s.platoon_id,
      slots: slotRows
        .filter((slot) => slot.squad_id === s.id)
        .map((slot) => ({
          team: slot.team,
          team_order: slot.team_order,
          slot_order: slot.slot_order,
          role: slot.role,
          required_role_id: slot.required_role_id,
        })),
    })),
    edges: edgeRows.map((e) => ({
      source: e.source,
      target: e.target,
      source_handle: e.source_handle,
      target_handle: e.target_handle,
      type: e.type,
    })),
    waypoints: waypointRows.map((w) => ({ node_id: orbatNodeId.waypoint(w.id), pos_x: w.pos_x, pos_y: w.pos_y })),
    pax_counters: paxRows.map((p) => ({ node_id: orbatNodeId.paxCounter(p.id), pos_x: p.pos_x, pos_y: p.pos_y })),
  }
}

// Saving, renaming or deleting a preset changes no copy anyone keeps (changes: []): the live ORBAT shows no preset.
export function savePreset(services: AppServices, admin: User, input: PresetNameInput): Promise<PresetItem> {
  return runTransaction(
    services,
    async (tx) => {
      await assertNameFree(tx, PRESET_NAMES, input.name, nameTaken(input.name))
      const layout = await currentLayout(tx)
      const [row] = await tx
        .insert(orbatPresets)
        .values({ name: input.name, layout })
        .returning({ id: orbatPresets.id, name: orbatPresets.name })
      const slotCount = layout.squads.reduce((n, s) => n + s.slots.length, 0)
      await recordAudit(tx, admin, 'Preset saved', `${input.name}: ${layout.squads.length} squads, ${slotCount} slots.`)
      return row!
    },
    { name: 'save preset', changes: [] },
  )
}

export function renamePreset(
  services: AppServices,
  admin: User,
  id: number,
  input: PresetNameInput,
): Promise<PresetItem> {
  return runTransaction(
    services,
    async (tx) => {
      const [current] = await tx
        .select({ name: orbatPresets.name })
        .from(orbatPresets)
        .where(eq(orbatPresets.id, id))
        .for('update')
        .limit(1)
      if (!current) throw new NotFound('Preset not found.')
      await assertNameFree(tx, PRESET_NAMES, input.name, nameTaken(input.name), id)
      const [row] = await tx
        .update(orbatPresets)
        .set({ name: input.name })
        .where(eq(orbatPresets.id, id))
        .returning({ id: orbatPresets.id, name: orbatPresets.name })
      await recordAudit(tx, admin, 'Preset renamed', `${current.name} -> ${input.name}`)
      return row!
    },
    { name: 'rename preset', changes: [] },
  )
}

export function deletePreset(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx
        .delete(orbatPresets)
        .where(eq(orbatPresets.id, id))
        .returning({ name: orbatPresets.name })
      if (!removed) throw new NotFound('Preset not found.')
      await recordAudit(tx, admin, 'Preset deleted', removed.name)
    },
    { name: 'delete preset', changes: [] },
  )
}

/**
 * The preset as an editor payload. Nothing is written. Squads, slots, waypoints and pax counters get temporary
 * negative ids (new to the editor: they match no stored row), and edges are re-pointed at those ids. A platoon that
 * no longer exists is dropped (unassigned).
 */
export async function loadPreset(db: DbOrTx, id: number): Promise<LoadedPreset> {
  const [preset] = await db.select().from(orbatPresets).where(eq(orbatPresets.id, id)).limit(1)
  if (!preset) throw new NotFound('Preset not found.')
  const layout: Partial<OrbatPresetLayout> = preset.layout ?? {}
  const platoonIds = new Set((await db.select({ id: platoons.id }).from(platoons)).map((p) => p.id))

  let nextId = 0
  const tempId = () => --nextId
  const nodeIds = new Map<string, string>()
  const outSquads: OrbatSquad[] = []
  const outSlots: LoadedPreset['slots'] = []
  for (const squad of layout.squads ?? []) {
    const squadId = tempId()
    nodeIds.set(squad.node_id, orbatNodeId.squad(squadId))
    outSquads.push({
      id: squadId,
      name: squad.name,
      pos_x: squad.pos_x,
      pos_y: squad.pos_y,
      can_be_primary_waitlist: squad.can_be_primary_waitlist,
      platoon_id: squad.platoon_id !== null && platoonIds.has(squad.platoon_id) ? squad.platoon_id : null,
      discord_channel_id: null,
    })
    for (const slot of squad.slots ?? []) {
      outSlots.push({
        id: tempId(),
        squad_id: squadId,
        squadName: squad.name,
        team: slot.team,
        team_order: slot.team_order,
        slot_order: slot.slot_order,
        role: slot.role,
        user_id: null,
        manual_username: null,
        discord_username: null,
        avatar: null,
        required_role_id: slot.required_role_id,
      })
    }
  }
  const points = (
    list: Array<{ node_id: string; pos_x: number; pos_y: number }> | undefined,
    node: (id: number) => string,
  ): OrbatPoint[] =>
    (list ?? []).map((p) => {
      const pointId = tempId()
      nodeIds.set(p.node_id, node(pointId))
      return { id: pointId, pos_x: p.pos_x, pos_y: p.pos_y }
    })
  const waypoints = points(layout.waypoints, orbatNodeId.waypoint)
  const paxCounters = points(layout.pax_counters, orbatNodeId.paxCounter)
  const edges: OrbatEdge[] = []
  for (const edge of layout.edges ?? []) {
    const source = nodeIds.get(edge.source)
    const target = nodeIds.get(edge.target)
    // An edge whose end is not part of the layout would dangle in the editor: leave it out.
    if (!source || !target) continue
    edges.push({
      id: tempId(),
      source,
      target,
      sourceHandle: edge.source_handle,
      targetHandle: edge.target_handle,
      type: 'smoothstep',
    })
  }
  return {
    id: preset.id,
    name: preset.name,
    squads: outSquads,
    slots: outSlots,
    edges,
    waypoints,
    pax_counters: paxCounters,
  }
}
