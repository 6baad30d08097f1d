import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '#db/schema/users-sessions.ts'
import { DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { startTestApp, TestClient, type TestApp } from '#tests/harness/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('login with Discord (real OAuth flow against the stand-in)', () => {
  it('logs in an admin: session cookie, user upserted, /auth/user answers the user shape', async () => {
    const admin = await t.login('demo_admin')
    // The one-time state/PKCE cookie is gone once the login is done.
    expect(admin.cookieHeader()).not.toContain('discord_oauth')
    expect(admin.cookieHeader()).toContain('session=')
    const response = await admin.get('/auth/user')
    expect(response.status).toBe(200)
    const user = await response.json()
    expect(user).toMatchObject({
      username: 'demo_admin',
      displayName: 'Cpt. Miller',
      isAdmin: true,
      event_score: 0,
    })
    expect(user.avatar).toMatch(/^https:\/\/cdn\.discordapp\.com\//)
    expect(Object.keys(user)).toEqual(
      expect.arrayContaining(['id', 'username', 'displayName', 'avatar', 'event_score', 'isAdmin']),
    )
    const [row] = await t.database.db.select().from(users).where(eq(users.discord_id, '800000000000000001'))
    expect(row?.discord_roles).toContain(DEMO_ROLES.admin.id)
  })

  it('logs in a member without admin rights', async () => {
    const member = await t.login('reyes')
    const user = await (await member.get('/auth/user')).json()
    expect(user).toMatchObject({ username: 'reyes', isAdmin: false })
  })

  it('sends the browser to the authorize URL with state, PKCE S256 and the two scopes', async () => {
    const response = await t.client().get('/auth/discord')
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe(t.discord.authorizeUrl)
    expect(location.searchParams.get('state')).toBeTruthy()
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    expect(location.searchParams.get('scope')).toBe('identify guilds.members.read')
    expect(location.searchParams.get('redirect_uri')).toBe(`${t.url}/auth/discord/callback`)
    const cookie = response.headers.getSetCookie().join('\n')
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('answers 401 {error} on /auth/user when anonymous', async () => {
    const response = await t.client().get('/auth/user')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: expect.any(String) })
  })

  it('refuses a wrong state with a clear page and no session', async () => {
    const client = t.client()
    await client.get('/auth/discord') // a real state cookie exists, but the URL carries another state
    const before = await countSessions()
    const response = await client.get('/auth/discord/callback?state=not-the-state&code=abc')
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Login failed')
    expect(html).toContain('state mismatch')
    expect(await countSessions()).toBe(before)
    expect((await client.get('/auth/user')).status).toBe(401)
  })

  it('refuses a callback without state, or without the state cookie', async () => {
    const noState = await t.client().get('/auth/discord/callback?code=abc')
    expect(noState.status).toBe(400)
    expect(await noState.text()).toContain('missing its state')
    const noCookie = await t.client().get('/auth/discord/callback?state=abc&code=abc')
    expect(noCookie.status).toBe(400)
    expect(await noCookie.text()).toContain('Login failed')
  })

  it('refuses a reused authorization code without making a session', async () => {
    const client = t.client()
    const start = await client.get('/auth/discord')
    const authorize = new URL(start.headers.get('location')!)
    const pick = await fetch(authorize, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), user_id: '800000000000000003' }),
      redirect: 'manual',
    })
    const callbackUrl = pick.headers.get('location')!
    // An attacker replaying the same callback (same state cookie) after the first use:
    const stateCookie = client.cookieHeader()
    expect((await client.get(callbackUrl)).status).toBe(302)
    const replay = new TestClient(t.url)
    const before = await countSessions()
    const response = await replay.fetch(callbackUrl, { headers: { Cookie: stateCookie } })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('already been used')
    expect(await countSessions()).toBe(before)
  })

  it('shows a clear page when the user cancels on Discord', async () => {
    const client = t.client()
    const start = await client.get('/auth/discord')
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const response = await client.get(`/auth/discord/callback?state=${state}&error=access_denied`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Login was cancelled')
  })

  it('shows a clear page, not a 500, when Discord cannot be reached during the exchange', async () => {
    const client = t.client()
    const start = await client.get('/auth/discord')
    const authorize = new URL(start.headers.get('location')!)
    const pick = await fetch(authorize, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), user_id: '800000000000000002' }),
      redirect: 'manual',
    })
    // Discord's users/@me fails after the token exchange: no half-made session.
    t.discord.state.failNext({ status: 500, count: 10, path: '/users/@me' })
    const before = await countSessions()
    const response = await client.get(pick.headers.get('location')!)
    t.discord.state.reset()
    expect(response.status).toBe(502)
    expect(await response.text()).toContain('Login failed')
    expect(await countSessions()).toBe(before)
  })

  it('logs out on the server: the old cookie no longer works', async () => {
    const client = await t.login('novak')
    const cookie = client.cookieHeader()
    const response = await client.fetch('/auth/logout', { method: 'POST' })
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie().join('\n')).toMatch(/toast=/)
    const stale = await fetch(`${t.url}/auth/user`, { headers: { Cookie: cookie } })
    expect(stale.status).toBe(401)
  })

  it('re-reads guild roles at most every 10 minutes', async () => {
    const client = await t.login('kowalski')
    expect((await (await client.get('/auth/user')).json()).isAdmin).toBe(false)
    // Kowalski is made an admin on Discord: within 10 minutes of login the cached roles still count...
    t.discord.state.setUserRoles('800000000000000004', [DEMO_ROLES.member.id, DEMO_ROLES.admin.id])
    expect((await (await client.get('/auth/user')).json()).isAdmin).toBe(false)
    // ...once they are older than 10 minutes, the next request has them refreshed with the bot token: in the
    // background (that request answers with the roles known), so a following request sees the new ones.
    await t.database.db
      .update(users)
      .set({ roles_refreshed_at: sql`now() - interval '11 minutes'` })
      .where(eq(users.discord_id, '800000000000000004'))
    expect((await (await client.get('/auth/user')).json()).isAdmin).toBe(false)
    await expect.poll(async () => (await (await client.get('/auth/user')).json()).isAdmin).toBe(true)
  })

  it('does not redirect to another site after login', async () => {
    const response = await t.client().get('/auth/discord?returnTo=//evil.example/x')
    expect(response.status).toBe(302)
    const cookies = response.headers.getSetCookie().join('\n')
    expect(cookies).not.toContain('evil.example')
  })

  it('sends the person home after login when returnTo holds a tab, a newline or a backslash, never to another site', async () => {
    for (const returnTo of [
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0d%0aSet-Cookie:%20x=1',
      '/%5C/evil.example',
    ]) {
      const callback = await t.client().login('novak', `/auth/discord?returnTo=${returnTo}`)
      expect(callback.headers.get('location'), returnTo).toBe('/')
    }
    const callback = await t.client().login('novak', '/auth/discord?returnTo=%2Froster%3Fterm%3DM%C3%BCller')
    expect(callback.headers.get('location')).toBe('/roster?term=M%C3%BCller')
  })
})

