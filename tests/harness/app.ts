import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { freePort } from '#server/database.ts'
import { startApp, type RunningApp } from '#server/start.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '#server/discord-stand-in/index.ts'
import { DEMO_ADMIN_ROLE_IDS, DEMO_GUILD_ID, DEMO_USERS } from '#db/seed/demo-guild.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'

export const TEST_CLIENT_ID = 'test-client-id'
export const TEST_CLIENT_SECRET = 'test-client-secret'
export const TEST_BOT_TOKEN = 'test-bot-token'

export interface TestApp {
  app: RunningApp
  url: string
  /** The environment the app was configured from (a second instance starts from it: tests/harness/instance.ts). */
  env: Record<string, string>
  discord: RunningDiscordStandIn
  database: TestDatabase
  /** A fetch client with its own cookie jar, logged out. */
  client: () => TestClient
  /** A client logged in through the real OAuth flow as a demo user (by username, e.g. 'demo_admin', 'reyes'). */
  login: (as: string) => Promise<TestClient>
  close: () => Promise<void>
}

/**
 * The whole app (production build, real HTTP) on a fresh database, logging in against a standalone Discord
 * stand-in on its own port: the same code path as a real Discord, only the base URLs differ.
 */
export async function startTestApp(options: { jobs?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  // A port found free can be taken before the app listens on it (another test process picked the same one): then
  // the app starts again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(database, options)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 3) continue
      await database.drop()
      throw error
    }
  }
}

async function startOnFreePort(
  database: TestDatabase,
  options: { jobs?: boolean; env?: Record<string, string> },
): Promise<TestApp> {
  const port = await freePort()
  const appUrl = `http://localhost:${port}`
  const discord = await startDiscordStandIn({
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    botToken: TEST_BOT_TOKEN,
    redirectUris: [`${appUrl}/auth/discord/callback`],
  })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-test-data-'))
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-0123456789',
    DISCORD_CLIENT_ID: TEST_CLIENT_ID,
    DISCORD_CLIENT_SECRET: TEST_CLIENT_SECRET,
    DISCORD_BOT_TOKEN: TEST_BOT_TOKEN,
    DISCORD_GUILD_ID: DEMO_GUILD_ID,
    DISCORD_ADMIN_ROLE_IDS: DEMO_ADMIN_ROLE_IDS.join(','),
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    ...options.env,
  }
  const config = loadConfig(env)
  const buildDir = path.resolve('build')
  if (!fs.existsSync(path.join(buildDir, 'server', 'index.js'))) {
    throw new Error('Integration tests serve the production build: run "npm run build" first (npm test does).')
  }
  let app: RunningApp
  try {
    app = await startApp(config, {
      mode: 'production',
      buildDir,
      jobs: options.jobs ?? false,
      seed: false,
      countStatements: true,
    })
  } catch (error) {
    await discord.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const url = appUrl
  return {
    app,
    url,
    env,
    discord,
    database,
    client: () => new TestClient(url),
    login: async (as) => {
      const client = new TestClient(url)
      await client.login(as)
      return client
    },
    close: async () => {
      await app.close()
      await discord.close()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** fetch with a cookie jar, same-origin headers on writes, and no automatic redirects. */
export class TestClient {
  private cookies = new Map<string, string>()
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  storeCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl)
    const headers = new Headers(init.headers)
    if (url.origin === new URL(this.baseUrl).origin) {
      const cookie = this.cookieHeader()
      if (cookie) headers.set('Cookie', cookie)
      const method = (init.method ?? 'GET').toUpperCase()
      if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin'))
        headers.set('Origin', new URL(this.baseUrl).origin)
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    if (url.origin === new URL(this.baseUrl).origin) this.storeCookies(response)
    return response
  }

  get(path: string, init?: RequestInit) {
    return this.fetch(path, init)
  }

  postJson(path: string, body: unknown, init: RequestInit = {}) {
    return this.fetch(path, {
      ...init,
      method: init.method ?? 'POST',
      headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
      body: JSON.stringify(body),
    })
  }

  postForm(path: string, fields: Record<string, string>, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'POST', body: new URLSearchParams(fields) })
  }

  /**
   * The real OAuth flow: app -> stand-in authorize (pick the user) -> callback -> session cookie. `startAt` is where
   * the flow begins (a `returnTo` may ride on it); the answer is the callback's redirect.
   */
  async login(as: string, startAt = '/auth/discord') {
    const user = DEMO_USERS.find((u) => u.username === as || u.id === as)
    if (!user) throw new Error(`No demo user ${as}`)
    const start = await this.get(startAt)
    if (start.status !== 302) throw new Error(`/auth/discord answered ${start.status}`)
    const authorize = new URL(start.headers.get('location')!)
    const pick = await fetch(authorize, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), user_id: user.id }),
      redirect: 'manual',
    })
    if (pick.status !== 302) throw new Error(`stand-in authorize answered ${pick.status}: ${await pick.text()}`)
    const callback = await this.get(pick.headers.get('location')!)
    if (callback.status !== 302) throw new Error(`callback answered ${callback.status}: ${await callback.text()}`)
    return callback
  }
}
