import type { OrbatSlot } from '#contracts/orbat.ts'
import type { MissionUnit, Proposal, ProposedSlot, ProposedSquad } from './mission.ts'
import {
  applyEdits,
  classOf,
  indentAt,
  insertIntoClass,
  lineEnding,
  numberOf,
  quoted,
  textOf,
  valueOf,
  type SqmClass,
  type SqmEdit,
  type SqmEntry,
  type SqmFile,
} from './sqm.ts'

// Writes the ORBAT back into its mission (docs/rules/orbat.md, The mission file): each playable unit that maps to a
// slot gets the slot's role (and squad and team in its `@` label) as its role description and `tfhq_slot_<id>` as its
// variable name, and each renamed squad's group its callsign. Only values that differ are touched; every other byte
// is the input's (server/orbat/mission/sqm.ts).

export const SLOT_VARIABLE = /^tfhq_slot_(\d+)$/
export const slotVariable = (slotId: number) => `tfhq_slot_${slotId}`

/** The stored ORBAT as the export reads it (plain data: it is sent to the mission worker thread). */
export interface OrbatView {
  squads: ReadonlyArray<{ id: number; name: string }>
  slots: ReadonlyArray<Pick<OrbatSlot, 'id' | 'squad_id' | 'team' | 'team_order' | 'slot_order' | 'role'>>
}
type Slot = OrbatView['slots'][number]

interface Pairing {
  squad: ProposedSquad
  orbatSquad: { id: number; name: string }
  units: Array<{ proposed: ProposedSlot; team: string; slot: Slot }>
}

const isSpacer = (role: string) => /^-{3}.*-{3}$/.test(role)

/** Which ORBAT squad and slot each proposed squad and unit stands for: by slot id, then by name, then by order. */
function pairUp(proposal: Proposal, orbat: OrbatView): Pairing[] {
  const slotsOf = new Map<number, Slot[]>()
  for (const slot of [...orbat.slots].sort(
    (a, b) => a.team_order - b.team_order || a.slot_order - b.slot_order || a.id - b.id,
  )) {
    if (isSpacer(slot.role)) continue
    slotsOf.set(slot.squad_id, [...(slotsOf.get(slot.squad_id) ?? []), slot])
  }
  const slotById = new Map(orbat.slots.map((s) => [s.id, s]))
  const pinned = (unit: MissionUnit) => {
    const match = SLOT_VARIABLE.exec(textOf(unit.variable) ?? '')
    return match ? slotById.get(Number(match[1])) : undefined
  }
  const squads = [...orbat.squads].sort((a, b) => a.id - b.id)
  const free = new Set(squads.map((s) => s.id))
  const paired = new Map<ProposedSquad, { id: number; name: string }>()
  const take = (squad: ProposedSquad, id: number | undefined) => {
    const found = squads.find((s) => s.id === id)
    if (!found || !free.has(found.id) || paired.has(squad)) return
    free.delete(found.id)
    paired.set(squad, found)
  }
  const flat = (squad: ProposedSquad) => squad.teams.flatMap((t) => t.slots.map((s) => ({ proposed: s, team: t.name })))
  // Units that carry a slot id decide their squad; then equal names; then, in order, squads of the same size.
  for (const squad of proposal.squads) {
    const votes = new Map<number, number>()
    for (const { proposed } of flat(squad)) {
      const slot = pinned(proposed.unit)
      if (slot) votes.set(slot.squad_id, (votes.get(slot.squad_id) ?? 0) + 1)
    }
    const best = [...votes].sort((a, b) => b[1] - a[1])[0]
    if (best) take(squad, best[0])
  }
  for (const squad of proposal.squads) take(squad, squads.find((s) => free.has(s.id) && s.name === squad.name)?.id)
  for (const squad of proposal.squads) {
    const size = flat(squad).length
    take(squad, squads.find((s) => free.has(s.id) && (slotsOf.get(s.id)?.length ?? 0) === size)?.id)
  }

  return proposal.squads.flatMap((squad) => {
    const orbatSquad = paired.get(squad)
    if (!orbatSquad) return []
    const open = [...(slotsOf.get(orbatSquad.id) ?? [])]
    const units = flat(squad)
    const chosen = new Map<number, Slot>()
    const claim = (index: number, slot: Slot | undefined) => {
      if (!slot || chosen.has(index)) return
      const at = open.indexOf(slot)
      if (at < 0) return
      open.splice(at, 1)
      chosen.set(index, slot)
    }
    units.forEach((u, i) => claim(i, pinned(u.proposed.unit)))
    units.forEach((u, i) =>
      claim(
        i,
        open.find((s) => s.team === u.team && s.role === u.proposed.name),
      ),
    )
    units.forEach((_unit, i) => claim(i, open[0]))
    return [
      {
        squad,
        orbatSquad,
        units: units.flatMap((u, i) => (chosen.has(i) ? [{ ...u, slot: chosen.get(i)! }] : [])),
      },
    ]
  })
}

/** The edit that replaces a value entry's value, or null when it already holds `text`. */
function setString(entry: SqmEntry & { kind: 'value' }, text: string): SqmEdit | null {
  if (entry.value.kind === 'string' && textOf(entry) === text) return null
  return { start: entry.value.start, end: entry.value.end, text: quoted(text) }
}

