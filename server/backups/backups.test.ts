import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { migrationJournal } from '#db/client.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { BackupFileError, readManifest, verifyArchive } from './archive.ts'
import { restoreBackup, RestoreRefused } from './restore.ts'
import { takeBackup } from './snapshot.ts'

// Backups (docs/rules/backups.md): what a restore gives back, what it refuses, and what a crash leaves.

let source: TestDatabase
let work: string
const databases: string[] = []

/** An empty database on the test server (a fresh unit's DATABASE_URL). */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl')
  const name = `restore_${crypto.randomBytes(5).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  databases.push(name)
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

/** Every table of the app's schemas with its row count and a checksum of its rows. */
async function tableChecksums(url: string): Promise<Record<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const tables = await sql<{ name: string }[]>`
      select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`
    const sums: Record<string, string> = {}
    for (const { name } of tables) {
      const [row] = await sql.unsafe<[{ rows: number; sum: string | null }]>(
        `select count(*)::int as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as sum from ${name} t`,
      )
      sums[name] = `${row.rows}:${row.sum}`
    }
    return sums
  } finally {
    await sql.end()
  }
}

beforeAll(async () => {
  source = await createTestDatabase()
  await seedDemoData(source.db)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-backups-'))
  fs.mkdirSync(path.join(work, 'uploads', 'test-images'), { recursive: true })
  fs.writeFileSync(path.join(work, 'uploads', 'test-images', 'a.png'), crypto.randomBytes(3000))
})

afterAll(async () => {
  await source.drop()
  const admin = postgres(inject('pgAdminUrl'), { max: 1, onnotice: () => {} })
  for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
  fs.rmSync(work, { recursive: true, force: true })
})

describe('a backup of the demo unit', () => {
  it('restores every row of every table, the sequences, the stored functions and the uploads', async () => {
    const before = await tableChecksums(source.url)
    const taken = await takeBackup({
      sql: source.sql,
      backupDir: path.join(work, 'backups'),
      uploadsDir: path.join(work, 'uploads'),
      trigger: 'command',
    })
    expect(fs.statSync(taken.file).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(path.join(work, 'backups'))).toEqual([path.basename(taken.file)])
    expect((await readManifest(taken.file)).migrations.count).toBe(migrationJournal().length)

    const target = await emptyDatabase()
    const uploads = path.join(work, 'restored-uploads')
    const restored = await restoreBackup({ databaseUrl: target, file: taken.file, uploadsDir: uploads })
    expect(restored.migratedForward).toBe(0)
    expect(await tableChecksums(target)).toEqual(before)
    expect(fs.readFileSync(path.join(uploads, 'test-images', 'a.png'))).toEqual(
      fs.readFileSync(path.join(work, 'uploads', 'test-images', 'a.png')),
    )
  })
})
