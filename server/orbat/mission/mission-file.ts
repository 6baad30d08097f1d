import type { HeldSlot, MissionImport, MissionProposal } from '#contracts/mission-file.ts'
import type { OrbatPayload, OrbatSaveInput } from '#contracts/orbat.ts'
import { CARD_GAP, SQUAD_GRID, squadCardSize } from '#contracts/orbat-layout.ts'
import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../../context.ts'
import { loadOrbat } from '../orbat.ts'
import { saveOrbatLayout, type SaveResult } from '../save.ts'
import { exportMissionOffThread, readMissionOffThread } from './pool.ts'

export { proposalView } from './mission.ts'

// The mission file round trip against the stored ORBAT (docs/rules/orbat.md, The mission file). The import's apply is
// the ordinary ORBAT save, so everything the save promises holds: one transaction, the audit entry, the live push,
// sign-ups made meanwhile never dropped, open slots filled from the waitlist.

const isSpacer = (role: string) => /^-{3}.*-{3}$/.test(role)
const COLUMNS = 4
const snap = (n: number) => Math.round(n / SQUAD_GRID) * SQUAD_GRID

/**
 * The save that turns the stored ORBAT into the proposal: a squad of the same name keeps its row (platoon, waitlist
 * flag, Discord mapping), a slot of the same name in it keeps its row and holder (the k-th of a name the k-th), the
 * rest is new; squads and slots the mission lacks are deleted. Waypoints, pax counters and the edges between kept
 * cards stay. Cards are laid out in the mission's order, four to a row.
 */
export function importSave(proposal: MissionProposal, orbat: OrbatPayload) {
  const storedSquad = new Map(orbat.squads.map((s) => [s.name, s]))
  const storedSlots = new Map<number, OrbatPayload['slots']>()
  for (const slot of orbat.slots) {
    if (isSpacer(slot.role)) continue
    storedSlots.set(slot.squad_id, [...(storedSlots.get(slot.squad_id) ?? []), slot])
  }
  const reused = new Set<number>()
  const squads: OrbatSaveInput['squads'] = []
  const slots: OrbatSaveInput['slots'] = []
  // The grid starts where the old ORBAT's cards started, so waypoints and pax counters keep their place beside it.
  const left = orbat.squads.length ? Math.min(...orbat.squads.map((s) => s.pos_x)) : 0
  let rowTop = orbat.squads.length ? Math.min(...orbat.squads.map((s) => s.pos_y)) : 0
  let rowHeight = 0
  proposal.forEach((squad, index) => {
    const stored = storedSquad.get(squad.name)
    const size = squadCardSize({
      teams: squad.teams.length,
      slots: squad.teams.reduce((n, t) => n + t.slots.length, 0),
      spacers: 0,
    })
    if (index % COLUMNS === 0 && index > 0) {
      rowTop += rowHeight + CARD_GAP
      rowHeight = 0
    }
    rowHeight = Math.max(rowHeight, size.height)
    squads.push({
      id: stored?.id ?? `mission-${index + 1}`,
      name: squad.name,
      pos_x: snap(left + (index % COLUMNS) * (size.width + CARD_GAP)),
      pos_y: snap(rowTop),
      can_be_primary_waitlist: stored?.can_be_primary_waitlist ?? false,
      platoon_id: stored?.platoon_id ?? null,
    })
    const open = [...(stored ? (storedSlots.get(stored.id) ?? []) : [])]
    squad.teams.forEach((team, teamOrder) =>
      team.slots.forEach((slot, slotOrder) => {
        const match = open.findIndex((s) => s.role === slot.name)
        const keep = match < 0 ? undefined : open.splice(match, 1)[0]!
        if (keep) reused.add(keep.id)
        slots.push({
          id: keep?.id,
          squadName: squad.name,
          team: team.name,
          team_order: teamOrder,
          slot_order: slotOrder,
          role: slot.name,
          user_id: keep?.user_id ?? null,
          manual_username: keep?.manual_username ?? null,
          required_role_id: keep?.required_role_id ?? null,
        })
      }),
    )
  })
  const keptSquadIds = new Set(squads.flatMap((s) => (typeof s.id === 'number' ? [s.id] : [])))
  const nodes = new Set([
    ...[...keptSquadIds].map((id) => `squad-${id}`),
    ...orbat.waypoints.map((w) => `waypoint-${w.id}`),
    ...orbat.pax_counters.map((p) => `pax-${p.id}`),
  ])
  const squadName = new Map(orbat.squads.map((s) => [s.id, s.name]))
  const held = (s: OrbatPayload['slots'][number]) => ({
    slot: `${s.role || 'a slot'} (${squadName.get(s.squad_id) ?? ''})`,
    member: s.discord_username ?? s.manual_username ?? '',
  })
  const holds = (s: OrbatPayload['slots'][number]) => s.user_id !== null || s.manual_username !== null
  const input: OrbatSaveInput = {
    squads,
    slots,
    edges: orbat.edges
      .filter((e) => nodes.has(e.source) && nodes.has(e.target))
      .map((e) => ({ source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle })),
    waypoints: orbat.waypoints.map((w) => ({ id: w.id, pos_x: w.pos_x, pos_y: w.pos_y })),
    pax_counters: orbat.pax_counters.map((p) => ({ id: p.id, pos_x: p.pos_x, pos_y: p.pos_y })),
    // What this import saw: a member who signs up after this read makes the save refuse rather than lose them.
    base_slots: orbat.slots.map((s) => ({ id: s.id, user_id: s.user_id })),
  }
  return {
    input,
    kept: orbat.slots.filter((s) => reused.has(s.id) && holds(s)).map(held),
    freed: orbat.slots.filter((s) => !reused.has(s.id) && !isSpacer(s.role) && holds(s)).map(held),
  }
}

