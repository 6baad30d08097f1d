import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import fs from 'node:fs'
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
  /** Statements sent to the server so far, when createDb was asked to count them (0 otherwise). */
  statements: () => number
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions')

interface DbOptions {
  max?: number
  statementTimeoutMs?: number
  /**
   * Count every statement sent (tests: how many statements a request costs, so a query per row cannot come back).
   * NOTE: postgres.js counts through its `debug` hook, which also makes the query text and parameters of its errors
   * enumerable: off in production, where errors reach the logs.
   */
  countStatements?: boolean
}

export function createDb(url: string, options: DbOptions = {}): DbHandle {
  let statements = 0
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // NOTE: every connection gets a statement timeout so one stuck query cannot hold a pool slot forever.
    connection: { statement_timeout: options.statementTimeoutMs ?? 15_000, application_name: 'milsim-unit' },
    ...(options.countStatements ? { debug: () => void statements++ } : {}),
  })
  const db = drizzle(sql, { schema })
  return { db, sql, close: () => sql.end({ timeout: 5 }), statements: () => statements }
}

/**
 * The migrations, then the stored functions and triggers of db/functions: start-up, `npm run db:migrate` and the
 * test harness's template database all come here.
 */
export async function runMigrations(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migrate(drizzle(sql), { migrationsFolder })
    await applyStoredFunctions(sql)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The migrations of db/migrations in order, as drizzle applies them (statements, journal timestamp, hash). */
export function migrationJournal(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder })
}

/** How many of the app's migrations a database lacks (0 for an empty database: nothing there to lose). */
export async function pendingMigrations(url: string): Promise<{ applied: number; pending: number }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const [journal] = await sql<[{ name: string | null }]>`select to_regclass('drizzle.__drizzle_migrations') as name`
    if (!journal.name) return { applied: 0, pending: 0 }
    const [row] = await sql<[{ last: string | null; count: number }]>`
      select max(created_at)::text as last, count(*)::int as count from drizzle.__drizzle_migrations`
    const last = Number(row.last ?? 0)
    return { applied: row.count, pending: migrationJournal().filter((m) => m.folderMillis > last).length }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The files of db/functions, in the order they are applied (by name). */
export function storedFunctionFiles(): { name: string; text: string }[] {
  return fs
    .readdirSync(functionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(functionsFolder, name), 'utf8') }))
}

/**
 * Applies db/functions, the one current definition of every stored function and trigger, after the migrations and at
 * every start, so an edited file is in force at the next start
 * (docs/decisions/031-stored-functions-in-one-file-per-domain.md). Every statement there is a CREATE OR REPLACE, so
 * applying again changes nothing. All files go in one transaction (a file that fails leaves the previous definitions
 * in force), one start at a time: two instances replacing the same function at once would fail.
 */
export async function applyStoredFunctions(sql: postgres.Sql) {
  const files = storedFunctionFiles()
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('milsim-unit:stored-functions'))`
    for (const file of files) {
      // A file is several statements: sent as one simple query (no parameters), as psql would.
      await tx.unsafe(file.text).catch((error: unknown) => {
        throw new Error(`db/functions/${file.name}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        })
      })
    }
  })
}
