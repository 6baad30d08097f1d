import crypto from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startDiscordStandIn, type RunningDiscordStandIn } from '../discord-stand-in/index.ts'
import { setLogLevel } from '../logger.ts'
import {
  DISCORD_NOT_CONFIGURED,
  DiscordError,
  createDiscordClient,
  discordAvatarUrl,
  fetchDiscordUser,
  fetchOwnGuildMember,
  type DiscordClientOptions,
} from './client.ts'
import { DEMO_CHANNELS, DEMO_GUILD_ID, DEMO_ROLES, DEMO_USERS } from '#db/seed/demo-guild.ts'

const BOT_TOKEN = 'client-test-bot'
const recruit = DEMO_USERS.find((u) => u.username === 'recruit_lee')!
const admin = DEMO_USERS[0]!

let discord: RunningDiscordStandIn

beforeAll(async () => {
  setLogLevel('silent')
  discord = await startDiscordStandIn({ botToken: BOT_TOKEN })
})
afterAll(async () => {
  await discord.close()
  setLogLevel('info')
})
beforeEach(() => {
  discord.state.reset()
})

function client(options: Partial<DiscordClientOptions> = {}) {
  const onFailure = vi.fn()
  const discordClient = createDiscordClient({
    apiUrl: discord.apiUrl,
    botToken: BOT_TOKEN,
    guildId: DEMO_GUILD_ID,
    onFailure,
    retryDelayMs: 20,
    timeoutMs: 2000,
    ...options,
  })
  return { discordClient, onFailure }
}

