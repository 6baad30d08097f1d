// The one Discord client. Bot calls go through @discordjs/rest and never throw: each answers a DiscordResult,
// and every final failure is reported through onFailure (the app writes a System audit-log entry there), so a
// Discord outage never breaks the page or job that caused the call. The user-token helpers used by login are
// plain fetch calls that throw a typed DiscordError, which the login flow turns into a message.

import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { DiscordAPIError, HTTPError, REST, RateLimitError } from '@discordjs/rest'
import {
  ChannelType,
  Routes,
  type APIAllowedMentions,
  type APIChannel,
  type APIEmbed,
  type APIGuildMember,
  type APIGuildScheduledEvent,
  type APIMessage,
  type APIRole,
  type APIUser,
  type RESTGetAPIGuildChannelsResult,
  type RESTPostAPIChannelMessageJSONBody,
  type RESTPostAPIGuildChannelJSONBody,
  type RESTPatchAPIGuildScheduledEventJSONBody,
  type RESTPostAPIGuildScheduledEventJSONBody,
} from 'discord-api-types/v10'
import { z } from 'zod'
import { logger } from '../logger.ts'
import { describeError } from '../error-text.ts'
import { singleton } from '../singleton.ts'

type DiscordResult<T> = { ok: true; data: T } | { ok: false; error: string; status?: number; code?: number }

interface DiscordFailure {
  /** What was attempted, e.g. "send message to channel 930000000000000002". */
  action: string
  error: string
  status?: number
}

export interface DiscordClientOptions {
  /** DISCORD_API_URL, e.g. https://discord.com/api (a trailing /v10 is tolerated). */
  apiUrl?: string
  botToken?: string | null
  guildId?: string | null
  /** Called once per call that finally failed (after retries). Errors it throws are logged, not raised. */
  onFailure?: (info: DiscordFailure) => void | Promise<void>
  /** Per-attempt timeout. Default 10 s. */
  timeoutMs?: number
  /** Attempts for transient failures (network errors, timeouts, 5xx). Default 3. */
  maxAttempts?: number
  /** Back-off before the 2nd attempt; doubles after each further one. Default 500 ms. */
  retryDelayMs?: number
  /** The most time one call may spend waiting out rate limits (429) before it gives up. Default 30 s. */
  maxRateLimitWaitMs?: number
}

interface CreateChannelInput {
  name: string
  /** Default: a text channel. */
  type?: ChannelType.GuildText | ChannelType.GuildVoice | ChannelType.GuildCategory | ChannelType.GuildAnnouncement
  parentId?: string | null
  topic?: string
  permissionOverwrites?: RESTPostAPIGuildChannelJSONBody['permission_overwrites']
  /** Shown in the guild's audit log. */
  reason?: string
  /** The most time the whole call may take, retries included (a request waiting on it: see `run`). */
  budgetMs?: number
}

export interface SendMessageInput {
  content: string
  /**
   * Who may be pinged. Default `{ parse: ['users', 'roles'] }`: user and role mentions in the content ping,
   * @everyone / @here never do unless allowed here explicitly.
   */
  allowedMentions?: APIAllowedMentions
  embeds?: APIEmbed[]
  /**
   * Discord de-duplicates sends carrying the same nonce for a few minutes (enforce_nonce), so a retry after a
   * timeout cannot post twice. Default: a fresh nonce per call (kept across this call's retries); pass a stable
   * one (max 25 chars, e.g. derived from a ping id) to also cover a job retried after a crash.
   */
  nonce?: string
}

