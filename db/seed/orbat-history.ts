// The demo unit's ORBAT memory (docs/rules/orbat-history.md): three versions of the ORBAT (the first without the air
// element, then Raven (Air) added, then a slot renamed and a lock changed), and the past operations linked to the
// ORBAT with their frozen ORBATs. The demo users Reyes and Novak held slots in two of them; Novak was not marked
// present at Broken Anvil, so he shows as held-but-absent there.
import { asc, eq } from 'drizzle-orm'
import { diffLayouts, summarise } from '../../contracts/orbat-diff.ts'
import type { OrbatSnapshot, VersionLayout } from '../../contracts/orbat-history.ts'
import type { Tx } from '../client.ts'
import { eventOrbatHolders, eventOrbatSnapshots, orbatVersions } from '../schema/orbat-history.ts'
import { orbatEdges, orbatPaxCounters, orbatWaypoints, platoons, slots, squads } from '../schema/orbat.ts'
import { events } from '../schema/roster.ts'
import { users } from '../schema/users-sessions.ts'

const DAY_MS = 86_400_000
const SPACER = /^---.*---$/

async function layoutNow(tx: Tx): Promise<VersionLayout> {
  const [squadRows, platoonRows, slotRows, edgeRows, waypointRows, paxRows] = await Promise.all([
    tx.select().from(squads).orderBy(asc(squads.pos_x), asc(squads.id)),
    tx.select().from(platoons),
    // A member's slot is held by their account: its name is the member's (the seed names accounts after them).
    tx
      .select({ slot: slots, account: users.display_name })
      .from(slots)
      .leftJoin(users, eq(users.id, slots.user_id))
      .orderBy(asc(slots.squad_id), asc(slots.team_order), asc(slots.slot_order), asc(slots.id)),
    tx.select().from(orbatEdges).orderBy(asc(orbatEdges.id)),
    tx.select().from(orbatWaypoints).orderBy(asc(orbatWaypoints.id)),
    tx.select().from(orbatPaxCounters).orderBy(asc(orbatPaxCounters.id)),
  ])
  const platoonName = new Map(platoonRows.map((p) => [p.id, p.name]))
  return {
    squads: squadRows.map((s) => ({
      id: s.id,
      name: s.name,
      pos_x: s.pos_x,
      pos_y: s.pos_y,
      can_be_primary_waitlist: s.can_be_primary_waitlist,
      platoon_id: s.platoon_id,
      platoon_name: s.platoon_id === null ? null : (platoonName.get(s.platoon_id) ?? null),
    })),
    slots: slotRows.map(({ slot: s, account }) => ({
      id: s.id,
      squad_id: s.squad_id,
      team: s.team,
      team_order: s.team_order,
      slot_order: s.slot_order,
      role: s.role,
      required_role_id: s.required_role_id,
      user_id: s.user_id,
      manual_username: s.manual_username,
      holder: s.manual_username ?? account,
    })),
    edges: edgeRows.map((e) => ({
      source: e.source,
      target: e.target,
      source_handle: e.source_handle,
      target_handle: e.target_handle,
    })),
    waypoints: waypointRows.map((w) => ({ id: w.id, pos_x: w.pos_x, pos_y: w.pos_y })),
    pax_counters: paxRows.map((p) => ({ id: p.id, pos_x: p.pos_x, pos_y: p.pos_y })),
  }
}

