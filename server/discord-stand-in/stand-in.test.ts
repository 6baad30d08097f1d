import crypto from 'node:crypto'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_CHANNELS, DEMO_GUILD_ID, DEMO_ROLES, DEMO_USERS } from '#db/seed/demo-guild.ts'
import { createDiscordStandIn, startDiscordStandIn, type RunningDiscordStandIn } from './index.ts'

const CLIENT_ID = 'test-client'
const CLIENT_SECRET = 'test-secret'
const BOT_TOKEN = 'test-bot-token'
const REDIRECT_URI = 'http://app.test/auth/discord/callback'
const admin = DEMO_USERS[0]!
const recruit = DEMO_USERS.find((u) => u.username === 'recruit_lee')!

let discord: RunningDiscordStandIn

beforeAll(async () => {
  discord = await startDiscordStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, botToken: BOT_TOKEN })
})
afterAll(async () => {
  await discord.close()
})
beforeEach(() => {
  discord.state.reset()
})

function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url')
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

function authorizeParams(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'identify guilds.members.read',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
}

/** Picks a user on the consent screen the way the browser's form post does; returns the redirect. */
async function pickUser(userId: string, challenge: string): Promise<URL> {
  const body = authorizeParams(challenge, { user_id: userId, decision: 'authorize' })
  const res = await fetch(discord.authorizeUrl, { method: 'POST', body, redirect: 'manual' })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

function exchange(fields: Record<string, string>, auth = `${CLIENT_ID}:${CLIENT_SECRET}`) {
  return fetch(`${discord.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(auth).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...fields }),
  })
}

async function loginAs(userId: string): Promise<string> {
  const { verifier, challenge } = pkce()
  const redirect = await pickUser(userId, challenge)
  const res = await exchange({ code: redirect.searchParams.get('code')!, code_verifier: verifier })
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

describe('OAuth2 authorization code flow', () => {
  it('runs authorize -> code -> token (PKCE) -> users/@me -> guild member', async () => {
    const { verifier, challenge } = pkce()
    const page = await fetch(`${discord.authorizeUrl}?${authorizeParams(challenge)}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Authorize access to your account')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/\sstyle="/i)
    for (const user of DEMO_USERS) expect(html).toContain(user.global_name)

    const redirect = await pickUser(admin.id, challenge)
    expect(redirect.origin + redirect.pathname).toBe(REDIRECT_URI)
    expect(redirect.searchParams.get('state')).toBe('state-123')
    const code = redirect.searchParams.get('code')!
    expect(code).toBeTruthy()

    const tokenRes = await exchange({ code, code_verifier: verifier })
    expect(tokenRes.status).toBe(200)
    const token = (await tokenRes.json()) as Record<string, unknown>
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'identify guilds.members.read' })
    expect(token.refresh_token).toEqual(expect.any(String))

    const headers = { Authorization: `Bearer ${token.access_token}` }
    const me = await fetch(`${discord.apiUrl}/users/@me`, { headers })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({
      id: admin.id,
      username: admin.username,
      global_name: admin.global_name,
      discriminator: '0',
    })

    // Versioned paths answer too (@discordjs/rest and the login helpers use /v10).
    const member = await fetch(`${discord.apiUrl}/v10/users/@me/guilds/${DEMO_GUILD_ID}/member`, { headers })
    expect(member.status).toBe(200)
    expect(await member.json()).toMatchObject({ user: { id: admin.id }, nick: null, roles: admin.roles })
    expect(discord.state.snapshot().codesUsed).toEqual([code])
  })

  it('refuses a reused code with invalid_grant and revokes what it bought', async () => {
    const { verifier, challenge } = pkce()
    const code = (await pickUser(admin.id, challenge)).searchParams.get('code')!
    const first = await exchange({ code, code_verifier: verifier })
    expect(first.status).toBe(200)
    const { access_token } = (await first.json()) as { access_token: string }

    const again = await exchange({ code, code_verifier: verifier })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' })
    const me = await fetch(`${discord.apiUrl}/users/@me`, { headers: { Authorization: `Bearer ${access_token}` } })
    expect(me.status).toBe(401)

    const unknown = await exchange({ code: 'no-such-code', code_verifier: verifier })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('refuses a wrong PKCE verifier, a wrong redirect_uri and a wrong client secret', async () => {
    const { challenge } = pkce()
    const code1 = (await pickUser(admin.id, challenge)).searchParams.get('code')!
    const wrongVerifier = await exchange({ code: code1, code_verifier: pkce().verifier })
    expect(wrongVerifier.status).toBe(400)
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' })

    const { verifier, challenge: challenge2 } = pkce()
    const code2 = (await pickUser(admin.id, challenge2)).searchParams.get('code')!
    const wrongRedirect = await exchange({ code: code2, code_verifier: verifier, redirect_uri: 'http://evil.test/cb' })
    expect(wrongRedirect.status).toBe(400)

    const code3 = (await pickUser(admin.id, challenge2)).searchParams.get('code')!
    const wrongSecret = await exchange({ code: code3, code_verifier: verifier }, `${CLIENT_ID}:nope`)
    expect(wrongSecret.status).toBe(401)
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' })
  })

  it('accepts client credentials in the body and exchanges refresh tokens', async () => {
    const { verifier, challenge } = pkce()
    const code = (await pickUser(recruit.id, challenge)).searchParams.get('code')!
    const res = await fetch(`${discord.apiUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    })
    expect(res.status).toBe(200)
    const first = (await res.json()) as { access_token: string; refresh_token: string }
    const refreshed = await fetch(`${discord.apiUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    })
    expect(refreshed.status).toBe(200)
    const second = (await refreshed.json()) as { access_token: string }
    expect(second.access_token).not.toBe(first.access_token)
    const me = await fetch(`${discord.apiUrl}/users/@me`, {
      headers: { Authorization: `Bearer ${second.access_token}` },
    })
    expect(await me.json()).toMatchObject({ id: recruit.id })
  })

  it('redirects back with access_denied on Cancel', async () => {
    const body = authorizeParams(pkce().challenge, { decision: 'cancel' })
    const res = await fetch(discord.authorizeUrl, { method: 'POST', body, redirect: 'manual' })
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.has('code')).toBe(false)
  })

  it('shows an error page for a bad authorize request', async () => {
    const missingClient = await fetch(
      `${discord.authorizeUrl}?response_type=code&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=identify`,
    )
    expect(missingClient.status).toBe(400)
    expect(await missingClient.text()).toContain('client_id')
    const badType = await fetch(`${discord.authorizeUrl}?${authorizeParams('x', { response_type: 'token' })}`)
    expect(badType.status).toBe(400)
    const noRedirect = await fetch(`${discord.authorizeUrl}?${authorizeParams('x', { redirect_uri: '' })}`)
    expect(noRedirect.status).toBe(400)
    const otherClient = await fetch(`${discord.authorizeUrl}?${authorizeParams('x', { client_id: 'someone-else' })}`)
    expect(otherClient.status).toBe(400)
  })

  it('answers 401 without a valid user token', async () => {
    const res = await fetch(`${discord.apiUrl}/users/@me`, { headers: { Authorization: 'Bearer nope' } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: '401: Unauthorized', code: 0 })
  })
})

