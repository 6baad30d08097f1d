// The public ORBAT's data as the UI sees it: the four polled answers (spec 1 §7), which are also the parts of the
// live stream's `snapshot` event. Type-only re-exports of the shared shapes: nothing here reaches the client bundle.
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { WaitlistItem, WaitlistSquad } from '#server/waitlist/waitlist.ts'

export type { OrbatEdge, OrbatPayload, OrbatPoint, OrbatSlot, OrbatSquad } from '#contracts/orbat.ts'
export type { WaitlistItem, WaitlistSquad } from '#server/waitlist/waitlist.ts'

export interface OrbatSettings {
  /** ISO date-time of the time lock, or '' when none is set. */
  signup_time: string
}

/** GET /api/orbat, /api/waitlist, /api/settings and /api/waitlist/squads, together. */
export interface LiveOrbatData {
  orbat: OrbatPayload
  waitlist: WaitlistItem[]
  settings: OrbatSettings
  squads: WaitlistSquad[]
}
