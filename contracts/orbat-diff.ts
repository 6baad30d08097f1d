import type { VersionDiff, VersionLayout, VersionSlot } from './orbat-history.ts'
import { isSpacer, spacerLabel } from './spacer.ts'
import { countOf } from './plural.ts'

// What changed between two ORBAT versions (docs/rules/orbat-history.md), computed from the two stored layouts by row
// id, so it needs nothing but them: the server's history and the demo seed use it alike.

const emptyLayout: VersionLayout = { squads: [], slots: [], edges: [], waypoints: [], pax_counters: [] }

/** What changed from `before` to `after`, row by row (a layout without a predecessor is all added). */
export function diffLayouts(before: VersionLayout | null, after: VersionLayout): VersionDiff {
  const prev = before ?? emptyLayout
  const squadName = (layout: VersionLayout) => new Map(layout.squads.map((s) => [s.id, s.name]))
  const prevSquads = squadName(prev)
  const nextSquads = squadName(after)
  // A slot's reservation for an allied unit as it applied: its own, else its team's, else its squad's.
  const reservationOf = (layout: VersionLayout) => {
    const squadReserved = new Map(layout.squads.map((s) => [s.id, s.reserved_for ?? null]))
    return (slot: VersionSlot) =>
      slot.reserved_for ?? slot.team_reserved_for ?? squadReserved.get(slot.squad_id) ?? null
  }
  const prevReserved = reservationOf(prev)
  const nextReserved = reservationOf(after)
  const diff: VersionDiff = {
    squads: { added: [], removed: [], renamed: [] },
    teams: { added: [], removed: [], renamed: [] },
    slots: { added: [], removed: [], renamed: [], locks: [], reservations: [] },
    headings: { added: [], removed: [], renamed: [] },
    assignments: [],
  }
  for (const [id, name] of nextSquads) {
    const was = prevSquads.get(id)
    if (was === undefined) diff.squads.added.push(name)
    else if (was !== name) diff.squads.renamed.push({ from: was, to: name })
  }
  for (const [id, name] of prevSquads) if (!nextSquads.has(id)) diff.squads.removed.push(name)

  // Teams have no id: a team is its squad and name. A team whose every slot moved to one new team was renamed.
  const teamKey = (slot: VersionSlot) => `${slot.squad_id}\u0000${slot.team}`
  const teamsOf = (layout: VersionLayout) => {
    const teams = new Map<string, { squad_id: number; team: string; slotIds: number[] }>()
    for (const slot of layout.slots) {
      const key = teamKey(slot)
      const team = teams.get(key) ?? { squad_id: slot.squad_id, team: slot.team, slotIds: [] }
      team.slotIds.push(slot.id)
      teams.set(key, team)
    }
    return teams
  }
  const prevTeams = teamsOf(prev)
  const nextTeams = teamsOf(after)
  const nextSlotById = new Map(after.slots.map((s) => [s.id, s]))
  const renamedTo = new Set<string>()
  for (const [key, team] of prevTeams) {
    if (nextTeams.has(key)) continue
    const squad = prevSquads.get(team.squad_id) ?? ''
    const targets = new Set(team.slotIds.map((id) => nextSlotById.get(id)).map((s) => (s ? teamKey(s) : '')))
    const [target] = targets
    if (targets.size === 1 && target && !prevTeams.has(target) && !renamedTo.has(target)) {
      const next = nextTeams.get(target)!
      if (next.squad_id === team.squad_id) {
        renamedTo.add(target)
        diff.teams.renamed.push({ squad, from: team.team, to: next.team })
        continue
      }
    }
    if (nextSquads.has(team.squad_id)) diff.teams.removed.push({ squad, team: team.team })
  }
  for (const [key, team] of nextTeams) {
    if (prevTeams.has(key) || renamedTo.has(key) || !prevSquads.has(team.squad_id)) continue
    diff.teams.added.push({ squad: nextSquads.get(team.squad_id) ?? '', team: team.team })
  }

  const place = (layout: Map<number, string>, slot: VersionSlot) => ({
    squad: layout.get(slot.squad_id) ?? '',
    team: slot.team,
    role: slot.role,
  })
  const prevSlotById = new Map(prev.slots.map((s) => [s.id, s]))
  const heading = (layout: Map<number, string>, slot: VersionSlot) => ({
    squad: layout.get(slot.squad_id) ?? '',
    team: slot.team,
    text: spacerLabel(slot.role),
  })
  for (const slot of after.slots) {
    const was = prevSlotById.get(slot.id)
    // Heading rows are told apart: a row that was or became one is a heading added or removed, never a slot.
    if (isSpacer(slot.role) || (was && isSpacer(was.role))) {
      if (was && isSpacer(was.role) && isSpacer(slot.role)) {
        if (was.role !== slot.role)
          diff.headings.renamed.push({
            squad: nextSquads.get(slot.squad_id) ?? '',
            team: slot.team,
            from: spacerLabel(was.role),
            to: spacerLabel(slot.role),
          })
        continue
      }
      if (was && isSpacer(was.role)) {
        diff.headings.removed.push(heading(prevSquads, was))
        diff.slots.added.push(place(nextSquads, slot))
        if (slot.holder) diff.assignments.push({ ...place(nextSquads, slot), from: null, to: slot.holder })
        continue
      }
      diff.headings.added.push(heading(nextSquads, slot))
      if (was) {
        diff.slots.removed.push(place(prevSquads, was))
        if (was.holder) diff.assignments.push({ ...place(prevSquads, was), from: was.holder, to: null })
      }
      continue
    }
    if (!was) {
      diff.slots.added.push(place(nextSquads, slot))
      if (slot.holder) diff.assignments.push({ ...place(nextSquads, slot), from: null, to: slot.holder })
      continue
    }
    if (was.role !== slot.role)
      diff.slots.renamed.push({
        squad: nextSquads.get(slot.squad_id) ?? '',
        team: slot.team,
        from: was.role,
        to: slot.role,
      })
    if (was.required_role_id !== slot.required_role_id)
      diff.slots.locks.push({ ...place(nextSquads, slot), from: was.required_role_id, to: slot.required_role_id })
    if (prevReserved(was) !== nextReserved(slot))
      diff.slots.reservations.push({ ...place(nextSquads, slot), from: prevReserved(was), to: nextReserved(slot) })
    if (was.user_id !== slot.user_id || was.manual_username !== slot.manual_username)
      diff.assignments.push({ ...place(nextSquads, slot), from: was.holder, to: slot.holder })
  }
  for (const slot of prev.slots) {
    if (nextSlotById.has(slot.id)) continue
    if (isSpacer(slot.role)) {
      diff.headings.removed.push(heading(prevSquads, slot))
      continue
    }
    diff.slots.removed.push(place(prevSquads, slot))
    if (slot.holder) diff.assignments.push({ ...place(prevSquads, slot), from: slot.holder, to: null })
  }
  return diff
}

