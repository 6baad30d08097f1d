// The Discord stand-in: an Express router that speaks the OAuth2 and REST endpoints the app uses, with Discord's
// URL layout and JSON shapes, so the production code path runs unchanged in demo mode and in tests.
// Mounted by the app at /__discord in demo mode, or served on its own port by startDiscordStandIn().

import crypto from 'node:crypto'
import express, { type NextFunction, type Request, type Response } from 'express'
import {
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  type APIGuildScheduledEvent,
  type APIMessage,
  type RESTPostOAuth2AccessTokenResult,
} from 'discord-api-types/v10'
import { z } from 'zod'
import type { DemoUser } from '#db/seed/demo-guild.ts'
import { sendDefaultAvatar } from './avatars.ts'
import { authorizePage, errorPage, homePage, type AuthorizeParams } from './html.ts'
import {
  DiscordStandInState,
  TOKEN_LIFETIME_SECONDS,
  pkceS256,
  type IssuedToken,
  type StandInChannel,
  type StandInRole,
} from './state.ts'

export interface DiscordStandInOptions {
  /** The guild's members; default: the demo users. */
  users?: DemoUser[]
  /** Default: the demo guild id. */
  guildId?: string
  guildName?: string
  /** Default: the demo guild's roles. */
  roles?: StandInRole[]
  /** Default: the demo guild's channels. */
  channels?: StandInChannel[]
  /** When set, only this client_id is accepted; otherwise any client_id is. */
  clientId?: string
  /** When set, the token endpoint requires it (HTTP Basic or body). */
  clientSecret?: string
  /** When set, bot routes require `Authorization: Bot <botToken>`; otherwise any bot token is accepted. */
  botToken?: string
  /** When set, redirect_uri must be one of these (as Discord's registered redirects). */
  redirectUris?: string[]
  /** The application name on the consent screen. */
  appName?: string
  /** A link shown on the stand-in's home page, e.g. the app's `/auth/discord`. */
  appLoginUrl?: string
  /** Serve the JSON test controls under /__control. Default true. */
  controls?: boolean
}

export interface DiscordStandIn {
  router: express.Router
  state: DiscordStandInState
}

const NOT_FOUND_CODES = {
  guild: { message: 'Unknown Guild', code: 10004 },
  member: { message: 'Unknown Member', code: 10007 },
  channel: { message: 'Unknown Channel', code: 10003 },
  role: { message: 'Unknown Role', code: 10011 },
  scheduledEvent: { message: 'Unknown Guild Scheduled Event', code: 10070 },
} as const

/** How long a message nonce de-duplicates sends (Discord: "a few minutes"). */
const NONCE_WINDOW_MS = 5 * 60 * 1000

const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 }

