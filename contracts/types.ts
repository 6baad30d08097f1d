// JSON shapes both sides agree on. Type-only: nothing here runs.

/** The user of GET /auth/user and of the app shell (docs/rules/discord.md, Login). */
export interface PublicUser {
  id: number
  discord_id: string
  username: string
  displayName: string
  /** Full avatar image URL on Discord's CDN. */
  avatar: string
  event_score: number
  isAdmin: boolean
  /** On the roster (by Discord id): others see Join in the top bar and on the hub. */
  isMember: boolean
}

export interface AuditEntry {
  id: number
  actor: string
  action: string
  details: string
  timestamp: string
}