export interface DiscordClient {
  /** True when a bot token and a guild are configured; otherwise every method answers "not configured". */
  readonly configured: boolean
  /**
   * The same client, with every call through it finished (retries, rate-limit waits and the client's own queue
   * included) within `ms` from now: for a request that waits on Discord. Past the deadline a call answers
   * "Discord did not answer within ... ms" (and is reported through onFailure like any failed call).
   */
  within(ms: number): DiscordClient
  getGuildMember(userId: string): Promise<DiscordResult<APIGuildMember>>
  /** Every guild member with their roles (GET /guilds/{id}/members, 1,000 a page, followed to the end). */
  listGuildMembers(): Promise<DiscordResult<APIGuildMember[]>>
  listGuildRoles(): Promise<DiscordResult<APIRole[]>>
  listGuildChannels(): Promise<DiscordResult<RESTGetAPIGuildChannelsResult>>
  createChannel(input: CreateChannelInput): Promise<DiscordResult<APIChannel>>
  deleteChannel(channelId: string): Promise<DiscordResult<APIChannel>>
  sendMessage(channelId: string, input: SendMessageInput): Promise<DiscordResult<APIMessage>>
  /**
   * A direct message from the bot: opens (or reuses) the DM channel with the user, then sends. Discord refuses it when
   * the user shares no server with the bot or has DMs from server members turned off; that is an ordinary failure.
   */
  sendDirectMessage(userId: string, input: SendMessageInput): Promise<DiscordResult<APIMessage>>
  addMemberRole(userId: string, roleId: string, reason?: string): Promise<DiscordResult<null>>
  removeMemberRole(userId: string, roleId: string, reason?: string): Promise<DiscordResult<null>>
  // -- Discord admin page: squad roles, purges --
  createRole(input: { name: string; reason?: string; budgetMs?: number }): Promise<DiscordResult<APIRole>>
  deleteRole(roleId: string, reason?: string): Promise<DiscordResult<null>>
  // -- Scheduled events (server/discord/scheduled-events.ts) --
  listScheduledEvents(): Promise<DiscordResult<APIGuildScheduledEvent[]>>
  createScheduledEvent(body: RESTPostAPIGuildScheduledEventJSONBody): Promise<DiscordResult<APIGuildScheduledEvent>>
  /** Edits the event with the same fields as a create (a 404 "Unknown Guild Scheduled Event" when it is gone). */
  editScheduledEvent(
    eventId: string,
    body: RESTPostAPIGuildScheduledEventJSONBody,
  ): Promise<DiscordResult<APIGuildScheduledEvent>>
  deleteScheduledEvent(eventId: string): Promise<DiscordResult<null>>
}

/** The most a request waits on Discord when Discord is the point of the action (Post Training on Discord, a purge). */
export const DISCORD_ACTION_BUDGET_MS = 8000
/** The most a page or a use case waits for Discord's lists (channel and role pickers, names for audit entries). */
export const DISCORD_LOOKUP_BUDGET_MS = 3000

/** When a bounded call must be done: `at` in epoch ms; `budgetMs` is the budget it came from (for the message). */
interface Deadline {
  at: number
  budgetMs: number
}

/** Discord's largest page of GET /guilds/{id}/members. */
const MEMBERS_PAGE = 1000

export const DISCORD_NOT_CONFIGURED = 'Discord bot is not configured'
const DEFAULT_API_URL = 'https://discord.com/api'

