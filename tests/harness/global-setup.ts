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
