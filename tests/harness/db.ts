import crypto from 'node:crypto'
import postgres from 'postgres'
import { inject } from 'vitest'
import { sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { createDb, type Db, type DbHandle } from '#db/client.ts'
import { TEMPLATE_DATABASE } from './global-setup.ts'

export interface TestDatabase extends DbHandle {
  url: string
  drop: () => Promise<void>
}

/** A fresh, migrated database for one test file (a copy of the template: fast, isolated). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl')
  const name = `test_${crypto.randomBytes(6).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  // NOTE: CREATE DATABASE ... TEMPLATE fails if another session is connected to the template; files run in
  // parallel, so retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`)
      break
    } catch (error) {
      if (attempt > 20) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  await admin.end()
  const url = adminUrl.replace(/\/postgres$/, `/${name}`)
  const handle = createDb(url, { max: 5 })
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close()
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} })
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await a.end()
    },
  }
}

/**
 * Runs a statement again when PostgreSQL ends it as a deadlock's victim. A TRUNCATE takes its tables one at a time,
 * and the app's own reads after the last change (the live ORBAT's snapshot, rebuilt in the background) may hold one of
 * them while waiting for another; the read finishes once the truncate gives way.
 */
async function retryingDeadlocks<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement()
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code
      if (code !== '40P01' || attempt >= 5) throw error
    }
  }
}

/** Empties `tables` and every table that references them (TRUNCATE ... CASCADE) for the next test, past deadlocks. */
export async function truncateTables(db: Db, tables: PgTable[]): Promise<void> {
  await retryingDeadlocks(() =>
    db.execute(
      sql`truncate ${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )} cascade`,
    ),
  )
}
