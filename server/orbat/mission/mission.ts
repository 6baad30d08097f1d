import type { MissionProposal } from '#contracts/mission-file.ts'
import { Invalid } from '../../errors.ts'
import { displayNameOf } from './units.ts'
import {
  classesOf,
  classOf,
  numberOf,
  parseSqm,
  SQM_ERRORS,
  textOf,
  valueOf,
  type SqmClass,
  type SqmFile,
  type SqmValueEntry,
} from './sqm.ts'

// A mission's playable units by group, and the ORBAT they propose (docs/rules/orbat.md, The mission file): one squad
// per group, teams where the role descriptions or the group's leaders show fireteams, one slot per playable unit in
// the mission's order.

export interface MissionUnit {
  node: SqmClass
  /** The class that holds the unit's description and variable name: Eden's Attributes, or the unit itself. */
  attributes: SqmClass | null
  /** The variable name's key: `name` in Eden, `text` in the older 2D editor's format. */
  variableKey: 'name' | 'text'
  unitClass: string
  description: SqmValueEntry | null
  variable: SqmValueEntry | null
  /** The slot name the unit proposes: its role description before `@`, or its class's display name. */
  role: string
  /** The role description's group part, after `@` (null when it has none). */
  label: string | null
}

export interface MissionGroup {
  node: SqmClass
  side: string
  units: MissionUnit[]
  /** The callsign's value entry (Eden's groupID attribute), when the group has one. */
  callsign: SqmValueEntry | null
  /** A group of the 2D editor's format (no Eden attributes, so no callsign can be added). */
  legacy: boolean
}

export interface ProposedSlot {
  name: string
  unit_class: string
  unit: MissionUnit
  /** Whether the slot's team came from the unit's `@` label (`Alpha 1-1 Red` gives Red), so the export writes it there. */
  teamInLabel: boolean
}
export interface ProposedTeam {
  name: string
  slots: ProposedSlot[]
}
export interface ProposedSquad {
  name: string
  side: string
  teams: ProposedTeam[]
  group: MissionGroup
  /** Where the name came from: the callsign, the units' `@` labels, or the group's number. */
  nameFrom: 'callsign' | 'label' | 'number'
}
export interface Skipped {
  unit: string
  reason: string
}
export interface Proposal {
  squads: ProposedSquad[]
  skipped: Skipped[]
}

export const MISSION_LIMITS = { squads: 500, slots: 10_000, name: 100 } as const

export const MISSION_ERRORS = {
  noPlayable:
    'The mission has no playable units. In Eden tick "Playable" on the units players take (unit Attributes > Control), save, and upload the mission.sqm again.',
} as const

const isOn = (entry: SqmValueEntry | null) => (numberOf(entry) ?? 0) !== 0
const clip = (text: string) => text.trim().slice(0, MISSION_LIMITS.name).trim()
const TEAM_LEADER = /\b(team leader|fireteam leader|ftl)\b/i

/** The value entry of a group's callsign: CustomAttributes > Attribute* (property "groupID") > Value > data > value. */
function callsignOf(group: SqmClass): SqmValueEntry | null {
  for (const attribute of classesOf(classOf(group, 'CustomAttributes'))) {
    if (textOf(valueOf(attribute, 'property')) !== 'groupID') continue
    const value = valueOf(classOf(classOf(attribute, 'Value'), 'data'), 'value')
    if (value && value.value.kind === 'string') return value
  }
  return null
}

function readUnit(node: SqmClass, legacy = false): MissionUnit {
  const attributes = legacy ? node : classOf(node, 'Attributes')
  const variableKey = legacy ? 'text' : 'name'
  const description = valueOf(attributes, 'description')
  const unitClass = textOf(valueOf(node, legacy ? 'vehicle' : 'type')) ?? ''
  const text = description?.value.kind === 'string' ? textOf(description)!.trim() : ''
  const at = text.indexOf('@')
  const role = clip(at < 0 ? text : text.slice(0, at))
  const label = at < 0 ? null : clip(text.slice(at + 1)) || null
  return {
    node,
    attributes,
    variableKey,
    unitClass,
    description,
    variable: valueOf(attributes, variableKey),
    role: role || clip(displayNameOf(unitClass)) || 'Slot',
    label,
  }
}