/** A callsign attribute as Eden writes it, as lines indented from `indent`. */
function callsignLines(index: number, name: string, indent: string, eol: string): string {
  const lines = [
    `class Attribute${index}`,
    '{',
    '\tproperty="groupID";',
    '\texpression="_this setGroupID [_value];";',
    '\tclass Value',
    '\t{',
    '\t\tclass data',
    '\t\t{',
    '\t\t\tclass type',
    '\t\t\t{',
    '\t\t\t\ttype[]=',
    '\t\t\t\t{',
    '\t\t\t\t\t"STRING"',
    '\t\t\t\t};',
    '\t\t\t};',
    `\t\t\tvalue=${quoted(name)};`,
    '\t\t};',
    '\t};',
    '};',
  ]
  return lines.map((l) => `${indent}${l}${eol}`).join('')
}

/** Edits that give a group the callsign `name` where it has none. */
function addCallsign(source: string, group: SqmClass, name: string): SqmEdit[] {
  const eol = lineEnding(source)
  const custom = classOf(group, 'CustomAttributes')
  if (custom?.body) {
    const count = valueOf(custom, 'nAttributes')
    const n = numberOf(count) ?? 0
    const first = custom.body.entries[0]
    const indent = first ? indentAt(source, first.start) : `${indentAt(source, custom.start)}\t`
    const at = count ? source.lastIndexOf('\n', count.start - 1) + 1 : custom.body.close
    const edits: SqmEdit[] = [{ start: at, end: at, text: callsignLines(n, name, indent, eol) }]
    if (count) edits.push({ start: count.value.start, end: count.value.end, text: String(n + 1) })
    else edits.push(insertIntoClass(source, custom, ['nAttributes=1;']))
    return edits
  }
  const entries = group.body!.entries
  const before = valueOf(group, 'id') ?? entries[entries.length - 1]
  const indent = before ? indentAt(source, before.start) : `${indentAt(source, group.start)}\t`
  const at = before ? source.lastIndexOf('\n', before.start - 1) + 1 : group.body!.open
  const block =
    `${indent}class CustomAttributes${eol}${indent}{${eol}` +
    callsignLines(0, name, `${indent}\t`, eol) +
    `${indent}\tnAttributes=1;${eol}${indent}};${eol}`
  return [{ start: at, end: at, text: before ? block : `${eol}${block}` }]
}

/** `value` in place of the text of `part`, keeping the spaces around it (`Commander ` stays `Renamed `). */
function inPlace(part: string, value: string): string {
  if (!part.trim()) return value
  const [, before, after] = /^(\s*)[\s\S]*?(\s*)$/.exec(part)!
  return `${before}${value}${after}`
}

/**
 * A unit's role description with the new role and label: a part that keeps its value keeps its bytes (a role taken
 * from the class's display name stays unwritten), and a new value takes the place of the old one, spaces around the
 * `@` kept (`Commander (must be selected) @Command`).
 */
function describe(unit: MissionUnit, role: string, label: string | null): string {
  const text = unit.description?.value.kind === 'string' ? textOf(unit.description)! : ''
  const at = text.indexOf('@')
  const oldRole = at < 0 ? text : text.slice(0, at)
  const oldLabel = at < 0 ? '' : text.slice(at + 1)
  const rolePart = role === unit.role ? oldRole : inPlace(oldRole, role)
  if (label === null) return at < 0 ? rolePart : `${rolePart}@${oldLabel}`
  return `${rolePart}@${label === unit.label ? oldLabel : inPlace(oldLabel, label)}`
}

export interface ExportResult {
  bytes: Buffer
  /** Playable units given a slot id. */
  mapped: number
  /** Playable units no slot of the ORBAT stands for (left as they were). */
  unmapped: number
}

/** The mission file with the ORBAT written into it; only the values that differ change. */
export function exportMission(file: SqmFile, proposal: Proposal, orbat: OrbatView): ExportResult {
  const { source } = file
  const edits: SqmEdit[] = []
  let mapped = 0
  const inserts = new Map<SqmClass, string[]>()
  for (const pairing of pairUp(proposal, orbat)) {
    const { squad, orbatSquad } = pairing
    const renamed = orbatSquad.name !== squad.name
    if (renamed && squad.group.callsign) {
      const edit = setString(squad.group.callsign, orbatSquad.name)
      if (edit) edits.push(edit)
    } else if (renamed && squad.nameFrom === 'number' && !squad.group.legacy) {
      edits.push(...addCallsign(source, squad.group.node, orbatSquad.name))
    }
    for (const { proposed, team, slot } of pairing.units) {
      mapped++
      const { unit } = proposed
      const teamRenamed = proposed.teamInLabel && slot.team !== team
      const label =
        unit.label === null || !(renamed || teamRenamed)
          ? unit.label
          : proposed.teamInLabel
            ? `${orbatSquad.name} ${slot.team}`
            : orbatSquad.name
      const wanted: string[] = []
      if (slot.role !== unit.role || label !== unit.label) {
        const description = describe(unit, slot.role, label)
        if (unit.description) {
          const edit = setString(unit.description, description)
          if (edit) edits.push(edit)
        } else wanted.push(`description=${quoted(description)};`)
      }
      const variable = slotVariable(slot.id)
      if (unit.variable) {
        const edit = setString(unit.variable, variable)
        if (edit) edits.push(edit)
      } else wanted.unshift(`${unit.variableKey}=${quoted(variable)};`)
      if (wanted.length && unit.attributes?.body) inserts.set(unit.attributes, wanted)
    }
  }
  for (const [attributes, lines] of inserts) edits.push(insertIntoClass(source, attributes, lines))
  const total = proposal.squads.reduce((n, s) => n + s.teams.reduce((m, t) => m + t.slots.length, 0), 0)
  return { bytes: applyEdits(source, edits), mapped, unmapped: total - mapped }
}
