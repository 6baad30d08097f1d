// Everything the Discord stand-in knows and remembers: the guild (users, roles, channels), the OAuth codes and
// tokens it issued, and a record of every bot action, so tests and the stand-in's own page can inspect them.

import crypto from 'node:crypto'
import type {
  APIGuildMember,
  APIGuildScheduledEvent,
  APIMessage,
  APIRole,
  APIUser,
  GuildMemberFlags,
  RoleFlags,
  UserFlags,
} from 'discord-api-types/v10'
import { DEMO_CHANNELS, DEMO_GUILD_ID, DEMO_ROLES, DEMO_USERS, type DemoUser } from '#db/seed/demo-guild.ts'

export interface StandInRole {
  id: string
  name: string
  /** Discord colour as an integer; 0 means none. */
  color?: number
}

export interface StandInChannel {
  id: string
  name: string
  /** Discord channel type: 0 text, 2 voice, 4 category, 5 announcement... */
  type: number
  parent_id: string | null
  position: number
  topic: string | null
  permission_overwrites: unknown[]
}

export interface StandInMember {
  user: DemoUser
  /** False once the user left (or was removed from) the guild; OAuth still works, membership look-ups 404. */
  inGuild: boolean
  joinedAt: string
}

export interface SentMessage {
  id: string
  channelId: string
  /** The channel's name when the message was sent (it may be deleted later). */
  channelName: string
  content: string
  embeds: unknown[]
  allowedMentions: unknown
  timestamp: string
  message: APIMessage
}

export interface ChannelRecord {
  at: string
  channel: StandInChannel
}

export interface RoleChange {
  at: string
  userId: string
  roleId: string
  roleName: string
  action: 'add' | 'remove'
  /** The X-Audit-Log-Reason header, if the bot sent one. */
  reason: string | null
}

export interface IssuedCode {
  code: string
  clientId: string
  redirectUri: string
  scope: string
  userId: string
  codeChallenge: string | null
  codeChallengeMethod: string | null
  issuedAt: string
  expiresAt: number
  /** Set the first time the code is presented at the token endpoint (valid or not: codes are single use). */
  usedAt: string | null
}

export interface IssuedToken {
  accessToken: string
  refreshToken: string
  userId: string
  clientId: string
  scope: string
  issuedAt: string
  expiresAt: number
  /** The code the token was issued for; a replayed code revokes it (RFC 6749 §4.1.2). */
  fromCode: string | null
  revoked: boolean
}

export interface FailureSpec {
  /**
   * An HTTP status to answer with, 'network' to drop the connection without an answer, or 'no answer' to keep the
   * connection open and never answer (Discord or the network stalled; the caller times out or dies waiting).
   */
  status: number | 'network' | 'no answer'
  /** With 'no answer': carry the call out (e.g. post the message), then withhold the answer, as if it were lost. */
  takeEffect?: boolean
  /** How many of the next matching REST calls fail. */
  count: number
  /** Seconds, for 429 answers (Discord's `retry_after`). Default 1. */
  retryAfter?: number
  /** Only calls whose path (after /api or /api/v10) starts with this fail, e.g. '/channels'. */
  path?: string
}

interface LatencySpec {
  /** Milliseconds before the call is handled, or 'never': it is held, unanswered, until the client gives up. */
  delayMs: number | 'never'
  /** How many of the next matching REST calls are slow. */
  count: number
  /** Only calls whose path (after /api or /api/v10) starts with this are slow, e.g. '/channels'. */
  path?: string
}

export interface RequestRecord {
  at: string
  method: string
  /** The path after /api or /api/v10. */
  path: string
  /**
   * 'network': the stand-in dropped the connection; 'no answer': it kept the connection open without answering;
   * 'abandoned': the client left before a slow answer.
   */
  status: number | 'network' | 'no answer' | 'abandoned'
}

interface StandInConfig {
  guildId: string
  guildName: string
  clientId: string | undefined
  clientSecret: string | undefined
  botToken: string | undefined
  redirectUris: string[] | undefined
  appName: string
  appLoginUrl: string | undefined
  botUser: APIUser
}