export function createDiscordStandIn(options: DiscordStandInOptions = {}): DiscordStandIn {
  const state = new DiscordStandInState({
    users: options.users,
    roles: options.roles,
    channels: options.channels,
    config: {
      guildId: options.guildId,
      guildName: options.guildName,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      botToken: options.botToken,
      redirectUris: options.redirectUris,
      appName: options.appName,
      appLoginUrl: options.appLoginUrl,
    },
  })
  const router = express.Router()
  const urlencoded = express.urlencoded({ extended: false, limit: '32kb' })
  const json = express.json({ limit: '1mb' })

  // ---- stand-in home page ----

  router.get('/', (req, res) => {
    const base = req.baseUrl
    const origin = `${req.protocol}://${req.get('host')}`
    const authorize = new URLSearchParams({
      client_id: state.config.clientId ?? 'stand-in',
      response_type: 'code',
      scope: 'identify guilds.members.read',
      redirect_uri: `${origin}${base}/`,
    })
    sendHtml(
      res,
      200,
      homePage({
        state,
        authorizeHref: `${base}/oauth2/authorize?${authorize}`,
        appLoginUrl: state.config.appLoginUrl,
        nonce: nonceOf(res),
      }),
    )
  })

  // ---- the avatar CDN (default avatars: demo users have no avatar of their own) ----

  router.get('/cdn/embed/avatars/:file', sendDefaultAvatar)

  // ---- OAuth2 consent screen ----

  router.get('/oauth2/authorize', (req, res) => {
    const checked = checkAuthorizeParams(state, req.query as Record<string, unknown>)
    if (!checked.ok) return sendHtml(res, 400, errorPage({ ...checked, nonce: nonceOf(res) }))
    sendHtml(
      res,
      200,
      authorizePage({
        action: `${req.baseUrl}/oauth2/authorize`,
        params: checked.params,
        users: [...state.users.values()].map((m) => m.user),
        appName: state.config.appName,
        guildName: state.config.guildName,
        nonce: nonceOf(res),
      }),
    )
  })

  router.post('/oauth2/authorize', urlencoded, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const checked = checkAuthorizeParams(state, body)
    if (!checked.ok) return sendHtml(res, 400, errorPage({ ...checked, nonce: nonceOf(res) }))
    const { params, redirect } = checked
    if (params.state) redirect.searchParams.set('state', params.state)

    if (body.decision === 'cancel') {
      redirect.searchParams.set('error', 'access_denied')
      redirect.searchParams.set('error_description', 'The resource owner or authorization server denied the request')
      return void res.redirect(302, redirect.toString())
    }
    const userId = typeof body.user_id === 'string' ? body.user_id : ''
    if (!state.users.has(userId)) {
      return sendHtml(
        res,
        400,
        errorPage({ title: 'Unknown user', message: 'Pick one of the listed users.', nonce: nonceOf(res) }),
      )
    }
    const code = state.issueCode({
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      scope: params.scope,
      userId,
      codeChallenge: params.code_challenge || null,
      codeChallengeMethod: params.code_challenge ? params.code_challenge_method : null,
    })
    redirect.searchParams.set('code', code.code)
    res.redirect(302, redirect.toString())
  })

  // ---- REST API (both /api/... and /api/v10/..., as @discordjs/rest adds the version) ----

  const api = express.Router()
  router.use('/api{/v10}', api)

  api.use((req, res, next) => {
    res.on('finish', () => {
      state.recordRequest({ at: new Date().toISOString(), method: req.method, path: req.path, status: res.statusCode })
    })
    next()
  })

  // OAuth2 token endpoints are not subject to injected REST failures.
  api.post('/oauth2/token', urlencoded, json, (req, res) => tokenEndpoint(state, req, res))
  api.post('/oauth2/token/revoke', urlencoded, json, (req, res) => {
    const token = String((req.body as Record<string, unknown> | undefined)?.token ?? '')
    const found = state.findAccessToken(token) ?? state.findRefreshToken(token)
    if (found) found.revoked = true
    res.json({})
  })

  // A slow Discord (POST /__control/latency): the call is handled late, or never. A client that gave up meanwhile
  // is not answered, and its call has no effect (as if it never arrived).
  api.use((req, res, next) => {
    const latency = state.takeLatency(req.path)
    if (!latency) return next()
    const timer = latency.delayMs === 'never' ? undefined : setTimeout(next, latency.delayMs)
    res.on('close', () => {
      if (res.writableFinished) return
      clearTimeout(timer)
      state.recordRequest({ at: new Date().toISOString(), method: req.method, path: req.path, status: 'abandoned' })
    })
  })

  api.use((req, res, next) => {
    const failure = state.takeFailure(req.path)
    if (!failure) return next()
    if (failure.status === 'network') {
      state.recordRequest({ at: new Date().toISOString(), method: req.method, path: req.path, status: 'network' })
      req.socket.destroy()
      return
    }
    if (failure.status === 'no answer') {
      state.recordRequest({ at: new Date().toISOString(), method: req.method, path: req.path, status: 'no answer' })
      if (!failure.takeEffect) return
      // The route runs (a message is posted); the answer it writes goes nowhere and the connection stays open.
      res.json = () => res
      res.send = () => res
      return next()
    }
    if (failure.status === 429) {
      const retryAfter = failure.retryAfter ?? 1
      // Discord sends these on every rate-limited answer. NOTE: Discord's Retry-After header is whole seconds;
      // here it carries the exact (possibly fractional) value so tests can use short waits.
      res.set({
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': (Date.now() / 1000 + retryAfter).toFixed(3),
        'X-RateLimit-Reset-After': retryAfter.toFixed(3),
        'X-RateLimit-Bucket': crypto.createHash('sha1').update(req.path).digest('hex').slice(0, 32),
        'X-RateLimit-Scope': 'user',
      })
      return void res
        .status(429)
        .json({ message: 'You are being rate limited.', retry_after: retryAfter, global: false })
    }
    res.status(failure.status).json({ message: `${failure.status}: Injected failure`, code: 0 })
  })

  // ---- discord-sync: the simulated rate limit on member role changes (POST /__control/role-rate-limit) ----
  api.use((_req, _res, next) => {
    state.roleCallStats.requests += 1
    next()
  })
  api.use('/guilds/:guildId/members/:userId/roles/:roleId', (req, res, next) => {
    if (req.method !== 'PUT' && req.method !== 'DELETE') return next()
    const wait = state.takeRoleCall()
    if (!wait) return next()
    res.set({
      'Retry-After': String(wait),
      'X-RateLimit-Limit': String(state.roleRateLimit?.limit ?? 0),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': (Date.now() / 1000 + wait).toFixed(3),
      'X-RateLimit-Reset-After': wait.toFixed(3),
      'X-RateLimit-Bucket': 'member-roles',
      'X-RateLimit-Scope': 'user',
    })
    res.status(429).json({ message: 'You are being rate limited.', retry_after: wait, global: false })
  })
  // ---- end discord-sync ----

  api.use(json)

  // -- user-token routes --

  api.get('/users/@me', (req, res) => {
    const auth = authOf(state, req)
    if (auth.kind === 'bot') return void res.json(state.config.botUser)
    if (auth.kind !== 'user') return void res.status(401).json(UNAUTHORIZED)
    if (!hasScope(auth.token, 'identify')) return void res.status(403).json({ message: 'Missing Access', code: 50001 })
    const member = state.users.get(auth.token.userId)
    if (!member) return void res.status(401).json(UNAUTHORIZED)
    res.json(state.apiUser(member.user))
  })

  api.get('/users/@me/guilds', (req, res) => {
    const auth = authOf(state, req)
    if (auth.kind !== 'user') return void res.status(401).json(UNAUTHORIZED)
    if (!hasScope(auth.token, 'guilds')) return void res.status(403).json({ message: 'Missing Access', code: 50001 })
    const member = state.guildMember(auth.token.userId)
    res.json(
      member
        ? [
            {
              id: state.config.guildId,
              name: state.config.guildName,
              icon: null,
              banner: null,
              owner: false,
              permissions: '0',
              features: [],
            },
          ]
        : [],
    )
  })

  api.get('/users/@me/guilds/:guildId/member', (req, res) => {
    const auth = authOf(state, req)
    if (auth.kind !== 'user') return void res.status(401).json(UNAUTHORIZED)
    if (!hasScope(auth.token, 'guilds.members.read')) {
      return void res.status(403).json({ message: 'Missing Access', code: 50001 })
    }
    // Discord answers "Unknown Guild" when the user is not a member of it.
    const member = req.params.guildId === state.config.guildId ? state.guildMember(auth.token.userId) : undefined
    if (!member) return void res.status(404).json(NOT_FOUND_CODES.guild)
    res.json(state.apiMember(member))
  })

  // -- bot routes --

  const bot = express.Router({ mergeParams: true })
  bot.use((req, res, next) => {
    if (authOf(state, req).kind !== 'bot') return void res.status(401).json(UNAUTHORIZED)
    next()
  })
  api.use(bot)

  const guild = express.Router({ mergeParams: true })
  bot.use(
    '/guilds/:guildId',
    (req, res, next) => {
      if (req.params.guildId !== state.config.guildId) return void res.status(404).json(NOT_FOUND_CODES.guild)
      next()
    },
    guild,
  )

  guild.get('/members/:userId', (req, res) => {
    const member = state.guildMember(req.params.userId!)
    if (!member) return void res.status(404).json(NOT_FOUND_CODES.member)
    res.json(state.apiMember(member))
  })

  guild.get('/roles', (_req, res) => void res.json(state.apiRoles()))

  guild.post('/roles', (req, res) => {
    const parsed = z
      .object({ name: z.string().max(100).optional(), color: z.number().int().optional() })
      .safeParse(req.body ?? {})
    if (!parsed.success) return void res.status(400).json(invalidFormBody(parsed.error))
    const role = state.createRole({ name: parsed.data.name ?? 'new role', color: parsed.data.color })
    res.json(state.apiRoles().find((r) => r.id === role.id))
  })

  // ---- Discord admin: role delete; the guild member list, paginated as Discord does ----
  guild.delete('/roles/:roleId', (req, res) => {
    if (!state.deleteRole(req.params.roleId!)) return void res.status(404).json(NOT_FOUND_CODES.role)
    res.status(204).end()
  })

  guild.get('/members', (req, res) => {
    const limit = Math.min(1000, Math.max(1, Number(req.query.limit) || 1))
    const after = /^\d{1,25}$/.test(String(req.query.after ?? '')) ? String(req.query.after) : '0'
    res.json(state.guildMembers(limit, after).map((m) => state.apiMember(m)))
  })
  // ---- end Discord admin page block ----

  guild.get('/channels', (_req, res) => void res.json([...state.channels.values()].map((c) => state.apiChannel(c))))

  guild.post('/channels', (req, res) => {
    const parsed = channelBody.safeParse(req.body ?? {})
    if (!parsed.success) return void res.status(400).json(invalidFormBody(parsed.error))
    const body = parsed.data
    const parentId = body.parent_id ?? null
    if (parentId !== null && state.channels.get(parentId)?.type !== 4) {
      return void res.status(400).json({
        message: 'Invalid Form Body',
        code: 50035,
        errors: { parent_id: { _errors: [{ code: 'CHANNEL_PARENT_INVALID', message: 'Not a category' }] } },
      })
    }
    const channel = state.createChannel({
      name: body.name,
      type: body.type ?? 0,
      parent_id: parentId,
      topic: body.topic ?? null,
      position: body.position,
      permission_overwrites: body.permission_overwrites ?? [],
    })
    res.status(201).json(state.apiChannel(channel))
  })

  // -- scheduled events (Discord's Guild Scheduled Event resource: external events with a location, or voice ones) --

  guild.get('/scheduled-events', (_req, res) => void res.json([...state.scheduledEvents.values()]))

  guild.post('/scheduled-events', (req, res) => {
    const parsed = scheduledEventBody.safeParse(req.body ?? {})
    if (!parsed.success) return void res.status(400).json(invalidFormBody(parsed.error))
    const refusal = scheduledEventRefusal(state, parsed.data, null)
    if (refusal) return void res.status(400).json(refusal)
    const body = parsed.data
    const event = {
      id: state.nextSnowflake(),
      guild_id: state.config.guildId,
      channel_id: body.channel_id ?? null,
      creator_id: state.config.botUser.id,
      name: body.name,
      description: body.description ?? null,
      scheduled_start_time: body.scheduled_start_time,
      scheduled_end_time: body.scheduled_end_time ?? null,
      privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
      status: GuildScheduledEventStatus.Scheduled,
      entity_type: body.entity_type,
      entity_id: null,
      entity_metadata: body.entity_metadata ?? null,
      image: null,
      recurrence_rule: null,
      user_count: 0,
    } as APIGuildScheduledEvent
    state.scheduledEvents.set(event.id, event)
    res.json(event)
  })

  guild.get('/scheduled-events/:eventId', (req, res) => {
    const event = state.scheduledEvents.get(req.params.eventId!)
    if (!event) return void res.status(404).json(NOT_FOUND_CODES.scheduledEvent)
    res.json(event)
  })

  guild.patch('/scheduled-events/:eventId', (req, res) => {
    const event = state.scheduledEvents.get(req.params.eventId!)
    if (!event) return void res.status(404).json(NOT_FOUND_CODES.scheduledEvent)
    const parsed = scheduledEventBody.partial().safeParse(req.body ?? {})
    if (!parsed.success) return void res.status(400).json(invalidFormBody(parsed.error))
    const merged = { ...event, ...parsed.data } as APIGuildScheduledEvent
    const refusal = scheduledEventRefusal(state, merged, event)
    if (refusal) return void res.status(400).json(refusal)
    state.scheduledEvents.set(event.id, merged)
    res.json(merged)
  })

  guild.delete('/scheduled-events/:eventId', (req, res) => {
    if (!state.deleteScheduledEvent(req.params.eventId!))
      return void res.status(404).json(NOT_FOUND_CODES.scheduledEvent)
    res.status(204).end()
  })

  guild.put('/members/:userId/roles/:roleId', (req, res) => changeRole(req, res, 'add'))
  guild.delete('/members/:userId/roles/:roleId', (req, res) => changeRole(req, res, 'remove'))

  function changeRole(req: Request, res: Response, action: 'add' | 'remove') {
    const { userId, roleId } = req.params as { userId: string; roleId: string }
    if (!state.guildMember(userId)) return void res.status(404).json(NOT_FOUND_CODES.member)
    if (!state.roles.has(roleId)) return void res.status(404).json(NOT_FOUND_CODES.role)
    const reason = auditReason(req)
    if (action === 'add') state.addMemberRole(userId, roleId, reason)
    else state.removeMemberRole(userId, roleId, reason)
    res.status(204).end()
  }

  bot.get('/channels/:channelId', (req, res) => {
    const channel = state.channels.get(req.params.channelId!)
    if (!channel) return void res.status(404).json(NOT_FOUND_CODES.channel)
    res.json(state.apiChannel(channel))
  })

  bot.delete('/channels/:channelId', (req, res) => {
    const channel = state.deleteChannel(req.params.channelId!)
    if (!channel) return void res.status(404).json(NOT_FOUND_CODES.channel)
    res.json(state.apiChannel(channel))
  })

  bot.post('/users/@me/channels', (req, res) => {
    const recipient = typeof req.body?.recipient_id === 'string' ? req.body.recipient_id : ''
    const channel = state.openDm(recipient)
    if (!channel) return void res.status(400).json({ message: 'Cannot send messages to this user', code: 50007 })
    res.json({ id: channel.id, type: 1, recipients: [state.apiUser(state.users.get(recipient)!.user)] })
  })

  bot.post('/channels/:channelId/messages', (req, res) => {
    const dm = state.dmChannels.get(req.params.channelId!)
    const channel = state.channels.get(req.params.channelId!) ?? dm
    if (!channel) return void res.status(404).json(NOT_FOUND_CODES.channel)
    // A user who takes no direct messages from the bot: Discord opens the channel but refuses the message.
    if (dm && state.closedDms.has(dm.recipientId)) {
      return void res.status(403).json({ message: 'Cannot send messages to this user', code: 50007 })
    }
    if (channel.type === 4) {
      return void res.status(400).json({ message: 'Cannot send messages in a non-text channel', code: 50008 })
    }
    const parsed = messageBody.safeParse(req.body ?? {})
    if (!parsed.success) return void res.status(400).json(invalidFormBody(parsed.error))
    const body = parsed.data
    const content = body.content ?? ''
    const embeds = body.embeds ?? []
    if (content.trim() === '' && embeds.length === 0) {
      return void res.status(400).json({ message: 'Cannot send an empty message', code: 50006 })
    }
    if (body.enforce_nonce && body.nonce !== undefined) {
      // As Discord: a send repeating a recent nonce answers the message already posted instead of posting again.
      const recent = Date.now() - NONCE_WINDOW_MS
      const earlier = state.messages.find(
        (m) => m.channelId === channel.id && m.message.nonce === body.nonce && Date.parse(m.timestamp) >= recent,
      )
      if (earlier) return void res.json(earlier.message)
    }
    const mentions = resolveMentions(content, body.allowed_mentions)
    const message = {
      id: state.nextSnowflake(),
      channel_id: channel.id,
      type: 0,
      content,
      author: state.config.botUser,
      embeds,
      attachments: [],
      mentions: mentions.users.flatMap((id) => {
        const member = state.users.get(id)
        return member ? [state.apiUser(member.user)] : []
      }),
      mention_roles: mentions.roles,
      mention_everyone: mentions.everyone,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      pinned: false,
      flags: 0,
      components: [],
      ...(body.nonce !== undefined ? { nonce: body.nonce } : {}),
    } as unknown as APIMessage
    state.recordMessage({
      id: message.id,
      channelId: channel.id,
      channelName: channel.name,
      content,
      embeds,
      allowedMentions: body.allowed_mentions ?? null,
      timestamp: message.timestamp,
      message,
    })
    res.json(message)
  })

  api.use((_req, res) => void res.status(404).json({ message: '404: Not Found', code: 0 }))
  api.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = httpStatusOf(error)
    if (status === 400 || status === 413) {
      return void res
        .status(status)
        .json({ message: status === 413 ? 'Request entity too large' : '400: Bad Request', code: 0 })
    }
    res.status(500).json({ message: '500: Internal Server Error', code: 0 })
  })

  // ---- test controls ----

  if (options.controls !== false) router.use('/__control', controlRouter(state))

  return { router, state }
}