export function createDiscordClient(options: DiscordClientOptions): DiscordClient {
  const botToken = options.botToken || undefined
  const guildId = options.guildId || undefined
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3)
  const retryDelayMs = options.retryDelayMs ?? 500
  const maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? 30_000
  const configured = Boolean(botToken && guildId)

  const rest = new REST({
    api: apiBase(options.apiUrl ?? DEFAULT_API_URL),
    version: '10',
    timeout: timeoutMs,
    // Retries happen below, with back-off and a bound, instead of the library's immediate ones.
    retries: 0,
    // NOTE: left alone, @discordjs/rest waits out every 429 and retries forever (it honours Retry-After but has
    // no limit). Rejecting hands each rate limit to the loop below, which waits it out within maxRateLimitWaitMs.
    rejectOnRateLimit: () => true,
  })

  /**
   * One call with its retries. A `deadline` bounds the whole call (a person's request waits on it, e.g. creating a
   * squad's role before its mapping is stored): past it the call is abandoned and reported as failed.
   */
  async function run<T>(
    action: string,
    request: (signal?: AbortSignal) => Promise<unknown>,
    deadline?: Deadline,
  ): Promise<DiscordResult<T>> {
    if (!configured) return { ok: false, error: DISCORD_NOT_CONFIGURED }
    const outOfTime = () => fail<T>(action, { error: `Discord did not answer within ${deadline!.budgetMs} ms` })
    const left = deadline ? deadline.at - Date.now() : undefined
    if (left !== undefined && left <= 0) return outOfTime()
    const signal = left === undefined ? undefined : AbortSignal.timeout(left)
    const wouldOutlast = (waitMs: number) => deadline !== undefined && Date.now() + waitMs >= deadline.at
    let attempt = 0
    let rateLimitWaited = 0
    for (;;) {
      // NOTE: @discordjs/rest forgets the token after any 401; set it again so one bad answer is not permanent.
      rest.setToken(botToken!)
      try {
        return { ok: true, data: (await untilAborted(request(signal), signal)) as T }
      } catch (error) {
        if (signal?.aborted) return outOfTime()
        if (error instanceof RateLimitError) {
          const wait = Math.max(50, error.retryAfter > 0 ? error.retryAfter : error.timeToReset)
          if (rateLimitWaited + wait > maxRateLimitWaitMs || wouldOutlast(wait)) {
            return fail(action, {
              error: `Rate limited by Discord (retry after ${(wait / 1000).toFixed(1)} s); gave up after waiting ${(rateLimitWaited / 1000).toFixed(1)} s`,
              status: 429,
            })
          }
          rateLimitWaited += wait
          await sleep(wait)
          continue
        }
        if (error instanceof DiscordAPIError) {
          // 4xx: retrying cannot help.
          return fail(action, {
            error: error.message,
            status: error.status,
            code: typeof error.code === 'number' ? error.code : undefined,
          })
        }
        attempt += 1
        const failure =
          error instanceof HTTPError
            ? { error: `Discord answered ${error.status} ${error.message}`.trim(), status: error.status }
            : { error: networkErrorMessage(error, timeoutMs) }
        if (attempt >= maxAttempts) {
          return fail(action, { ...failure, error: `${failure.error} (after ${attempt} attempts)` })
        }
        const backOff = retryDelayMs * 2 ** (attempt - 1)
        if (wouldOutlast(backOff)) return outOfTime()
        await sleep(backOff)
      }
    }
  }

  async function fail<T>(
    action: string,
    failure: { error: string; status?: number; code?: number },
  ): Promise<DiscordResult<T>> {
    logger.warn({ msg: 'Discord call failed', action, error: failure.error, status: failure.status })
    if (options.onFailure) {
      try {
        await options.onFailure({ action, error: failure.error, status: failure.status })
      } catch (error) {
        logger.error({ msg: 'Discord onFailure handler threw', action, error: describeError(error) })
      }
    }
    return { ok: false, ...failure }
  }

  /** A call's own budget (createChannel, createRole) can only shorten the deadline it is made under. */
  const earliest = (deadline: Deadline | undefined, budgetMs: number | undefined): Deadline | undefined => {
    if (budgetMs === undefined) return deadline
    const own = { at: Date.now() + budgetMs, budgetMs }
    return deadline && deadline.at <= own.at ? deadline : own
  }

  /** The calls, each bounded by `deadline` when one is given (see `within`). */
  const bounded = (deadline?: Deadline): DiscordClient => ({
    configured,

    within: (ms) => bounded(earliest(deadline, ms)),

    getGuildMember: (userId) =>
      run(
        `get guild member ${userId}`,
        (signal) => rest.get(Routes.guildMember(guildId!, userId), { signal }),
        deadline,
      ),

    listGuildMembers: async () => {
      const all: APIGuildMember[] = []
      let after = '0'
      for (;;) {
        const query = new URLSearchParams({ limit: String(MEMBERS_PAGE), after })
        const page = await run<APIGuildMember[]>(
          `list guild members after ${after}`,
          (signal) => rest.get(Routes.guildMembers(guildId!), { query, signal }),
          deadline,
        )
        if (!page.ok) return page
        all.push(...page.data)
        const last = page.data.at(-1)?.user?.id
        if (page.data.length < MEMBERS_PAGE || !last) return { ok: true, data: all }
        after = last
      }
    },

    listGuildRoles: () =>
      run('list guild roles', (signal) => rest.get(Routes.guildRoles(guildId!), { signal }), deadline),

    listGuildChannels: () =>
      run('list guild channels', (signal) => rest.get(Routes.guildChannels(guildId!), { signal }), deadline),

    createChannel: (input) => {
      const body: RESTPostAPIGuildChannelJSONBody = {
        name: input.name,
        type: input.type ?? ChannelType.GuildText,
        parent_id: input.parentId ?? null,
        ...(input.topic !== undefined ? { topic: input.topic } : {}),
        ...(input.permissionOverwrites ? { permission_overwrites: input.permissionOverwrites } : {}),
      } as RESTPostAPIGuildChannelJSONBody
      return run(
        `create channel "${input.name}"`,
        (signal) => rest.post(Routes.guildChannels(guildId!), { body, reason: input.reason, signal }),
        earliest(deadline, input.budgetMs),
      )
    },

    deleteChannel: (channelId) =>
      run(`delete channel ${channelId}`, (signal) => rest.delete(Routes.channel(channelId), { signal }), deadline),

    sendMessage: (channelId, input) => {
      const body: RESTPostAPIChannelMessageJSONBody = {
        content: input.content,
        allowed_mentions: input.allowedMentions ?? { parse: ['users', 'roles'] as APIAllowedMentions['parse'] },
        ...(input.embeds ? { embeds: input.embeds } : {}),
        nonce: input.nonce ?? randomNonce(),
        enforce_nonce: true,
      }
      return run(
        `send message to channel ${channelId}`,
        (signal) => rest.post(Routes.channelMessages(channelId), { body, signal }),
        deadline,
      )
    },

    sendDirectMessage: async (userId, input) => {
      const channel = await run<APIChannel>(
        `open a direct message channel with ${userId}`,
        (signal) => rest.post(Routes.userChannels(), { body: { recipient_id: userId }, signal }),
        deadline,
      )
      if (!channel.ok) return channel
      return bounded(deadline).sendMessage(channel.data.id, input)
    },

    addMemberRole: (userId, roleId, reason) =>
      run(
        `add role ${roleId} to member ${userId}`,
        async (signal) => {
          await rest.put(Routes.guildMemberRole(guildId!, userId, roleId), { reason, signal })
          return null
        },
        deadline,
      ),

    removeMemberRole: (userId, roleId, reason) =>
      run(
        `remove role ${roleId} from member ${userId}`,
        async (signal) => {
          await rest.delete(Routes.guildMemberRole(guildId!, userId, roleId), { reason, signal })
          return null
        },
        deadline,
      ),

    // -- Discord admin page --
    createRole: (input) =>
      run(
        `create role "${input.name}"`,
        (signal) =>
          rest.post(Routes.guildRoles(guildId!), {
            body: { name: input.name, mentionable: false },
            reason: input.reason,
            signal,
          }),
        earliest(deadline, input.budgetMs),
      ),

    deleteRole: (roleId, reason) =>
      run(
        `delete role ${roleId}`,
        async (signal) => {
          await rest.delete(Routes.guildRole(guildId!, roleId), { reason, signal })
          return null
        },
        deadline,
      ),

    // -- Scheduled events --
    listScheduledEvents: () =>
      run('list scheduled events', (signal) => rest.get(Routes.guildScheduledEvents(guildId!), { signal }), deadline),

    createScheduledEvent: (body) =>
      run(
        `create scheduled event "${body.name}"`,
        (signal) => rest.post(Routes.guildScheduledEvents(guildId!), { body, signal }),
        deadline,
      ),

    editScheduledEvent: (eventId, body) =>
      run(
        `edit scheduled event ${eventId}`,
        (signal) =>
          rest.patch(Routes.guildScheduledEvent(guildId!, eventId), {
            // NOTE: Discord asks an edit that changes the kind of place to clear the other kind's field: a channel
            // for an external event, the location for a voice one.
            body: {
              ...body,
              channel_id: body.channel_id ?? null,
              entity_metadata: body.entity_metadata ?? null,
            } satisfies RESTPatchAPIGuildScheduledEventJSONBody,
            signal,
          }),
        deadline,
      ),

    deleteScheduledEvent: (eventId) =>
      run(
        `delete scheduled event ${eventId}`,
        async (signal) => {
          await rest.delete(Routes.guildScheduledEvent(guildId!, eventId), { signal })
          return null
        },
        deadline,
      ),
  })

  return bounded()
}

