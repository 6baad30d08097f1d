import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as schema from './schema/index.ts'

export { schema }
/** The database: drizzle, with its postgres.js client as `$client` (for the prepared stored-function calls of the sign-up). */
export type Db = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql }
/** The handle a transaction callback receives; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface DbHandle {
  db: Db
  sql: postgres.Sql
  close: () => Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export function createDb(url: string, options: { max?: number; statementTimeoutMs?: number } = {}): DbHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // NOTE: every connection gets a statement timeout so one stuck query cannot hold a pool slot forever.
    connection: { statement_timeout: options.statementTimeoutMs ?? 15_000, application_name: 'milsim-unit' },
  })
  const db = drizzle(sql, { schema })
  return { db, sql, close: () => sql.end({ timeout: 5 }) }
}

export async function runMigrations(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migrate(drizzle(sql), { migrationsFolder })
  } finally {
    await sql.end({ timeout: 5 })
  }
}