/** Eden writes a unit's flags in its Attributes and a logic's (a headless client's, a Zeus slot's) on the entity. */
const playable = (node: SqmClass) =>
  [classOf(node, 'Attributes'), node].some((at) => isOn(valueOf(at, 'isPlayable')) || isOn(valueOf(at, 'isPlayer')))

const HEADLESS = /^HeadlessClient_F$/i

/**
 * The groups of a mission in the 2D editor's format (before Eden: Mission > Groups > Item > Vehicles, a playable unit
 * has `player=`, its class in `vehicle=`, its variable name in `text=`).
 */
function readLegacy(groupsClass: SqmClass): { groups: MissionGroup[]; skipped: Skipped[] } {
  const groups: MissionGroup[] = []
  const skipped: Skipped[] = []
  for (const item of classesOf(groupsClass)) {
    const units: MissionUnit[] = []
    for (const node of classesOf(classOf(item, 'Vehicles'))) {
      if (!valueOf(node, 'player')) continue
      const unit = readUnit(node, true)
      if (HEADLESS.test(unit.unitClass)) {
        const variable = textOf(unit.variable)
        skipped.push({ unit: variable ? `${variable} (${unit.unitClass})` : unit.unitClass, reason: HEADLESS_REASON })
      } else units.push(unit)
    }
    if (units.length)
      groups.push({ node: item, side: textOf(valueOf(item, 'side')) ?? '', units, callsign: null, legacy: true })
  }
  return { groups, skipped }
}

const HEADLESS_REASON = 'A headless client or game logic, not a player slot.'

/** The mission's groups that hold playable units, in the file's order (through layers), and what it had to leave out. */
export function readMission(file: SqmFile): { groups: MissionGroup[]; skipped: Skipped[] } {
  const mission = classOf(file, 'Mission')
  const entities = classOf(mission, 'Entities')
  const legacyGroups = classOf(mission, 'Groups')
  if (!entities && legacyGroups) return readLegacy(legacyGroups)
  if (!entities) throw new Invalid(SQM_ERRORS.notMission)
  const groups: MissionGroup[] = []
  const skipped: Skipped[] = []
  const nameOf = (node: SqmClass) => {
    const variable = textOf(valueOf(classOf(node, 'Attributes'), 'name')) ?? textOf(valueOf(node, 'name'))
    const type = textOf(valueOf(node, 'type')) ?? 'an entity'
    return variable ? `${variable} (${type})` : type
  }
  const walk = (list: SqmClass | null) => {
    for (const item of classesOf(list)) {
      const dataType = textOf(valueOf(item, 'dataType'))
      if (dataType === 'Layer') walk(classOf(item, 'Entities'))
      else if (dataType === 'Group') {
        const units = classesOf(classOf(item, 'Entities')).filter(
          (u) => textOf(valueOf(u, 'dataType')) === 'Object' && playable(u),
        )
        for (const logic of classesOf(classOf(item, 'Entities')).filter(
          (u) => textOf(valueOf(u, 'dataType')) === 'Logic' && playable(u),
        ))
          skipped.push({ unit: nameOf(logic), reason: HEADLESS_REASON })
        if (units.length) {
          groups.push({
            node: item,
            side: textOf(valueOf(item, 'side')) ?? '',
            units: units.map((u) => readUnit(u)),
            callsign: callsignOf(item),
            legacy: false,
          })
        }
      } else if (dataType === 'Logic' && playable(item)) {
        skipped.push({ unit: nameOf(item), reason: HEADLESS_REASON })
      } else if (dataType === 'Object' && playable(item)) {
        skipped.push({ unit: nameOf(item), reason: 'Not in a group, so it belongs to no squad.' })
      }
    }
  }
  walk(entities)
  return { groups, skipped }
}