/**
 * Settles with `call`, or rejects once `signal` aborts: @discordjs/rest queues calls per route and does not watch
 * the signal while one waits its turn, so a deadline must not depend on the queue moving.
 */
function untilAborted<T>(call: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return call
  let onAbort: (() => void) | undefined
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  return Promise.race([call, aborted]).finally(() => signal.removeEventListener('abort', onAbort!))
}

/** The REST `api` option is the base without the version: accept DISCORD_API_URL with or without /v10. */
function apiBase(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '').replace(/\/v\d+$/, '')
}

function randomNonce(): string {
  return randomUUID().replace(/-/g, '').slice(0, 25)
}

function networkErrorMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'AbortError' || error.name === 'TimeoutError')
      return `Discord did not answer within ${timeoutMs} ms`
    const cause = (error as { cause?: unknown }).cause
    const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code
    return `Network error talking to Discord: ${error.message}${typeof code === 'string' && !error.message.includes(code) ? ` (${code})` : ''}`
  }
  return `Network error talking to Discord: ${String(error)}`
}

// ---- user-token helpers for the login flow ----

export class DiscordError extends Error {
  constructor(
    message: string,
    /** HTTP status, when Discord answered. */
    readonly status?: number,
    /** Discord's JSON error code (e.g. 10004 Unknown Guild), when it sent one. */
    readonly code?: number,
  ) {
    super(message)
    this.name = 'DiscordError'
  }
}

