import crypto from 'node:crypto'
import postgres from 'postgres'
import { inject } from 'vitest'
import { createDb, type DbHandle } from '#db/client.ts'
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