/** Discord's epoch (2015-01-01) in ms; snowflakes carry the milliseconds since it in their top bits. */
const DISCORD_EPOCH = 1420070400000n
/** Older entries are dropped so a long-running demo app does not grow without bound. */
const MAX_RECORDS = 1000
const CODE_LIFETIME_MS = 10 * 60 * 1000
export const TOKEN_LIFETIME_SECONDS = 604800

const DEFAULT_ROLES: StandInRole[] = Object.values(DEMO_ROLES).map((r) => ({ id: r.id, name: r.name }))

const DEFAULT_CHANNELS: StandInChannel[] = Object.values(DEMO_CHANNELS).map((c, index) => ({
  id: c.id,
  name: c.name,
  type: c.type,
  parent_id: null,
  position: index,
  topic: null,
  permission_overwrites: [],
}))

interface StandInStateInit {
  users?: DemoUser[]
  roles?: StandInRole[]
  channels?: StandInChannel[]
  config?: Partial<StandInConfig>
}

export class DiscordStandInState {
  readonly config: StandInConfig
  readonly users = new Map<string, StandInMember>()
  readonly roles = new Map<string, StandInRole>()
  readonly channels = new Map<string, StandInChannel>()
  /** Direct-message channels the bot opened, by id (not the guild's: they list nowhere). */
  readonly dmChannels = new Map<string, StandInChannel & { recipientId: string }>()
  readonly messages: SentMessage[] = []
  /** Users who do not take direct messages from the bot (Discord answers 50007). */
  readonly closedDms = new Set<string>()
  readonly createdChannels: ChannelRecord[] = []
  readonly deletedChannels: ChannelRecord[] = []
  readonly roleChanges: RoleChange[] = []
  /** The guild's scheduled events, by id; those deleted are listed apart (the stand-in's page, tests). */
  readonly scheduledEvents = new Map<string, APIGuildScheduledEvent>()
  readonly deletedScheduledEvents: Array<{ at: string; event: APIGuildScheduledEvent }> = []
  readonly codes = new Map<string, IssuedCode>()
  readonly tokens = new Map<string, IssuedToken>()
  readonly requests: RequestRecord[] = []
  readonly failures: FailureSpec[] = []
  readonly latencies: LatencySpec[] = []

  // ---- discord-sync: Discord's rate limit on member role changes, simulated (test control) ----
  /** At most `limit` role adds/removes per `windowMs`; further calls answer 429 until the window ends. null: off. */
  roleRateLimit: { limit: number; windowMs: number } | null = null
  roleRateWindow = { start: 0, used: 0 }
  /** REST requests past the injected failures, role add/remove calls among them, and how many the limit answered 429. */
  readonly roleCallStats = { requests: 0, calls: 0, limited: 0 }
  /** Some role call answered 429 when over the limit; otherwise counts it. Returns the wait in seconds, or 0. */
  takeRoleCall(now = Date.now()): number {
    this.roleCallStats.calls += 1
    const limit = this.roleRateLimit
    if (!limit) return 0
    if (now - this.roleRateWindow.start >= limit.windowMs) this.roleRateWindow = { start: now, used: 0 }
    if (this.roleRateWindow.used < limit.limit) {
      this.roleRateWindow.used += 1
      return 0
    }
    this.roleCallStats.limited += 1
    return Math.max(0.001, (this.roleRateWindow.start + limit.windowMs - now) / 1000)
  }
  // ---- end discord-sync ----

  private readonly initial: { users: DemoUser[]; roles: StandInRole[]; channels: StandInChannel[] }
  private sequence = 0n

  constructor(init: StandInStateInit = {}) {
    const config = init.config ?? {}
    this.config = {
      guildId: config.guildId ?? DEMO_GUILD_ID,
      guildName: config.guildName ?? 'Demo Unit',
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      botToken: config.botToken,
      redirectUris: config.redirectUris,
      appName: config.appName ?? 'Milsim Unit',
      appLoginUrl: config.appLoginUrl,
      botUser: config.botUser ?? {
        id: '940000000000000001',
        username: 'Unit Bot',
        global_name: null,
        avatar: null,
        discriminator: '0',
        bot: true,
      },
    }
    this.initial = {
      users: structuredClone(init.users ?? DEMO_USERS),
      roles: structuredClone(init.roles ?? DEFAULT_ROLES),
      channels: structuredClone(init.channels ?? DEFAULT_CHANNELS),
    }
    this.reset()
  }