/** Logs in through the stand-in's OAuth flow (as the app's login would) and returns the access token. */
async function userToken(userId: string): Promise<string> {
  const verifier = crypto.randomBytes(32).toString('base64url')
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url')
  const redirectUri = 'http://app.test/auth/discord/callback'
  const res = await fetch(discord.authorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: 'app',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'identify guilds.members.read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      user_id: userId,
    }),
  })
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!
  const token = await fetch(`${discord.apiUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: 'app',
    }),
  })
  return ((await token.json()) as { access_token: string }).access_token
}

describe('createDiscordClient', () => {
  it('sends a message that shows up in the stand-in', async () => {
    const { discordClient, onFailure } = client()
    const result = await discordClient.sendMessage(DEMO_CHANNELS.orbatActivity.id, {
      content: 'Sgt. Reyes joined Alpha',
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.data).toMatchObject({
      channel_id: DEMO_CHANNELS.orbatActivity.id,
      content: 'Sgt. Reyes joined Alpha',
    })
    expect(discord.state.messagesIn(DEMO_CHANNELS.orbatActivity.id)).toMatchObject([
      {
        content: 'Sgt. Reyes joined Alpha',
        channelName: 'orbat-activity',
        allowedMentions: { parse: ['users', 'roles'] },
      },
    ])
    expect(onFailure).not.toHaveBeenCalled()
  })

  it('does not post twice when a send is repeated with the same nonce', async () => {
    const { discordClient } = client()
    const first = await discordClient.sendMessage(DEMO_CHANNELS.events.id, { content: 'Op tonight', nonce: 'ping-42' })
    const second = await discordClient.sendMessage(DEMO_CHANNELS.events.id, { content: 'Op tonight', nonce: 'ping-42' })
    expect(first.ok && second.ok && first.data.id === second.data.id).toBe(true)
    expect(discord.state.messages).toHaveLength(1)
  })

  it('waits out 429s (honouring retry_after) and then succeeds', async () => {
    const { discordClient, onFailure } = client()
    discord.state.failNext({ status: 429, count: 2, retryAfter: 0.2 })
    const started = Date.now()
    const result = await discordClient.sendMessage(DEMO_CHANNELS.events.id, { content: 'after the rate limit' })
    const elapsed = Date.now() - started
    expect(result.ok).toBe(true)
    expect(elapsed).toBeGreaterThanOrEqual(380)
    expect(elapsed).toBeLessThan(5000)
    expect(discord.state.requests.map((r) => r.status)).toEqual([429, 429, 200])
    expect(discord.state.messages).toHaveLength(1)
    expect(onFailure).not.toHaveBeenCalled()
  })

  it('gives up on rate limits that outlast its budget and reports the failure', async () => {
    const { discordClient, onFailure } = client({ maxRateLimitWaitMs: 500 })
    discord.state.failNext({ status: 429, count: 100, retryAfter: 0.2 })
    const started = Date.now()
    const result = await discordClient.listGuildRoles()
    expect(Date.now() - started).toBeLessThan(2000)
    expect(result).toMatchObject({ ok: false, status: 429 })
    expect(onFailure).toHaveBeenCalledTimes(1)
    expect(onFailure.mock.calls[0]![0]).toMatchObject({ action: 'list guild roles', status: 429 })
  })

  it('retries a 500 and succeeds when Discord recovers', async () => {
    const { discordClient, onFailure } = client()
    discord.state.failNext({ status: 500, count: 1 })
    const result = await discordClient.listGuildRoles()
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.data.map((r) => r.name)).toContain(DEMO_ROLES.admin.name)
    expect(onFailure).not.toHaveBeenCalled()
  })

  it('returns ok:false after repeated 500s, reports once, and does not throw', async () => {
    const { discordClient, onFailure } = client({ maxAttempts: 3 })
    discord.state.failNext({ status: 500, count: 10 })
    const result = await discordClient.sendMessage(DEMO_CHANNELS.events.id, { content: 'lost' })
    expect(result).toMatchObject({ ok: false, status: 500 })
    expect(discord.state.requests.filter((r) => r.status === 500)).toHaveLength(3)
    expect(discord.state.messages).toHaveLength(0)
    expect(onFailure).toHaveBeenCalledTimes(1)
    expect(onFailure.mock.calls[0]![0]).toMatchObject({
      action: `send message to channel ${DEMO_CHANNELS.events.id}`,
      status: 500,
    })
  })

  it('survives dropped connections: retries, then fails cleanly', async () => {
    const { discordClient, onFailure } = client()
    discord.state.failNext({ status: 'network', count: 1 })
    expect((await discordClient.listGuildChannels()).ok).toBe(true)
    expect(onFailure).not.toHaveBeenCalled()

    discord.state.failNext({ status: 'network', count: 10 })
    const result = await discordClient.listGuildChannels()
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toMatch(/network error/i)
    expect(onFailure).toHaveBeenCalledTimes(1)
  })

  it('a call with a budget (a request waits on it) gives up once the budget is spent, retries included', async () => {
    const { discordClient, onFailure } = client({ retryDelayMs: 300 })
    discord.state.failNext({ status: 'network', count: 10 })
    const started = Date.now()
    const result = await discordClient.createRole({ name: 'Budgeted', budgetMs: 150 })
    expect(result).toMatchObject({ ok: false, error: 'Discord did not answer within 150 ms' })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(onFailure).toHaveBeenCalledTimes(1)
    // Within its budget it succeeds as any call.
    discord.state.failures.length = 0
    expect((await discordClient.createRole({ name: 'Budgeted', budgetMs: 2000 })).ok).toBe(true)
  })

  it('within(ms) bounds every call made through it, a call queued behind a hung one included', async () => {
    const { discordClient, onFailure } = client({ timeoutMs: 10_000 })
    // Discord holds the first call on this route without answering; the second waits behind it in the REST queue.
    discord.state.delayNext({ delayMs: 'never', count: 1, path: '/guilds' })
    const bounded = discordClient.within(400)
    const started = Date.now()
    const [first, second] = await Promise.all([bounded.listGuildRoles(), bounded.listGuildRoles()])
    expect(Date.now() - started).toBeLessThan(1500)
    expect(first).toMatchObject({ ok: false, error: 'Discord did not answer within 400 ms' })
    expect(second).toMatchObject({ ok: false, error: 'Discord did not answer within 400 ms' })
    expect(onFailure).toHaveBeenCalledTimes(2)
    // Past its deadline a view answers at once; a new view has its own.
    expect(await bounded.listGuildChannels()).toMatchObject({
      ok: false,
      error: 'Discord did not answer within 400 ms',
    })
    expect((await discordClient.within(2000).listGuildChannels()).ok).toBe(true)
  })

  it('fails cleanly when Discord cannot be reached at all', async () => {
    const onFailure = vi.fn().mockRejectedValue(new Error('audit log down'))
    const unreachable = createDiscordClient({
      apiUrl: 'http://127.0.0.1:9/api',
      botToken: BOT_TOKEN,
      guildId: DEMO_GUILD_ID,
      onFailure,
      retryDelayMs: 10,
    })
    const result = await unreachable.deleteChannel('123')
    expect(result.ok).toBe(false)
    expect(onFailure).toHaveBeenCalledTimes(1)
  })

  it('answers 4xx at once with Discord’s message and code', async () => {
    const { discordClient, onFailure } = client()
    const result = await discordClient.sendMessage('1', { content: 'nowhere' })
    expect(result).toEqual({ ok: false, error: 'Unknown Channel', status: 404, code: 10003 })
    expect(discord.state.requests).toHaveLength(1)
    expect(onFailure).toHaveBeenCalledTimes(1)

    const wrongToken = createDiscordClient({ apiUrl: discord.apiUrl, botToken: 'wrong', guildId: DEMO_GUILD_ID })
    expect(await wrongToken.listGuildRoles()).toMatchObject({ ok: false, status: 401 })
    // The library forgets its token after a 401; the client sets it again, so the next call still authenticates.
    expect(await wrongToken.listGuildRoles()).toMatchObject({ ok: false, status: 401 })
  })

  it('adds and removes roles so the next login sees them', async () => {
    const { discordClient } = client()
    expect(await discordClient.addMemberRole(recruit.id, DEMO_ROLES.member.id, 'Passed BMT')).toEqual({
      ok: true,
      data: null,
    })
    const member = await discordClient.getGuildMember(recruit.id)
    expect(member.ok && member.data.roles).toContain(DEMO_ROLES.member.id)

    const token = await userToken(recruit.id)
    const own = await fetchOwnGuildMember(discord.apiUrl, token, DEMO_GUILD_ID)
    expect(own?.roles).toContain(DEMO_ROLES.member.id)

    expect((await discordClient.removeMemberRole(recruit.id, DEMO_ROLES.member.id)).ok).toBe(true)
    const after = await fetchOwnGuildMember(discord.apiUrl, token, DEMO_GUILD_ID)
    expect(after?.roles).not.toContain(DEMO_ROLES.member.id)
    expect(discord.state.roleChanges.map((c) => [c.action, c.reason])).toEqual([
      ['add', 'Passed BMT'],
      ['remove', null],
    ])
  })

  it('creates and deletes channels', async () => {
    const { discordClient } = client()
    const created = await discordClient.createChannel({ name: 'bravo-squad', parentId: DEMO_CHANNELS.squadCategory.id })
    expect(created.ok).toBe(true)
    if (!created.ok) return
    expect(created.data).toMatchObject({ name: 'bravo-squad', type: 0 })
    expect((await discordClient.deleteChannel(created.data.id)).ok).toBe(true)
    expect(discord.state.deletedChannels.map((c) => c.channel.name)).toEqual(['bravo-squad'])
  })

  it('answers "not configured" without a bot token or guild, calling nothing', async () => {
    const onFailure = vi.fn()
    for (const options of [{ botToken: undefined }, { guildId: '' }]) {
      const unconfigured = createDiscordClient({
        apiUrl: discord.apiUrl,
        botToken: BOT_TOKEN,
        guildId: DEMO_GUILD_ID,
        onFailure,
        ...options,
      })
      expect(unconfigured.configured).toBe(false)
      expect(await unconfigured.sendMessage(DEMO_CHANNELS.events.id, { content: 'x' })).toEqual({
        ok: false,
        error: DISCORD_NOT_CONFIGURED,
      })
    }
    expect(discord.state.requests).toHaveLength(0)
    expect(onFailure).not.toHaveBeenCalled()
  })
})

describe('login helpers', () => {
  it('reads the user and their guild member with a user token', async () => {
    const token = await userToken(admin.id)
    const user = await fetchDiscordUser(discord.apiUrl, token)
    expect(user).toMatchObject({ id: admin.id, username: admin.username, global_name: admin.global_name, avatar: null })
    const member = await fetchOwnGuildMember(`${discord.apiUrl}/v10`, token, DEMO_GUILD_ID)
    expect(member?.roles).toEqual(admin.roles)
  })

  it('answers null for a user who is not in the guild, and throws DiscordError otherwise', async () => {
    const token = await userToken(recruit.id)
    discord.state.removeFromGuild(recruit.id)
    expect(await fetchOwnGuildMember(discord.apiUrl, token, DEMO_GUILD_ID)).toBeNull()

    const error = await fetchDiscordUser(discord.apiUrl, 'bad-token').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DiscordError)
    expect(error).toMatchObject({ status: 401, message: '401: Unauthorized' })

    const unreachable = await fetchDiscordUser('http://127.0.0.1:9/api', token, { timeoutMs: 1000 }).catch(
      (e: unknown) => e,
    )
    expect(unreachable).toBeInstanceOf(DiscordError)
  })
})

describe('discordAvatarUrl', () => {
  it('uses the avatar hash, or the default avatar derived from the id', () => {
    expect(discordAvatarUrl('80351110224678912', 'abc123')).toBe(
      'https://cdn.discordapp.com/avatars/80351110224678912/abc123.png?size=64',
    )
    // (80351110224678912 >> 22) % 6 = 19157197529 % 6 = 5
    expect(discordAvatarUrl('80351110224678912', null)).toBe('https://cdn.discordapp.com/embed/avatars/5.png')
    expect(discordAvatarUrl('not-a-snowflake', null)).toBe('https://cdn.discordapp.com/embed/avatars/0.png')
  })
})