// ---- OAuth2 ----

type Checked = { ok: true; params: AuthorizeParams; redirect: URL } | { ok: false; title: string; message: string }

function checkAuthorizeParams(state: DiscordStandInState, source: Record<string, unknown>): Checked {
  const text = (name: string) => (typeof source[name] === 'string' ? (source[name] as string) : '')
  const params: AuthorizeParams = {
    client_id: text('client_id'),
    redirect_uri: text('redirect_uri'),
    response_type: text('response_type'),
    scope: text('scope'),
    state: text('state'),
    code_challenge: text('code_challenge'),
    code_challenge_method: text('code_challenge_method'),
  }
  const fail = (title: string, message: string): Checked => ({ ok: false, title, message })
  if (!params.client_id) return fail('Invalid OAuth2 request', 'The client_id parameter is missing.')
  if (state.config.clientId && params.client_id !== state.config.clientId) {
    return fail('Unknown application', `Invalid OAuth2 client_id "${params.client_id}".`)
  }
  if (params.response_type !== 'code') {
    return fail(
      'Invalid OAuth2 request',
      `Unsupported response_type "${params.response_type}": only "code" is supported.`,
    )
  }
  if (!params.redirect_uri) return fail('Invalid OAuth2 request', 'The redirect_uri parameter is missing.')
  let redirect: URL
  try {
    redirect = new URL(params.redirect_uri)
  } catch {
    return fail('Invalid OAuth2 redirect_uri', 'The redirect_uri is not an absolute URL.')
  }
  if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') {
    return fail('Invalid OAuth2 redirect_uri', 'The redirect_uri must be an http or https URL.')
  }
  if (state.config.redirectUris && !state.config.redirectUris.includes(params.redirect_uri)) {
    return fail('Invalid OAuth2 redirect_uri', `The redirect_uri "${params.redirect_uri}" is not registered.`)
  }
  if (!params.scope.trim()) return fail('Invalid OAuth2 request', 'The scope parameter is missing.')
  if (params.code_challenge && params.code_challenge_method !== 'S256') {
    return fail('Invalid OAuth2 request', 'code_challenge_method must be "S256".')
  }
  params.scope = params.scope
    .split(/[\s+]+/)
    .filter(Boolean)
    .join(' ')
  return { ok: true, params, redirect }
}

