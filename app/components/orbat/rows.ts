import type { OrbatSlot, OrbatSquad } from '#contracts/orbat.ts'
import { isSpacer, spacerLabel } from '#contracts/spacer.ts'
import { guestRefusal, reservedSlotRefusal, roleLockRefusal, type Refusal } from '#contracts/orbat-rights.ts'
import type { OrbatViewer } from './viewer.tsx'

// The ORBAT's rows as both views show them (the diagram's squad cards and the phone list): what a row is, who holds
// it, what the viewer may do with it, and the order squads are read in. No React Flow here, so the list view never
// loads the diagram library.

export { isSpacer, spacerLabel }

/** Open = no user and no manual name; spacers are never open. */
export function isOpen(slot: Pick<OrbatSlot, 'role' | 'user_id' | 'manual_username'>): boolean {
  return !isSpacer(slot.role) && slot.user_id === null && slot.manual_username === null
}

export function holderName(slot: OrbatSlot): string | null {
  return slot.discord_username ?? slot.manual_username
}

/** The holder's name as a slot row shows it: a guest of an allied unit with the unit's tag, `Smith [3CB]`. */
export function holderLabel(slot: OrbatSlot): string | null {
  const name = holderName(slot)
  const tag = slot.user_id !== null ? slot.holder?.guest_of : null
  return name !== null && tag ? `${name} [${tag}]` : name
}

export interface SquadTeam {
  name: string
  rows: OrbatSlot[]
}

/** A squad's slots as teams in team_order, each with its rows in slot_order. */
export function groupTeams(squadSlots: OrbatSlot[]): SquadTeam[] {
  const sorted = [...squadSlots].sort(
    (a, b) => a.team_order - b.team_order || a.slot_order - b.slot_order || a.id - b.id,
  )
  const teams = new Map<string, SquadTeam>()
  for (const slot of sorted) {
    let team = teams.get(slot.team)
    if (!team) {
      team = { name: slot.team, rows: [] }
      teams.set(slot.team, team)
    }
    team.rows.push(slot)
  }
  return [...teams.values()]
}

// A type alias, not an interface: React Flow's node data must be assignable to Record<string, unknown>.
export type SlotCounts = {
  /** Non-spacer slots. */
  total: number
  open: number
  /** Taken slots: total minus open (the Pax counter card's number). */
  people: number
}

export function countSlots(slots: OrbatSlot[]): SlotCounts {
  let total = 0
  let open = 0
  for (const slot of slots) {
    if (isSpacer(slot.role)) continue
    total += 1
    if (isOpen(slot)) open += 1
  }
  return { total, open, people: total - open }
}

/** What the viewer can do with a slot row. `refused` is shown as a disabled control with the reason, never as a button that fails. */
export type SlotAction = { kind: 'none' } | { kind: 'signup' } | { kind: 'leave' } | ({ kind: 'refused' } & Refusal)

/**
 * Decided from the same facts the server checks, in the order it checks them (db/functions/orbat.sql orbat_sign_up):
 * the ban, the guest's allied unit and the role locks come from the loader, computed by the server's rules; the time
 * lock, who holds the slot and the reservation that holds from the live data. Anonymous viewers get none: the page
 * offers them the login instead.
 */
export function slotAction(slot: OrbatSlot, viewer: OrbatViewer): SlotAction {
  if (viewer.userId === null || isSpacer(slot.role)) return { kind: 'none' }
  if (slot.user_id === viewer.userId) return { kind: 'leave' }
  if (!isOpen(slot) || viewer.locked) return { kind: 'none' }
  if (viewer.signUpRefusal) return { kind: 'refused', ...viewer.signUpRefusal }
  const reserved = slot.reserved_for ?? null
  if (viewer.guestOf && reserved?.id !== viewer.guestOf.id)
    return { kind: 'refused', ...guestRefusal(viewer.guestOf.name, reserved !== null) }
  if (!viewer.guestOf && reserved) return { kind: 'refused', ...reservedSlotRefusal(reserved.name) }
  const lock = slot.required_role_id
  if (lock && viewer.roleLocksApply && !viewer.qualifiedLocks.has(lock))
    return { kind: 'refused', ...roleLockRefusal(lock) }
  return { kind: 'signup' }
}

/** Squads whose x lies within half a card (cards are 400 px wide) of a column's first squad read as that column. */
const COLUMN_SPAN = 200

/**
 * The squads in the diagram's reading order: columns left to right, each top to bottom (the diagram reads as a tree
 * from the command on the left). A squad placed a little off its column's line still counts as that column.
 */
export function squadsInDiagramOrder(squads: readonly OrbatSquad[]): OrbatSquad[] {
  const byX = [...squads].sort((a, b) => a.pos_x - b.pos_x || a.pos_y - b.pos_y || a.id - b.id)
  const columns: OrbatSquad[][] = []
  for (const squad of byX) {
    const column = columns.at(-1)
    if (column && squad.pos_x - column[0]!.pos_x < COLUMN_SPAN) column.push(squad)
    else columns.push([squad])
  }
  return columns.flatMap((column) => column.sort((a, b) => a.pos_y - b.pos_y || a.pos_x - b.pos_x || a.id - b.id))
}
