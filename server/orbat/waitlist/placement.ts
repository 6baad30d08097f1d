import type { CatalogText } from '../../lib/i18n.ts'
// A member moved from the waitlist into a slot, as the activity channel tells it. Its own file: the slot writes
// (server/orbat/slots.ts) report placements and the waitlist (waitlist.ts) makes them, and neither imports the other.

/** A placement made by the fill rule, for the activity channel. */
export interface Placement {
  userName: string
  slotRole: string
  squadName: string
  /** Who was placed: their Discord roles follow (server/role-sync/member-roles.ts). */
  discordId: string
}

/** "Reyes was moved from the waitlist into Rifleman (Alpha)." in the unit's language. */
export function placementLine(p: Placement): CatalogText {
  return { key: 'channel.activity.placed', values: { name: p.userName, role: p.slotRole, squad: p.squadName } }
}