function tokenEndpoint(state: DiscordStandInState, req: Request, res: Response) {
  res.set('Cache-Control', 'no-store')
  const body = (req.body ?? {}) as Record<string, unknown>
  const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '')
  const oauthError = (status: number, error: string, description?: string) =>
    void res.status(status).json(description ? { error, error_description: description } : { error })

  const client = clientCredentials(req, body)
  if (!client.id) return oauthError(401, 'invalid_client')
  if (state.config.clientId && client.id !== state.config.clientId) return oauthError(401, 'invalid_client')
  if (state.config.clientSecret && client.secret !== state.config.clientSecret) return oauthError(401, 'invalid_client')

  const grantType = field('grant_type')
  let token: IssuedToken
  if (grantType === 'authorization_code') {
    const code = state.codes.get(field('code'))
    if (!code || code.expiresAt < Date.now()) return oauthError(400, 'invalid_grant', 'Invalid "code" in request.')
    if (code.usedAt) {
      // A replayed code: refuse it and revoke what it was exchanged for (RFC 6749 §4.1.2).
      state.revokeTokensFromCode(code.code)
      return oauthError(400, 'invalid_grant', 'Invalid "code" in request.')
    }
    code.usedAt = new Date().toISOString()
    if (code.clientId !== client.id) return oauthError(400, 'invalid_grant', 'Invalid "code" in request.')
    if (field('redirect_uri') !== code.redirectUri) {
      return oauthError(400, 'invalid_grant', 'Invalid "redirect_uri" in request.')
    }
    if (code.codeChallenge) {
      const verifier = field('code_verifier')
      if (!verifier || !safeEqual(pkceS256(verifier), code.codeChallenge)) {
        return oauthError(400, 'invalid_grant', 'Invalid "code_verifier" in request.')
      }
    }
    token = state.issueToken({ userId: code.userId, clientId: client.id, scope: code.scope, fromCode: code.code })
  } else if (grantType === 'refresh_token') {
    const previous = state.findRefreshToken(field('refresh_token'))
    if (!previous || previous.clientId !== client.id) {
      return oauthError(400, 'invalid_grant', 'Invalid "refresh_token" in request.')
    }
    previous.revoked = true
    token = state.issueToken({ userId: previous.userId, clientId: client.id, scope: previous.scope, fromCode: null })
  } else {
    return oauthError(400, 'unsupported_grant_type')
  }
  const answer: RESTPostOAuth2AccessTokenResult = {
    access_token: token.accessToken,
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_SECONDS,
    refresh_token: token.refreshToken,
    scope: token.scope,
  }
  res.json(answer)
}

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1) or, failing that, the form body. */
function clientCredentials(req: Request, body: Record<string, unknown>): { id: string; secret: string } {
  const header = req.get('authorization') ?? ''
  const basic = /^Basic\s+(.+)$/i.exec(header)
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon !== -1) {
      return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) }
    }
  }
  return {
    id: typeof body.client_id === 'string' ? body.client_id : '',
    secret: typeof body.client_secret === 'string' ? body.client_secret : '',
  }
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

