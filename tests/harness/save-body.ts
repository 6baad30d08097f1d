import type { OrbatPayload, OrbatSaveInput } from '#contracts/orbat.ts'

// The save body of an ORBAT as loaded (PUT /api/admin/orbat/save), for the integration tests and the browser tests
// alike: no test runner imported here.

type SaveBody = Omit<Partial<OrbatSaveInput>, 'slots'> & { slots?: Array<Record<string, unknown>> }

/** What the editor sends for an ORBAT it loaded: every slot with its squadName and its loaded holder as base. */
export function toSave(orbat: OrbatPayload): SaveBody & { slots: Array<Record<string, unknown>> } {
  const names = new Map(orbat.squads.map((s) => [s.id, s.name]))
  return {
    squads: orbat.squads.map(({ id, name, pos_x, pos_y, can_be_primary_waitlist, platoon_id }) => ({
      id,
      name,
      pos_x,
      pos_y,
      can_be_primary_waitlist,
      platoon_id,
    })),
    slots: orbat.slots.map((s) => ({
      id: s.id,
      squadName: names.get(s.squad_id)!,
      team: s.team,
      team_order: s.team_order,
      slot_order: s.slot_order,
      role: s.role,
      user_id: s.user_id,
      manual_username: s.manual_username,
      required_role_id: s.required_role_id,
    })),
    edges: orbat.edges.map(({ source, target, sourceHandle, targetHandle }) => ({
      source,
      target,
      sourceHandle,
      targetHandle,
      type: 'smoothstep' as const,
    })),
    waypoints: orbat.waypoints,
    pax_counters: orbat.pax_counters,
    base_slots: orbat.slots.map((s) => ({ id: s.id, user_id: s.user_id })),
  }
}