  /** Back to the initial guild; forgets every record, code, token and pending failure. */
  reset(): void {
    this.users.clear()
    this.roles.clear()
    this.channels.clear()
    this.dmChannels.clear()
    for (const user of this.initial.users) this.addUser(user, { inGuild: user.inGuild ?? true })
    for (const role of this.initial.roles) this.roles.set(role.id, structuredClone(role))
    for (const channel of this.initial.channels) this.channels.set(channel.id, structuredClone(channel))
    this.messages.length = 0
    this.closedDms.clear()
    this.createdChannels.length = 0
    this.deletedChannels.length = 0
    this.roleChanges.length = 0
    this.scheduledEvents.clear()
    this.deletedScheduledEvents.length = 0
    this.codes.clear()
    this.tokens.clear()
    this.requests.length = 0
    this.failures.length = 0
    this.latencies.length = 0
    // discord-sync
    this.roleRateLimit = null
    this.roleRateWindow = { start: 0, used: 0 }
    this.roleCallStats.requests = 0
    this.roleCallStats.calls = 0
    this.roleCallStats.limited = 0
  }

  // ---- ids and time ----

  /** A fresh Discord-style snowflake: ms since Discord's epoch in the top bits, a counter in the low 22. */
  nextSnowflake(): string {
    this.sequence = (this.sequence + 1n) & 0x3fffffn
    return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | this.sequence).toString()
  }

  // ---- users and membership ----

  /** Adds a user (or replaces one with the same id) as a guild member. */
  addUser(user: DemoUser, options: { inGuild?: boolean } = {}): StandInMember {
    const existing = this.users.get(user.id)
    const member: StandInMember = {
      user: structuredClone(user),
      inGuild: options.inGuild ?? true,
      joinedAt: existing?.joinedAt ?? new Date(Date.UTC(2024, 0, 1) + this.users.size * 86_400_000).toISOString(),
    }
    this.users.set(user.id, member)
    return member
  }

  setUserRoles(userId: string, roles: string[]): StandInMember | undefined {
    const member = this.users.get(userId)
    if (member) member.user.roles = [...new Set(roles)]
    return member
  }

  /** The user stays known to OAuth but is no longer a guild member (guild member look-ups answer 404). */
  removeFromGuild(userId: string): boolean {
    const member = this.users.get(userId)
    if (!member) return false
    member.inGuild = false
    return true
  }

  addToGuild(userId: string): boolean {
    const member = this.users.get(userId)
    if (!member) return false
    member.inGuild = true
    return true
  }

  /** The guild member, or undefined when the user is unknown or not in the guild. */
  guildMember(userId: string): StandInMember | undefined {
    const member = this.users.get(userId)
    return member?.inGuild ? member : undefined
  }

  addMemberRole(userId: string, roleId: string, reason: string | null): void {
    const member = this.users.get(userId)
    if (!member) return
    if (!member.user.roles.includes(roleId)) member.user.roles.push(roleId)
    this.recordRoleChange(userId, roleId, 'add', reason)
  }

  removeMemberRole(userId: string, roleId: string, reason: string | null): void {
    const member = this.users.get(userId)
    if (!member) return
    member.user.roles = member.user.roles.filter((id) => id !== roleId)
    this.recordRoleChange(userId, roleId, 'remove', reason)
  }

  private recordRoleChange(userId: string, roleId: string, action: 'add' | 'remove', reason: string | null) {
    push(this.roleChanges, {
      at: new Date().toISOString(),
      userId,
      roleId,
      roleName: this.roles.get(roleId)?.name ?? roleId,
      action,
      reason,
    })
  }

  // ---- channels and messages ----

  createChannel(input: Omit<StandInChannel, 'id' | 'position'> & { position?: number }): StandInChannel {
    const channel: StandInChannel = {
      id: this.nextSnowflake(),
      position: input.position ?? this.channels.size,
      name: input.name,
      type: input.type,
      parent_id: input.parent_id,
      topic: input.topic,
      permission_overwrites: input.permission_overwrites,
    }
    this.channels.set(channel.id, channel)
    push(this.createdChannels, { at: new Date().toISOString(), channel: structuredClone(channel) })
    return channel
  }

  deleteChannel(channelId: string): StandInChannel | undefined {
    const channel = this.channels.get(channelId)
    if (!channel) return undefined
    this.channels.delete(channelId)
    push(this.deletedChannels, { at: new Date().toISOString(), channel: structuredClone(channel) })
    return channel
  }

  /** The bot's DM channel with a user (one per user, as on Discord), named @username on the stand-in's page. */
  openDm(userId: string): (StandInChannel & { recipientId: string }) | undefined {
    const member = this.users.get(userId)
    if (!member) return undefined
    const existing = [...this.dmChannels.values()].find((c) => c.recipientId === userId)
    if (existing) return existing
    const channel = {
      id: this.nextSnowflake(),
      name: `@${member.user.username}`,
      type: 1,
      parent_id: null,
      position: 0,
      topic: null,
      permission_overwrites: [],
      recipientId: userId,
    }
    this.dmChannels.set(channel.id, channel)
    return channel
  }

  recordMessage(message: SentMessage): void {
    push(this.messages, message)
  }

  /** Messages the bot sent to a channel, oldest first. */
  messagesIn(channelId: string): SentMessage[] {
    return this.messages.filter((m) => m.channelId === channelId)
  }

  // ---- scheduled events ----

  deleteScheduledEvent(eventId: string): APIGuildScheduledEvent | undefined {
    const event = this.scheduledEvents.get(eventId)
    if (!event) return undefined
    this.scheduledEvents.delete(eventId)
    push(this.deletedScheduledEvents, { at: new Date().toISOString(), event: structuredClone(event) })
    return event
  }

  createRole(input: { name: string; color?: number }): StandInRole {
    const role: StandInRole = { id: this.nextSnowflake(), name: input.name, color: input.color ?? 0 }
    this.roles.set(role.id, role)
    return role
  }

  // ---- Discord admin page: role delete, member list ----

  /** Deletes a role and takes it from every member (as Discord does). */
  deleteRole(roleId: string): StandInRole | undefined {
    const role = this.roles.get(roleId)
    if (!role) return undefined
    this.roles.delete(roleId)
    for (const member of this.users.values()) member.user.roles = member.user.roles.filter((id) => id !== roleId)
    return role
  }

  /** Guild members ordered by user id, after `after`, at most `limit` (GET /guilds/{id}/members). */
  guildMembers(limit: number, after: string): StandInMember[] {
    return [...this.users.values()]
      .filter((m) => m.inGuild && BigInt(m.user.id) > BigInt(after))
      .sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1))
      .slice(0, limit)
  }

  // ---- OAuth ----

  issueCode(input: Omit<IssuedCode, 'code' | 'issuedAt' | 'expiresAt' | 'usedAt'>): IssuedCode {
    this.sweepExpired()
    const code: IssuedCode = {
      ...input,
      code: randomToken(30),
      issuedAt: new Date().toISOString(),
      expiresAt: Date.now() + CODE_LIFETIME_MS,
      usedAt: null,
    }
    this.codes.set(code.code, code)
    return code
  }

  issueToken(input: { userId: string; clientId: string; scope: string; fromCode: string | null }): IssuedToken {
    const token: IssuedToken = {
      ...input,
      accessToken: randomToken(30),
      refreshToken: randomToken(30),
      issuedAt: new Date().toISOString(),
      expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000,
      revoked: false,
    }
    this.tokens.set(token.accessToken, token)
    return token
  }

  /** A live (unexpired, unrevoked) token by its access token. */
  findAccessToken(accessToken: string): IssuedToken | undefined {
    const token = this.tokens.get(accessToken)
    if (!token || token.revoked || token.expiresAt < Date.now()) return undefined
    return token
  }

  findRefreshToken(refreshToken: string): IssuedToken | undefined {
    for (const token of this.tokens.values()) {
      if (token.refreshToken === refreshToken && !token.revoked) return token
    }
    return undefined
  }

  revokeTokensFromCode(code: string): void {
    for (const token of this.tokens.values()) if (token.fromCode === code) token.revoked = true
  }

  private sweepExpired() {
    const now = Date.now()
    // Used codes are kept (until they would have expired) so a replay is recognised and the state page shows them.
    for (const [key, code] of this.codes) if (code.expiresAt < now) this.codes.delete(key)
    for (const [key, token] of this.tokens) if (token.expiresAt < now) this.tokens.delete(key)
  }

  // ---- failure injection ----

  /** The next `count` REST calls (optionally only those under `path`) fail as described. */
  failNext(spec: FailureSpec): void {
    if (spec.count > 0) this.failures.push({ ...spec })
  }

  /** Consumes one injected failure matching this path, if any is pending. */
  takeFailure(path: string): FailureSpec | undefined {
    return takeMatching(this.failures, path)
  }

  /** The next `count` REST calls (optionally only those under `path`) are answered late, or never. */
  delayNext(spec: LatencySpec): void {
    if (spec.count > 0) this.latencies.push({ ...spec })
  }

  /** Consumes one injected latency matching this path, if any is pending. */
  takeLatency(path: string): LatencySpec | undefined {
    return takeMatching(this.latencies, path)
  }

  recordRequest(record: RequestRecord): void {
    push(this.requests, record)
  }

  // ---- Discord-shaped views ----

  apiUser(user: DemoUser): APIUser {
    return {
      id: user.id,
      username: user.username,
      global_name: user.global_name,
      avatar: user.avatar,
      discriminator: '0',
      public_flags: 0 as UserFlags,
      flags: 0 as UserFlags,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
    }
  }

  apiMember(member: StandInMember): APIGuildMember {
    return {
      user: this.apiUser(member.user),
      nick: null,
      avatar: null,
      banner: null,
      roles: [...member.user.roles],
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
      communication_disabled_until: null,
    }
  }

  apiRoles(): APIRole[] {
    const everyone: StandInRole = { id: this.config.guildId, name: '@everyone' }
    return [everyone, ...this.roles.values()].map((role, position) => ({
      id: role.id,
      name: role.name,
      color: role.color ?? 0,
      colors: { primary_color: role.color ?? 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: role.id === this.config.guildId ? '1071698660929' : '0',
      managed: false,
      mentionable: false,
      flags: 0 as RoleFlags,
    }))
  }

  apiChannel(channel: StandInChannel) {
    return {
      id: channel.id,
      type: channel.type,
      guild_id: this.config.guildId,
      name: channel.name,
      position: channel.position,
      parent_id: channel.parent_id,
      permission_overwrites: channel.permission_overwrites,
      nsfw: false,
      flags: 0,
      // Text-like channels carry these; Discord omits them on categories.
      ...(channel.type === 4 ? {} : { topic: channel.topic, last_message_id: null, rate_limit_per_user: 0 }),
    }
  }

  /** A JSON-safe summary for GET /__control/state. */
  snapshot() {
    return {
      guildId: this.config.guildId,
      users: [...this.users.values()].map((m) => ({
        id: m.user.id,
        username: m.user.username,
        global_name: m.user.global_name,
        roles: [...m.user.roles],
        inGuild: m.inGuild,
      })),
      messages: this.messages.map(({ message: _message, ...rest }) => rest),
      channels: {
        current: [...this.channels.values()],
        created: this.createdChannels,
        deleted: this.deletedChannels,
      },
      roleChanges: this.roleChanges,
      scheduledEvents: { current: [...this.scheduledEvents.values()], deleted: this.deletedScheduledEvents },
      codes: [...this.codes.values()].map((c) => ({
        // The code itself is a credential only until used; show it so tests can replay it.
        code: c.code,
        clientId: c.clientId,
        userId: c.userId,
        scope: c.scope,
        issuedAt: c.issuedAt,
        usedAt: c.usedAt,
      })),
      codesUsed: [...this.codes.values()].filter((c) => c.usedAt !== null).map((c) => c.code),
      pendingFailures: this.failures,
      pendingLatencies: this.latencies,
      requests: this.requests,
    }
  }
}

function takeMatching<T extends { count: number; path?: string }>(list: T[], path: string): T | undefined {
  const index = list.findIndex((f) => f.count > 0 && (!f.path || path.startsWith(f.path)))
  if (index === -1) return undefined
  const found = list[index]!
  found.count -= 1
  if (found.count <= 0) list.splice(index, 1)
  return found
}

function push<T>(list: T[], item: T) {
  list.push(item)
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS)
}

function randomToken(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url')
}

/** base64url(SHA-256(verifier)), the PKCE S256 transform (RFC 7636 §4.2). */
export function pkceS256(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url')
}