type Auth = { kind: 'none' } | { kind: 'bot' } | { kind: 'user'; token: IssuedToken }

function authOf(state: DiscordStandInState, req: Request): Auth {
  const header = req.get('authorization') ?? ''
  const match = /^(Bot|Bearer)\s+(\S+)$/i.exec(header)
  if (!match) return { kind: 'none' }
  const [, scheme, value] = match as unknown as [string, string, string]
  if (scheme.toLowerCase() === 'bot') {
    const expected = state.config.botToken
    return !expected || safeEqual(value, expected) ? { kind: 'bot' } : { kind: 'none' }
  }
  const token = state.findAccessToken(value)
  return token ? { kind: 'user', token } : { kind: 'none' }
}

function hasScope(token: IssuedToken, scope: string): boolean {
  return token.scope.split(' ').includes(scope)
}

function auditReason(req: Request): string | null {
  const reason = req.get('x-audit-log-reason')
  if (!reason) return null
  try {
    return decodeURIComponent(reason)
  } catch {
    return reason
  }
}

// ---- request bodies ----

const snowflake = z.string().regex(/^\d{1,25}$/)

const channelBody = z.object({
  name: z.string().min(1).max(100),
  type: z.number().int().min(0).optional(),
  topic: z.string().max(1024).nullish(),
  parent_id: snowflake.nullish(),
  position: z.number().int().optional(),
  permission_overwrites: z.array(z.unknown()).optional(),
})