/** The words all labels start with (`Alpha 1-1` of `Alpha 1-1` and `Alpha 1-1 Red`). */
function commonLabel(labels: string[]): string {
  const split = labels.map((l) => l.split(/\s+/))
  const first = split[0] ?? []
  let n = 0
  while (n < first.length && split.every((words) => words[n] === first[n])) n++
  return first.slice(0, n).join(' ')
}

function teamsOf(squadName: string, base: string | null, units: MissionUnit[]): ProposedTeam[] {
  const slot = (unit: MissionUnit, teamInLabel = false): ProposedSlot => ({
    name: unit.role,
    unit_class: unit.unitClass,
    unit,
    teamInLabel,
  })
  const suffixOf = (unit: MissionUnit) =>
    base && unit.label && unit.label.startsWith(`${base} `) ? clip(unit.label.slice(base.length)) : null
  const teams = new Map<string, ProposedSlot[]>()
  const add = (team: string, s: ProposedSlot) => teams.set(team, [...(teams.get(team) ?? []), s])
  if (units.some((u) => suffixOf(u))) {
    for (const unit of units) {
      const suffix = suffixOf(unit)
      add(suffix ?? 'HQ', slot(unit, suffix !== null))
    }
  } else if (units.filter((u) => TEAM_LEADER.test(u.role)).length >= 2) {
    let team = 'HQ'
    let count = 0
    for (const unit of units) {
      if (TEAM_LEADER.test(unit.role)) team = `Fireteam ${++count}`
      add(team, slot(unit))
    }
  } else {
    for (const unit of units) add(squadName, slot(unit))
  }
  return [...teams].map(([name, slots]) => ({ name, slots }))
}

/** The ORBAT a mission proposes. Throws Invalid when it has no playable unit. */
export function proposeOrbat(file: SqmFile): Proposal {
  const { groups, skipped } = readMission(file)
  const squads: ProposedSquad[] = []
  const taken = new Set<string>()
  let slotCount = 0
  groups.forEach((group, index) => {
    const describe = (u: MissionUnit) => `${u.role} (${u.unitClass})`
    if (squads.length >= MISSION_LIMITS.squads) {
      for (const u of group.units)
        skipped.push({ unit: describe(u), reason: `The ORBAT holds at most ${MISSION_LIMITS.squads} squads.` })
      return
    }
    if (slotCount + group.units.length > MISSION_LIMITS.slots) {
      for (const u of group.units)
        skipped.push({ unit: describe(u), reason: `The ORBAT holds at most ${MISSION_LIMITS.slots} slots.` })
      return
    }
    const callsign = group.callsign ? clip(textOf(group.callsign)!) : ''
    const labels = group.units.flatMap((u) => (u.label ? [u.label] : []))
    const fromLabels = labels.length ? commonLabel(labels) : ''
    const [wanted, nameFrom] = callsign
      ? ([callsign, 'callsign'] as const)
      : fromLabels
        ? ([fromLabels, 'label'] as const)
        : ([`Group ${index + 1}`, 'number'] as const)
    let name = wanted
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${wanted.slice(0, MISSION_LIMITS.name - 6)} (${n})`
    taken.add(name.toLowerCase())
    slotCount += group.units.length
    squads.push({
      name,
      side: group.side,
      teams: teamsOf(name, callsign || fromLabels || null, group.units),
      group,
      nameFrom,
    })
  })
  if (!squads.length) throw new Invalid(MISSION_ERRORS.noPlayable)
  return { squads, skipped }
}

/** Parses a mission file and proposes its ORBAT (400 for anything that is not a mission with playable units). */
export function readMissionFile(bytes: Uint8Array): { file: SqmFile; proposal: Proposal } {
  const file = parseSqm(bytes)
  return { file, proposal: proposeOrbat(file) }
}

/** A proposal as the /api answer and the preview page show it (no file positions). */
export function proposalView(proposal: Proposal): MissionProposal {
  return proposal.squads.map((s) => ({
    name: s.name,
    side: s.side,
    teams: s.teams.map((t) => ({
      name: t.name,
      slots: t.slots.map((x) => ({ name: x.name, unit_class: x.unit_class })),
    })),
  }))
}