const userSchema = z.looseObject({
  id: z.string().min(1),
  username: z.string(),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
  discriminator: z.string().optional(),
})

const memberSchema = z.looseObject({
  roles: z.array(z.string()),
  nick: z.string().nullish(),
  joined_at: z.string().nullish(),
  user: userSchema.optional(),
})

interface UserFetchOptions {
  /** Default 10 s. */
  timeoutMs?: number
}

/** The user behind an OAuth access token (scope `identify`). Throws DiscordError. */
export async function fetchDiscordUser(
  apiUrl: string,
  accessToken: string,
  options: UserFetchOptions = {},
): Promise<APIUser> {
  const body = await userRequest(apiUrl, '/users/@me', accessToken, options)
  const parsed = userSchema.safeParse(body)
  if (!parsed.success) throw new DiscordError('Discord sent an unexpected user object')
  return {
    ...parsed.data,
    global_name: parsed.data.global_name ?? null,
    avatar: parsed.data.avatar ?? null,
    discriminator: parsed.data.discriminator ?? '0',
  } as APIUser
}

/**
 * The token owner's membership in a guild (scope `guilds.members.read`), or null when they are not a member
 * (Discord answers 404 Unknown Guild then). Throws DiscordError for anything else.
 */
export async function fetchOwnGuildMember(
  apiUrl: string,
  accessToken: string,
  guildId: string,
  options: UserFetchOptions = {},
): Promise<APIGuildMember | null> {
  let body: unknown
  try {
    body = await userRequest(apiUrl, `/users/@me/guilds/${encodeURIComponent(guildId)}/member`, accessToken, options)
  } catch (error) {
    if (error instanceof DiscordError && error.status === 404) return null
    throw error
  }
  const parsed = memberSchema.safeParse(body)
  if (!parsed.success) throw new DiscordError('Discord sent an unexpected guild member object')
  return parsed.data as unknown as APIGuildMember
}

async function userRequest(
  apiUrl: string,
  path: string,
  accessToken: string,
  options: UserFetchOptions,
): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 10_000
  let res: Response
  try {
    // NOTE: the configuration (README, Configuration) fixes these as $DISCORD_API_URL/users/@me...: unversioned, so any
    // Discord look-alike that speaks the documented paths works (Discord itself serves them at its default API
    // version).
    res = await fetch(`${apiUrl.replace(/\/+$/, '')}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new DiscordError(networkErrorMessage(error, timeoutMs))
  }
  const text = await res.text().catch(() => '')
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: handled below
  }
  if (!res.ok) {
    const error = body as { message?: unknown; code?: unknown } | undefined
    const message = typeof error?.message === 'string' ? error.message : `Discord answered ${res.status}`
    throw new DiscordError(message, res.status, typeof error?.code === 'number' ? error.code : undefined)
  }
  if (body === undefined) throw new DiscordError('Discord sent an answer that is not JSON', res.status)
  return body
}

export const DISCORD_CDN_URL = 'https://cdn.discordapp.com'

// NOTE: process-wide (a singleton: the React Router build has its own copy of this module), set by startApp from the
// configuration; avatar URLs are built deep inside queries and the live ORBAT snapshot, which see no configuration.
const defaultAvatars = singleton('discord:default-avatars', () => ({ base: DISCORD_CDN_URL }))

/** Where default avatars come from: Discord's CDN, or in demo mode the app's own stand-in (no request leaves the machine). */
export function setDefaultAvatarBase(base: string): void {
  defaultAvatars.base = base
}

/** A user's avatar on Discord's CDN, or their default avatar when they have none. */
export function discordAvatarUrl(userId: string, avatarHash: string | null | undefined): string {
  if (avatarHash) {
    return `${DISCORD_CDN_URL}/avatars/${encodeURIComponent(userId)}/${encodeURIComponent(avatarHash)}.png?size=64`
  }
  let index = 0n
  try {
    index = (BigInt(userId) >> 22n) % 6n
  } catch {
    // not a snowflake: the first default avatar
  }
  return `${defaultAvatars.base}/embed/avatars/${index}.png`
}