const allowedMentions = z.object({
  parse: z.array(z.enum(['roles', 'users', 'everyone'])).optional(),
  roles: z.array(snowflake).optional(),
  users: z.array(snowflake).optional(),
  replied_user: z.boolean().optional(),
})

const scheduledEventBody = z.object({
  name: z.string().min(1).max(100),
  privacy_level: z.literal(GuildScheduledEventPrivacyLevel.GuildOnly),
  scheduled_start_time: z.iso.datetime({ offset: true }),
  scheduled_end_time: z.iso.datetime({ offset: true }).nullish(),
  description: z.string().max(1000).nullish(),
  entity_type: z.union([
    z.literal(GuildScheduledEventEntityType.StageInstance),
    z.literal(GuildScheduledEventEntityType.Voice),
    z.literal(GuildScheduledEventEntityType.External),
  ]),
  channel_id: snowflake.nullish(),
  entity_metadata: z.object({ location: z.string().min(1).max(100).optional() }).nullish(),
})

/**
 * Discord's rules for a scheduled event beyond the shape of its fields: an external event has a location and an end;
 * a voice event a voice channel; the start of a new (or rescheduled) event is in the future and before its end.
 */
function scheduledEventRefusal(
  state: DiscordStandInState,
  event: {
    entity_type: number
    entity_metadata?: { location?: string } | null
    channel_id?: string | null
    scheduled_start_time: string
    scheduled_end_time?: string | null
  },
  before: APIGuildScheduledEvent | null,
) {
  const invalid = (field: string, message: string) => ({
    message: 'Invalid Form Body',
    code: 50035,
    errors: { [field]: { _errors: [{ code: 'GUILD_SCHEDULED_EVENT_INVALID', message }] } },
  })
  if (event.entity_type === GuildScheduledEventEntityType.External) {
    if (!event.entity_metadata?.location) return invalid('entity_metadata', 'An external event needs a location.')
    if (!event.scheduled_end_time) return invalid('scheduled_end_time', 'An external event needs an end time.')
  } else if (state.channels.get(event.channel_id ?? '')?.type !== 2 && event.entity_type === 2) {
    return invalid('channel_id', 'A voice event needs a voice channel.')
  }
  const start = Date.parse(event.scheduled_start_time)
  if ((!before || before.scheduled_start_time !== event.scheduled_start_time) && start < Date.now())
    return invalid('scheduled_start_time', 'Cannot schedule event in the past.')
  if (event.scheduled_end_time && Date.parse(event.scheduled_end_time) <= start)
    return invalid('scheduled_end_time', 'The end must be after the start.')
  return null
}