describe('guild membership and roles', () => {
  it('keeps a user without roles a member, and answers Unknown Guild once removed', async () => {
    const token = await loginAs(recruit.id)
    const headers = { Authorization: `Bearer ${token}` }
    discord.state.setUserRoles(recruit.id, [])
    const member = await fetch(`${discord.apiUrl}/users/@me/guilds/${DEMO_GUILD_ID}/member`, { headers })
    expect(member.status).toBe(200)
    expect(await member.json()).toMatchObject({ roles: [] })

    const removed = await fetch(`${discord.url}/__control/users/${recruit.id}/member`, { method: 'DELETE' })
    expect(removed.status).toBe(200)
    const gone = await fetch(`${discord.apiUrl}/users/@me/guilds/${DEMO_GUILD_ID}/member`, { headers })
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ message: 'Unknown Guild', code: 10004 })
  })

  it('changes roles through the bot routes and records the change', async () => {
    const bot = { Authorization: `Bot ${BOT_TOKEN}` }
    const path = `${discord.apiUrl}/v10/guilds/${DEMO_GUILD_ID}/members/${recruit.id}/roles/${DEMO_ROLES.member.id}`
    expect(
      (await fetch(path, { method: 'PUT', headers: { ...bot, 'X-Audit-Log-Reason': 'Passed%20BMT' } })).status,
    ).toBe(204)
    const member = await fetch(`${discord.apiUrl}/v10/guilds/${DEMO_GUILD_ID}/members/${recruit.id}`, { headers: bot })
    expect(((await member.json()) as { roles: string[] }).roles).toContain(DEMO_ROLES.member.id)
    expect(discord.state.roleChanges).toMatchObject([
      { userId: recruit.id, roleId: DEMO_ROLES.member.id, action: 'add', reason: 'Passed BMT' },
    ])

    expect((await fetch(path, { method: 'DELETE', headers: bot })).status).toBe(204)
    expect(discord.state.users.get(recruit.id)!.user.roles).not.toContain(DEMO_ROLES.member.id)

    const unknownRole = await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/members/${recruit.id}/roles/1`, {
      method: 'PUT',
      headers: bot,
    })
    expect(unknownRole.status).toBe(404)
    expect(await unknownRole.json()).toEqual({ message: 'Unknown Role', code: 10011 })
  })

  it('refuses bot routes without the configured bot token', async () => {
    const none = await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`)
    expect(none.status).toBe(401)
    const wrong = await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`, {
      headers: { Authorization: 'Bot wrong' },
    })
    expect(wrong.status).toBe(401)
  })

  it('adds users and sets roles through the controls', async () => {
    const added = await fetch(`${discord.url}/__control/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: '800000000000000099', username: 'newbie', roles: [DEMO_ROLES.member.id] }),
    })
    expect(added.status).toBe(201)
    const set = await fetch(`${discord.url}/__control/users/800000000000000099/roles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ roles: [DEMO_ROLES.pilot.id] }),
    })
    expect(set.status).toBe(200)
    const state = (await (await fetch(`${discord.url}/__control/state`)).json()) as {
      users: { id: string; roles: string[] }[]
    }
    expect(state.users.find((u) => u.id === '800000000000000099')?.roles).toEqual([DEMO_ROLES.pilot.id])
  })
})

describe('bot channels, messages and failure injection', () => {
  const bot = { Authorization: `Bot ${BOT_TOKEN}`, 'Content-Type': 'application/json' }

  it('records messages and shows them on the stand-in page', async () => {
    const res = await fetch(`${discord.apiUrl}/v10/channels/${DEMO_CHANNELS.events.id}/messages`, {
      method: 'POST',
      headers: bot,
      body: JSON.stringify({
        content: 'Op <Night> starts <@&910000000000000007>',
        allowed_mentions: { roles: [DEMO_ROLES.eventPing.id] },
      }),
    })
    expect(res.status).toBe(200)
    const message = (await res.json()) as Record<string, unknown>
    expect(message).toMatchObject({
      channel_id: DEMO_CHANNELS.events.id,
      content: 'Op <Night> starts <@&910000000000000007>',
      mention_roles: [DEMO_ROLES.eventPing.id],
    })
    expect(message.id).toEqual(expect.any(String))
    expect(message.timestamp).toEqual(expect.any(String))

    const page = await (await fetch(`${discord.url}/`)).text()
    expect(page).toContain('Discord stand-in')
    expect(page).toContain('#events')
    expect(page).toContain('Op &lt;Night&gt; starts')
    expect(page).not.toMatch(/<script/i)

    const unknown = await fetch(`${discord.apiUrl}/channels/1/messages`, {
      method: 'POST',
      headers: bot,
      body: JSON.stringify({ content: 'x' }),
    })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Unknown Channel', code: 10003 })
  })

  it('creates and deletes channels', async () => {
    const created = await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/channels`, {
      method: 'POST',
      headers: bot,
      body: JSON.stringify({ name: 'alpha-squad', type: 0, parent_id: DEMO_CHANNELS.squadCategory.id }),
    })
    expect(created.status).toBe(201)
    const channel = (await created.json()) as { id: string; name: string; parent_id: string; guild_id: string }
    expect(channel).toMatchObject({
      name: 'alpha-squad',
      parent_id: DEMO_CHANNELS.squadCategory.id,
      guild_id: DEMO_GUILD_ID,
    })
    const list = (await (
      await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/channels`, { headers: bot })
    ).json()) as { id: string }[]
    expect(list.map((c) => c.id)).toContain(channel.id)

    expect((await fetch(`${discord.apiUrl}/channels/${channel.id}`, { method: 'DELETE', headers: bot })).status).toBe(
      200,
    )
    expect((await fetch(`${discord.apiUrl}/channels/${channel.id}`, { method: 'DELETE', headers: bot })).status).toBe(
      404,
    )
    expect(discord.state.createdChannels).toHaveLength(1)
    expect(discord.state.deletedChannels).toHaveLength(1)
  })

  it('schedules, lists, edits and deletes guild scheduled events as Discord does, and shows them on its page', async () => {
    const events = `${discord.apiUrl}/v10/guilds/${DEMO_GUILD_ID}/scheduled-events`
    const start = new Date(Date.now() + 86_400_000).toISOString()
    const end = new Date(Date.now() + 2 * 86_400_000).toISOString()
    const body = {
      name: 'Op <Dawn>',
      privacy_level: 2,
      scheduled_start_time: start,
      scheduled_end_time: end,
      entity_type: 3,
      entity_metadata: { location: 'Task Force HQ' },
      description: 'https://hq.example/orbat',
    }
    const created = await fetch(events, { method: 'POST', headers: bot, body: JSON.stringify(body) })
    expect(created.status).toBe(200)
    const event = (await created.json()) as { id: string; status: number; guild_id: string }
    expect(event).toMatchObject({ ...body, status: 1, guild_id: DEMO_GUILD_ID })
    expect(((await (await fetch(events, { headers: bot })).json()) as { id: string }[]).map((e) => e.id)).toEqual([
      event.id,
    ])
    const edited = await fetch(`${events}/${event.id}`, {
      method: 'PATCH',
      headers: bot,
      body: JSON.stringify({ name: 'Op Dusk' }),
    })
    expect(await edited.json()).toMatchObject({ id: event.id, name: 'Op Dusk', scheduled_start_time: start })
    expect(await (await fetch(`${events}/${event.id}`, { headers: bot })).json()).toMatchObject({ name: 'Op Dusk' })
    expect(await (await fetch(`${discord.url}/`)).text()).toContain('Op Dusk')

    // Discord's refusals: an external event without a location, a start in the past.
    for (const refused of [
      { ...body, entity_metadata: {} },
      { ...body, scheduled_start_time: new Date(Date.now() - 60_000).toISOString() },
    ]) {
      const res = await fetch(events, { method: 'POST', headers: bot, body: JSON.stringify(refused) })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 50035 })
    }

    expect((await fetch(`${events}/${event.id}`, { method: 'DELETE', headers: bot })).status).toBe(204)
    const gone = await fetch(`${events}/${event.id}`, { method: 'DELETE', headers: bot })
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ message: 'Unknown Guild Scheduled Event', code: 10070 })
    expect(discord.state.scheduledEvents.size).toBe(0)
    expect(discord.state.deletedScheduledEvents.map((d) => d.event.id)).toEqual([event.id])
  })

  it('fails the next calls as told, 429 the way Discord does', async () => {
    const control = await fetch(`${discord.url}/__control/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 429, count: 1, retryAfter: 0.2 }),
    })
    expect(control.status).toBe(200)
    const limited = await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`, { headers: bot })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.2, global: false })
    expect(limited.headers.get('retry-after')).toBe('0.2')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('0.200')
    expect(limited.headers.get('x-ratelimit-bucket')).toBeTruthy()

    expect((await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`, { headers: bot })).status).toBe(200)

    discord.state.failNext({ status: 500, count: 1, path: '/channels' })
    expect((await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`, { headers: bot })).status).toBe(200)
    const failed = await fetch(`${discord.apiUrl}/channels/${DEMO_CHANNELS.events.id}/messages`, {
      method: 'POST',
      headers: bot,
      body: '{"content":"x"}',
    })
    expect(failed.status).toBe(500)

    discord.state.failNext({ status: 'network', count: 1 })
    await expect(fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`, { headers: bot })).rejects.toThrow()
    expect((await fetch(`${discord.apiUrl}/guilds/${DEMO_GUILD_ID}/roles`, { headers: bot })).status).toBe(200)
  })

  it('never fails the OAuth token endpoint on injected failures', async () => {
    discord.state.failNext({ status: 500, count: 5 })
    const { verifier, challenge } = pkce()
    const code = (await pickUser(admin.id, challenge)).searchParams.get('code')!
    expect((await exchange({ code, code_verifier: verifier })).status).toBe(200)
  })
})

describe('mounted inside an app', () => {
  it('serves under a prefix, links relative to it, and puts the CSP nonce on its <style>', async () => {
    const { router } = createDiscordStandIn()
    const app = express()
    app.use((_req, res, next) => {
      res.locals.cspNonce = 'test-nonce'
      next()
    })
    app.use('/__discord', router)
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__discord`
      const home = await (await fetch(`${base}/`)).text()
      expect(home).toContain('<style nonce="test-nonce">')
      expect(home).toContain('href="/__discord/oauth2/authorize?')
      const page = await (
        await fetch(`${base}/oauth2/authorize?${authorizeParams('c', { client_id: 'anything' })}`)
      ).text()
      expect(page).toContain('action="/__discord/oauth2/authorize"')
      expect(page).toContain('<style nonce="test-nonce">')
      // Standalone mode accepts any client_id and any bot token when none is configured.
      const roles = await fetch(`${base}/api/v10/guilds/${DEMO_GUILD_ID}/roles`, {
        headers: { Authorization: 'Bot whatever' },
      })
      expect(roles.status).toBe(200)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
