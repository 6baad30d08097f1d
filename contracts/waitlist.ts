// The waitlist as both sides see it (spec 1 §3, §7): the JSON of GET /api/waitlist and GET /api/waitlist/squads,
// which are also parts of the live ORBAT stream. Type-only: nothing here runs.

export interface WaitlistItem {
  id: number
  user_id: number
  username: string
  avatar: string
  /** The preferred squad's name, or null for Any Squad. */
  squad_preference: string | null
}

/** A squad a member may prefer (can_be_primary_waitlist). */
export interface WaitlistSquad {
  id: number
  name: string
}