const messageBody = z.object({
  content: z.string().max(2000).optional(),
  embeds: z.array(z.record(z.string(), z.unknown())).max(10).optional(),
  allowed_mentions: allowedMentions.optional(),
  nonce: z.union([z.string().max(25), z.number().int()]).optional(),
  enforce_nonce: z.boolean().optional(),
})

/** Who a message really pings: mentions in the content, narrowed by allowed_mentions as Discord does. */
function resolveMentions(content: string, allowed: z.infer<typeof allowedMentions> | undefined) {
  const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!)
  const roles = [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!)
  const everyone = /@(everyone|here)\b/.test(content)
  if (!allowed) return { users: [...new Set(users)], roles: [...new Set(roles)], everyone }
  const parse = allowed.parse ?? []
  return {
    users: [...new Set(users.filter((id) => parse.includes('users') || allowed.users?.includes(id)))],
    roles: [...new Set(roles.filter((id) => parse.includes('roles') || allowed.roles?.includes(id)))],
    everyone: everyone && parse.includes('everyone'),
  }
}

function invalidFormBody(error: z.ZodError) {
  const errors: Record<string, { _errors: { code: string; message: string }[] }> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_root'
    errors[key] ??= { _errors: [] }
    errors[key]._errors.push({ code: 'BASE_TYPE_INVALID', message: issue.message })
  }
  return { message: 'Invalid Form Body', code: 50035, errors }
}

// ---- test controls ----