async function countSessions() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sessions)
  return row!.n
}

describe('Discord failures never break the request', () => {
  it('keeps cached roles when the refresh fails, and records a System audit entry', async () => {
    const client = await t.login('novak')
    await t.database.db
      .update(users)
      .set({ roles_refreshed_at: sql`now() - interval '11 minutes'` })
      .where(eq(users.discord_id, '800000000000000003'))
    t.discord.state.failNext({ status: 500, count: 20, path: '/guilds' })
    const response = await client.get('/auth/user')
    expect(response.status).toBe(200)
    expect((await response.json()).username).toBe('novak')
    // The refresh gives up in the background after its three attempts...
    const guildCalls = () => t.discord.state.requests.filter((r) => r.path.startsWith('/guilds/')).length
    await expect
      .poll(() => t.discord.state.requests.filter((r) => r.path.startsWith('/guilds/') && r.status === 500).length, {
        timeout: 5000,
      })
      .toBe(3)
    // ...and the next request does not hammer Discord again: the retry waits a minute.
    const callsBefore = guildCalls()
    expect((await client.get('/auth/user')).status).toBe(200)
    expect(guildCalls()).toBe(callsBefore)
    t.discord.state.reset()
    const admin = await t.login('demo_admin')
    const log = (await (await admin.get('/api/admin/audit-log')).json()) as Array<{
      actor: string
      action: string
      details: string
    }>
    expect(log).toContainEqual(expect.objectContaining({ actor: 'System', action: 'Discord call failed' }))
  })
})

describe('GET /auth/logout', () => {
  const stillLoggedIn = async (client: TestClient) => (await client.get('/auth/user')).status === 200

  it('logs out on a top-level navigation from the app or the address bar', async () => {
    const navigations: Array<Record<string, string>> = [
      { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
      { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' },
      {},
    ]
    for (const headers of navigations) {
      const client = await t.login('novak')
      const response = await client.get('/auth/logout', { headers })
      expect(response.status).toBe(302)
      expect(await stillLoggedIn(client), JSON.stringify(headers)).toBe(false)
    }
  })

  it('changes nothing when loaded as an image, a script or from another site', async () => {
    const client = await t.login('novak')
    for (const headers of [
      { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors' },
      { 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors' },
      { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
      { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
    ]) {
      const response = await client.get('/auth/logout', { headers })
      expect(response.status).toBe(302)
      expect(await stillLoggedIn(client), JSON.stringify(headers)).toBe(true)
    }
  })
})
