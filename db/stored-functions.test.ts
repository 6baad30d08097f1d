// The stored functions and triggers are defined once, in db/functions, and applied after the migrations at every start
// (docs/decisions/031-stored-functions-in-one-file-per-domain.md): whatever a database's history, its functions are
// exactly those of the files, applying them again changes nothing, and a definition that differs is replaced at the
// next start.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { applyStoredFunctions, runMigrations, storedFunctionFiles } from './client.ts'

/** The last migration before the functions left the migration history: what an existing database had applied. */
const LAST_MIGRATION_BEFORE_DB_FUNCTIONS = '0009_signup_answers'

let fresh: TestDatabase
const scratch: string[] = []

beforeAll(async () => {
  fresh = await createTestDatabase()
})
afterAll(async () => {
  await fresh?.drop()
  const admin = postgres(inject('pgAdminUrl'), { max: 1, onnotice: () => {} })
  for (const name of scratch) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
})

/** An empty database of the test server, dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl')
  const name = `fn_${crypto.randomBytes(6).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.end()
  scratch.push(name)
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

/** Every function (by signature) and trigger (by table and name) of the app, its definition as PostgreSQL prints it. */
async function definitions(sql: postgres.Sql) {
  const functions = await sql<{ name: string; definition: string }[]>`
    select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 1`
  const triggers = await sql<{ name: string; definition: string }[]>`
    select c.relname || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not t.tgisinternal
     order by 1`
  return {
    functions: Object.fromEntries(functions.map((f) => [f.name, f.definition])),
    triggers: Object.fromEntries(triggers.map((t) => [t.name, t.definition])),
  }
}

async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** Names the files of db/functions define. */
function definedInFiles() {
  const text = storedFunctionFiles()
    .map((file) => file.text)
    .join('\n')
  return {
    functions: [...text.matchAll(/CREATE OR REPLACE FUNCTION\s+(\w+)\s*\(/g)].map((m) => m[1]!).sort(),
    triggers: [...text.matchAll(/CREATE OR REPLACE TRIGGER\s+(\w+)\s.*?\sON\s+(\w+)\s/gs)]
      .map((m) => `${m[2]}.${m[1]}`)
      .sort(),
  }
}

describe('the stored functions of db/functions', () => {
  it('are every stored function and trigger of a new database, and no other', async () => {
    const files = definedInFiles()
    const live = await definitions(fresh.sql)
    expect(files.functions.length).toBeGreaterThan(0)
    expect(
      Object.keys(live.functions)
        .map((signature) => signature.replace(/\(.*$/, ''))
        .sort(),
    ).toEqual(files.functions)
    expect(Object.keys(live.triggers).sort()).toEqual(files.triggers)
    for (const file of storedFunctionFiles()) {
      expect(file.text, `${file.name} creates only with CREATE OR REPLACE`).not.toMatch(/CREATE\s+(FUNCTION|TRIGGER)/)
    }
  })

  it('replace what an existing database has at its next start: the same definitions as a new database', async () => {
    // A database as every installation had it before db/functions: the migrations up to 0009, functions and all.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-migrations-'))
    fs.cpSync(path.join(import.meta.dirname, 'migrations'), folder, { recursive: true })
    const journalFile = path.join(folder, 'meta', '_journal.json')
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] }
    const last = journal.entries.findIndex((e) => e.tag === LAST_MIGRATION_BEFORE_DB_FUNCTIONS)
    expect(last).toBeGreaterThan(0)
    journal.entries = journal.entries.slice(0, last + 1)
    fs.writeFileSync(journalFile, JSON.stringify(journal))
    const url = await emptyDatabase()
    try {
      await withSql(url, (sql) => migrate(drizzle(sql), { migrationsFolder: folder }))
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
    const before = await withSql(url, definitions)
    expect(before.functions['orbat_sign_up(integer,integer,text)']).toBeDefined()

    await runMigrations(url)
    const expected = await definitions(fresh.sql)
    expect(await withSql(url, definitions)).toEqual(expected)
    expect(before).not.toEqual(expected)
  })

  it('can be applied again and again without a change, and a definition that differs is replaced at the next start', async () => {
    const url = await emptyDatabase()
    await runMigrations(url)
    const applied = await withSql(url, definitions)
    await withSql(url, async (sql) => {
      await applyStoredFunctions(sql)
      await applyStoredFunctions(sql)
    })
    expect(await withSql(url, definitions)).toEqual(applied)

    // Someone changed the database by hand (or an older release defined things otherwise): a start puts the files'
    // definitions back.
    await withSql(url, async (sql) => {
      await sql`DROP TRIGGER users_notify_change ON users`
      await sql.unsafe(
        `CREATE OR REPLACE FUNCTION holds_lock_role(lock_name text, discord_roles text[]) RETURNS boolean LANGUAGE sql AS $$ SELECT true $$`,
      )
    })
    expect(await withSql(url, definitions)).not.toEqual(applied)
    await runMigrations(url)
    expect(await withSql(url, definitions)).toEqual(applied)
  })
})