/** The demo ORBAT's three versions, the newest being the ORBAT as seeded. */
async function seedVersions(tx: Tx, now: Date) {
  const current = await layoutNow(tx)
  const raven = current.squads.find((s) => s.name === 'Raven (Air)')
  const alpha = current.squads.find((s) => s.name === 'Alpha')
  if (!raven || !alpha) throw new Error('seed: the demo ORBAT has no Raven (Air) or Alpha')
  // Before the last save: Alpha's Autorifleman was a Machine Gunner and its Rifleman (AT) was unlocked.
  const second: VersionLayout = {
    ...current,
    slots: current.slots.map((s) =>
      s.squad_id !== alpha.id
        ? s
        : s.role === 'Autorifleman'
          ? { ...s, role: 'Machine Gunner' }
          : s.role === 'Rifleman (AT)'
            ? { ...s, required_role_id: null }
            : s,
    ),
  }
  // The first: no air element yet.
  const ravenNode = `squad-${raven.id}`
  const first: VersionLayout = {
    ...second,
    squads: second.squads.filter((s) => s.id !== raven.id),
    slots: second.slots.filter((s) => s.squad_id !== raven.id),
    edges: second.edges.filter((e) => e.source !== ravenNode && e.target !== ravenNode),
  }
  const versions = [
    { layout: first, daysAgo: 45, actor: 'System', via: 'seed' as const, before: null },
    { layout: second, daysAgo: 20, actor: 'Cpt. Miller', via: 'editor' as const, before: first },
    { layout: current, daysAgo: 3, actor: 'Cpt. Miller', via: 'editor' as const, before: second },
  ]
  await tx.insert(orbatVersions).values(
    versions.map((v) => ({
      at: new Date(now.getTime() - v.daysAgo * DAY_MS),
      actor: v.actor,
      via: v.via,
      summary: summarise(diffLayouts(v.before, v.layout)),
      layout: v.layout,
    })),
  )
  return current
}

/** Who holds each slot in an operation: the seeded names, plus the demo users placed for it. */
function snapshotOf(
  layout: VersionLayout,
  placed: Record<string, string>,
  memberId: (name: string) => number | null,
): {
  squads: OrbatSnapshot['squads']
  holders: Array<{ member_id: number; squad: string; team: string; slot: string }>
} {
  const holders: Array<{ member_id: number; squad: string; team: string; slot: string }> = []
  const squadsOut: OrbatSnapshot['squads'] = layout.squads.map((squad) => {
    const teams: OrbatSnapshot['squads'][number]['teams'] = []
    for (const slot of layout.slots.filter((s) => s.squad_id === squad.id)) {
      let team = teams.at(-1)
      if (!team || team.name !== slot.team) teams.push((team = { name: slot.team, slots: [] }))
      const spacer = SPACER.test(slot.role)
      const holder = spacer ? null : (placed[`${squad.name}/${slot.team}/${slot.role}`] ?? slot.holder)
      const named = holder ? memberId(holder) : null
      // One person, one slot: a name that already holds one stays a name only.
      const member = named !== null && !holders.some((h) => h.member_id === named) ? named : null
      team.slots.push({
        id: slot.id,
        role: slot.role,
        required_role_id: slot.required_role_id,
        holder,
        member_id: member,
      })
      if (member !== null) holders.push({ member_id: member, squad: squad.name, team: slot.team, slot: slot.role })
    }
    return { id: squad.id, name: squad.name, platoon: squad.platoon_name, teams }
  })
  return { squads: squadsOut, holders }
}

export async function seedOrbatHistory(
  tx: Tx,
  now: Date,
  operations: Array<{ eventId: number; placed: Record<string, string>; waitlist: string[] }>,
  memberId: (name: string) => number | null,
): Promise<void> {
  const layout = await seedVersions(tx, now)
  for (const op of operations) {
    const [event] = await tx
      .update(events)
      .set({ orbat_linked: true })
      .where(eq(events.id, op.eventId))
      .returning({ date: events.date })
    if (!event) throw new Error(`seed: no event ${op.eventId}`)
    const { squads: frozen, holders } = snapshotOf(layout, op.placed, memberId)
    await tx.insert(eventOrbatSnapshots).values({
      event_id: op.eventId,
      taken_at: event.date,
      squads: frozen,
      waitlist: op.waitlist.map((name, i) => ({
        position: i + 1,
        name,
        member_id: memberId(name),
        squad_preference: null,
      })),
    })
    await tx.insert(eventOrbatHolders).values(holders.map((h) => ({ event_id: op.eventId, ...h })))
  }
}