/** "+1 squad, 3 slots renamed, 2 members moved"; "No changes" when nothing changed. */
export function summarise(diff: VersionDiff): string {
  const parts: string[] = []
  const add = (n: number, text: string) => {
    if (n) parts.push(text)
  }
  add(diff.squads.added.length, `+${countOf(diff.squads.added.length, 'squad')}`)
  add(diff.squads.removed.length, `-${countOf(diff.squads.removed.length, 'squad')}`)
  add(diff.squads.renamed.length, `${countOf(diff.squads.renamed.length, 'squad')} renamed`)
  add(diff.teams.added.length, `+${countOf(diff.teams.added.length, 'team')}`)
  add(diff.teams.removed.length, `-${countOf(diff.teams.removed.length, 'team')}`)
  add(diff.teams.renamed.length, `${countOf(diff.teams.renamed.length, 'team')} renamed`)
  add(diff.slots.added.length, `+${countOf(diff.slots.added.length, 'slot')}`)
  add(diff.slots.removed.length, `-${countOf(diff.slots.removed.length, 'slot')}`)
  add(diff.slots.renamed.length, `${countOf(diff.slots.renamed.length, 'slot')} renamed`)
  add(diff.slots.locks.length, `${countOf(diff.slots.locks.length, 'lock')} changed`)
  const reservations = diff.slots.reservations.length
  add(reservations, `${countOf(reservations, 'reservation')} changed`)
  const headings = diff.headings.added.length + diff.headings.removed.length + diff.headings.renamed.length
  add(headings, `${countOf(headings, 'heading')} changed`)
  add(diff.assignments.length, `${countOf(diff.assignments.length, 'member')} moved`)
  return parts.join(', ') || 'No changes'
}
