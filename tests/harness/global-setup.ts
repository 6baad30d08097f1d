import { execSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { runMigrations } from '#db/client.ts'
import { startEmbeddedPostgres } from '#server/database.ts'
import { setLogLevel } from '#server/logger.ts'

/** The migrated template every test file's database is copied from. */
export const TEMPLATE_DATABASE = 'app_template'

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres:// URL of the server's maintenance database (to create and drop per-file databases). */
    pgAdminUrl: string
  }
}

// One real (embedded) PostgreSQL for the whole run; a developer's own database is never touched.
export default async function setup(project: TestProject) {
  setLogLevel('warn')
  ensureFreshBuild()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-test-pg-'))
  // NOTE: as root, PostgreSQL runs as a 'postgres' user that must be able to enter the (0700) temp dir.
  fs.chmodSync(dir, 0o755)
  const database = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), database: 'postgres', persistent: false })
  const admin = postgres(database.url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  await admin.end()
  await runMigrations(database.url.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`))
  project.provide('pgAdminUrl', database.url)
  return async () => {
    await database.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Integration tests serve the production build, which bundles the server code that route modules import.
 * NOTE: a build older than the sources would test yesterday's code, so rebuild when anything is newer.
 */
function ensureFreshBuild() {
  const root = path.resolve(import.meta.dirname, '../..')
  const entry = path.join(root, 'build/server/index.js')
  const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0
  const newest = Math.max(
    ...['app', 'contracts', 'server', 'db', 'jobs'].map((dir) => newestMtime(path.join(root, dir))),
    ...['vite.config.ts', 'react-router.config.ts', 'package.json'].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
  )
  if (newest <= builtAt) return
  console.log(
    builtAt
      ? 'Sources changed since the last build: rebuilding for the integration tests...'
      : 'No build yet: building for the integration tests...',
  )
  // NOTE: vitest sets NODE_ENV=test, which would build React's development bundle into the client assets. The whole
  // build (`npm run build`, the service worker too), so a browser test run after this one serves a complete app.
  execSync('npm run build', {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
}

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full))
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs)
  }
  return newest
}
