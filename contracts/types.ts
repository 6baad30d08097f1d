// JSON shapes both sides agree on (ARCHITECTURE §2 contracts/). Type-only: nothing here runs.

/** The user of GET /auth/user and of the app shell (ARCHITECTURE §4). */
export interface PublicUser {
  id: number
  discord_id: string
  username: string
  displayName: string
  /** Full avatar image URL on Discord's CDN. */
  avatar: string
  event_score: number
  isAdmin: boolean
}

export interface AuditEntry {
  id: number
  actor: string
  action: string
  details: string
  timestamp: string
}