const failSchema = z.object({
  status: z.union([z.literal('network'), z.literal('no answer'), z.number().int().min(400).max(599)]),
  count: z.number().int().min(1).max(1000).default(1),
  takeEffect: z.boolean().optional(),
  retryAfter: z.number().min(0).max(3600).optional(),
  path: z.string().optional(),
})

const latencySchema = z.object({
  delayMs: z.union([z.literal('never'), z.number().int().min(0).max(600_000)]),
  count: z.number().int().min(1).max(100_000).default(1),
  path: z.string().optional(),
})

const userSchema = z.object({
  id: snowflake,
  username: z.string().min(1).max(32),
  global_name: z.string().max(32).nullish(),
  avatar: z.string().nullish(),
  roles: z.array(snowflake).default([]),
  description: z.string().default(''),
  inGuild: z.boolean().default(true),
})

function controlRouter(state: DiscordStandInState): express.Router {
  const control = express.Router()
  control.use(express.json({ limit: '256kb' }))
  const invalid = (res: Response, error: z.ZodError) =>
    void res
      .status(400)
      .json({ error: 'Invalid control request', issues: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) })

  control.get('/state', (_req, res) => void res.json(state.snapshot()))

  control.post('/reset', (_req, res) => {
    state.reset()
    res.json({ ok: true })
  })

  control.post('/fail', (req, res) => {
    const parsed = failSchema.safeParse(req.body ?? {})
    if (!parsed.success) return invalid(res, parsed.error)
    state.failNext(parsed.data)
    res.json({ ok: true, pendingFailures: state.failures })
  })

  control.post('/latency', (req, res) => {
    const parsed = latencySchema.safeParse(req.body ?? {})
    if (!parsed.success) return invalid(res, parsed.error)
    state.delayNext(parsed.data)
    res.json({ ok: true, pendingLatencies: state.latencies })
  })

  // Discord recovers: later calls are answered at once (calls already held stay slow).
  control.delete('/latency', (_req, res) => {
    state.latencies.length = 0
    res.json({ ok: true })
  })

  control.post('/users', (req, res) => {
    const parsed = userSchema.safeParse(req.body ?? {})
    if (!parsed.success) return invalid(res, parsed.error)
    const { inGuild, ...user } = parsed.data
    const member = state.addUser(
      { ...user, global_name: user.global_name ?? user.username, avatar: user.avatar ?? null },
      { inGuild },
    )
    res.status(201).json({ ok: true, user: member.user, inGuild: member.inGuild })
  })

  control.post('/users/:id/roles', (req, res) => {
    const parsed = z.object({ roles: z.array(snowflake) }).safeParse(req.body ?? {})
    if (!parsed.success) return invalid(res, parsed.error)
    const member = state.setUserRoles(req.params.id, parsed.data.roles)
    if (!member) return void res.status(404).json({ error: 'Unknown user' })
    res.json({ ok: true, user: member.user })
  })

  // Membership: DELETE removes the user from the guild (member look-ups 404), PUT puts them back.
  control.delete('/users/:id/member', (req, res) => {
    if (!state.removeFromGuild(req.params.id)) return void res.status(404).json({ error: 'Unknown user' })
    res.json({ ok: true })
  })
  control.put('/users/:id/member', (req, res) => {
    if (!state.addToGuild(req.params.id)) return void res.status(404).json({ error: 'Unknown user' })
    res.json({ ok: true })
  })

  // ---- discord-sync: simulate Discord's limit on role changes; read how many calls were made and limited ----
  control.post('/role-rate-limit', (req, res) => {
    const parsed = z
      .object({
        limit: z.number().int().min(0).max(10_000),
        windowMs: z.number().int().min(1).max(600_000).default(1000),
      })
      .safeParse(req.body ?? {})
    if (!parsed.success) return invalid(res, parsed.error)
    state.roleRateLimit = parsed.data.limit > 0 ? parsed.data : null
    state.roleRateWindow = { start: 0, used: 0 }
    res.json({ ok: true, roleRateLimit: state.roleRateLimit })
  })
  control.get(
    '/role-rate-limit',
    (_req, res) => void res.json({ roleRateLimit: state.roleRateLimit, ...state.roleCallStats }),
  )
  // ---- end discord-sync ----

  control.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.status(httpStatusOf(error) === 400 ? 400 : 500).json({ error: 'Invalid control request' })
  })
  return control
}

// ---- helpers ----

function sendHtml(res: Response, status: number, html: string) {
  res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).send(html)
}

/** The app's CSP nonce, when it set one for this response. */
function nonceOf(res: Response): string | undefined {
  const nonce = (res.locals as Record<string, unknown>).cspNonce
  return typeof nonce === 'string' ? nonce : undefined
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null) {
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
    if (typeof status === 'number') return status
  }
  return undefined
}