/** The preview: the proposal, what it leaves out, which held slots stay or are freed, whether it was binarized. */
export async function previewImport(db: DbOrTx, bytes: Uint8Array): Promise<MissionImport> {
  const { squads, skipped, binarized } = await readMissionOffThread(bytes)
  const { kept, freed } = importSave(squads, await loadOrbat(db))
  return { squads, skipped, freed, kept, binarized }
}

/** Applies a proposal through the ordinary ORBAT save; the version it writes says it came from a mission file. */
export async function applyImport(services: AppServices, admin: User, proposal: MissionProposal) {
  const { input } = importSave(proposal, await loadOrbat(services.db))
  return saveOrbatLayout(services, admin, input, { via: 'import', note: 'Imported from a mission file' })
}

const heldKey = (held: HeldSlot) => `${held.member}\u0000${held.slot}`

/**
 * The page's Apply, which asks first (docs/rules/orbat.md, The mission file): it saves only when every held slot it
 * frees was named in the question the admin confirmed (`confirmed`: none asked yet is an empty list). Otherwise
 * nothing changes and the answer is what to ask: who it frees and who it keeps, as of now. The save's base is this
 * read, so a sign-up after it makes the save refuse (409) rather than free someone nobody was asked about.
 */
export async function applyConfirmedImport(
  services: AppServices,
  admin: User,
  proposal: MissionProposal,
  confirmed: readonly HeldSlot[],
): Promise<{ saved: SaveResult } | { ask: { freed: HeldSlot[]; kept: HeldSlot[] } }> {
  const { input, freed, kept } = importSave(proposal, await loadOrbat(services.db))
  const asked = new Set(confirmed.map(heldKey))
  if (freed.some((held) => !asked.has(heldKey(held)))) return { ask: { freed, kept } }
  return {
    saved: await saveOrbatLayout(services, admin, input, { via: 'import', note: 'Imported from a mission file' }),
  }
}

/** The mission file with the stored ORBAT written into it; a binarized file is answered as its text form. */
export async function exportToMission(db: DbOrTx, bytes: Uint8Array) {
  const orbat = await loadOrbat(db)
  return exportMissionOffThread(bytes, { squads: orbat.squads, slots: orbat.slots })
}
