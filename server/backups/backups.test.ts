import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationJournal } from '#db/client.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { loadConfig } from '#server/config.ts'
import {
  backupWorkspace,
  emptyDatabase as emptyDatabaseIn,
  tableChecksums,
  tableColumns,
  withSql,
} from '#tests/harness/backups.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { BackupFileError, readManifest, verifyArchive, writeArchive } from './archive.ts'
import { restoreBackup } from './restore.ts'
import { takeBackup } from './snapshot.ts'
import { backupBeforeUpgrade } from './upgrade.ts'

// Backups (docs/rules/backups.md): what a restore gives back and what it refuses. A crash's leavings:
// crash.test.ts; the runs (requested, scheduled, failed, kept): runs.test.ts.

let source: TestDatabase
let workspace: ReturnType<typeof backupWorkspace>
let work: string
const emptyDatabase = () => emptyDatabaseIn(work)

/** The stored functions and triggers of the app's schema, by name. */
function routines(url: string): Promise<string[]> {
  return withSql(url, async (sql) => {
    const rows = await sql<{ name: string }[]>`
      select 'function ' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
      union all select 'trigger ' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal
      order by 1`
    return rows.map((row) => row.name)
  })
}

/** Every sequence owned by a column, with the column's highest value and the sequence's next one. */
function sequencesAgainstIds(url: string) {
  return withSql(url, async (sql) => {
    const owned = await sql<{ seq: string; tab: string; col: string }[]>`
      select s.oid::regclass::text as seq, t.oid::regclass::text as tab, a.attname as col
      from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = t.relnamespace
      where s.relkind = 'S' and n.nspname in ('public', 'drizzle')`
    const found: Array<{ seq: string; max: number; next: number }> = []
    for (const { seq, tab, col } of owned) {
      const [{ max }] = await sql.unsafe<[{ max: string | null }]>(`select max("${col}")::text as max from ${tab}`)
      const [{ next }] = await sql.unsafe<[{ next: string }]>(`select nextval('${seq}')::text as next`)
      found.push({ seq, max: Number(max ?? 0), next: Number(next) })
    }
    return found
  })
}

const uploadsDir = () => path.join(work, 'uploads')

async function backupOf(db: TestDatabase, dir = path.join(work, 'backups')) {
  return takeBackup({ sql: db.sql, backupDir: dir, uploadsDir: uploadsDir(), trigger: 'command' })
}

beforeAll(async () => {
  source = await createTestDatabase()
  await seedDemoData(source.db)
  workspace = backupWorkspace()
  work = workspace.dir
  fs.mkdirSync(path.join(uploadsDir(), 'test-images'), { recursive: true })
  fs.writeFileSync(path.join(uploadsDir(), 'test-images', 'a.png'), crypto.randomBytes(3000))
})

afterAll(async () => {
  await source.drop()
  await workspace.remove()
})

describe('a backup of the demo unit', () => {
  it('restores every row of every table, the sequences past the highest ids, the stored functions, triggers and uploads', async () => {
    const before = await tableChecksums(source.url)
    const taken = await backupOf(source)
    expect(fs.statSync(taken.file).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(path.dirname(taken.file))).toEqual([path.basename(taken.file)])
    expect((await readManifest(taken.file)).migrations.count).toBe(migrationJournal().length)

    const target = await emptyDatabase()
    const restoredUploads = path.join(work, 'restored-uploads')
    const restored = await restoreBackup({ databaseUrl: target, file: taken.file, uploadsDir: restoredUploads })
    expect(restored.migratedForward).toBe(0)
    expect(await tableChecksums(target)).toEqual(before)
    expect(await routines(target)).toEqual(await routines(source.url))
    for (const sequence of await sequencesAgainstIds(target)) expect(sequence.next).toBeGreaterThan(sequence.max)
    expect(fs.readFileSync(path.join(restoredUploads, 'test-images', 'a.png'))).toEqual(
      fs.readFileSync(path.join(uploadsDir(), 'test-images', 'a.png')),
    )

    // A database with anything in it is refused, and left as it was, unless --replace.
    await expect(restoreBackup({ databaseUrl: target, file: taken.file, uploadsDir: restoredUploads })).rejects.toThrow(
      `The database is not empty (${Object.keys(before).length} tables): restore into an empty database, or add --replace to replace everything in it.`,
    )
    expect(await tableChecksums(target)).toEqual(before)
    await withSql(target, (sql) => sql`delete from members where id = (select min(id) from members)`)
    await restoreBackup({ databaseUrl: target, file: taken.file, uploadsDir: restoredUploads, replace: true })
    expect(await tableChecksums(target)).toEqual(before)
  })

  it('refuses a damaged, cut short, foreign or newer file before touching the database', async () => {
    const taken = await backupOf(source, path.join(work, 'refusals'))
    const bytes = fs.readFileSync(taken.file)
    const damaged = path.join(work, 'damaged.backup.tar')
    const flipped = Buffer.from(bytes)
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff
    fs.writeFileSync(damaged, flipped)
    await expect(verifyArchive(damaged)).rejects.toThrow(BackupFileError)
    const cut = path.join(work, 'cut.backup.tar')
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)))
    await expect(verifyArchive(cut)).rejects.toThrow(BackupFileError)
    const foreign = path.join(work, 'foreign.tar')
    fs.writeFileSync(foreign, crypto.randomBytes(4096))
    await expect(readManifest(foreign)).rejects.toThrow(BackupFileError)

    const newer = path.join(work, 'newer.backup.tar')
    const manifest = await readManifest(taken.file)
    const journal = migrationJournal()
    await writeArchive(
      newer,
      {
        ...manifest,
        app: { version: '9.0.0' },
        migrations: { count: journal.length + 1, last: Date.now() },
        tables: [],
        uploads: [],
      },
      [],
    )
    const target = await emptyDatabase()
    await expect(restoreBackup({ databaseUrl: target, file: newer, uploadsDir: uploadsDir() })).rejects.toThrow(
      `newer.backup.tar comes from a newer version of the app (${journal.length + 1} migrations; this version knows ${journal.length}): restore it with version 9.0.0 or later.`,
    )
    for (const file of [damaged, cut]) {
      await expect(restoreBackup({ databaseUrl: target, file, uploadsDir: uploadsDir() })).rejects.toThrow(
        BackupFileError,
      )
    }
    expect(await tableChecksums(target)).toEqual({})
  })

  it('backs up before a start that would migrate, and restores a backup of an older version of the app, migrating it forward', async () => {
    // A unit on the version before the newest migration: its schema made by the migrations up to then.
    const journal = migrationJournal()
    const older = await emptyDatabase()
    await withSql(older, async (sql) => {
      await sql.begin(async (tx) => {
        await tx.unsafe('create schema drizzle')
        await tx.unsafe(
          'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
        )
        for (const migration of journal.slice(0, -1)) {
          for (const statement of migration.sql) if (statement.trim()) await tx.unsafe(statement)
          await tx`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`
        }
      })
      await sql`insert into users (discord_id, username) values ('123456789012345678', 'old_timer')`
    })
    // Starting the newer app on it would migrate: a backup of it as it is comes first (unless turned off).
    const config = loadConfig({ DATA_DIR: work, BACKUP_DIR: path.join(work, 'upgrade') })
    const beforeUpgrade = await backupBeforeUpgrade(config, older)
    expect(beforeUpgrade).toMatch(/-before-upgrade\.backup\.tar$/)
    expect((await readManifest(beforeUpgrade!)).migrations.count).toBe(journal.length - 1)
    const off = { ...config, backups: { ...config.backups, beforeUpgrade: false } }
    expect(await backupBeforeUpgrade(off, older)).toBeNull()

    const handle = postgres(older, { max: 2, onnotice: () => {} })
    const taken = await takeBackup({
      sql: handle,
      backupDir: path.join(work, 'older'),
      uploadsDir: uploadsDir(),
      trigger: 'command',
    })
    await handle.end()
    expect(taken.manifest.migrations.count).toBe(journal.length - 1)
    // The newest migration may add columns: the rows are compared on the columns the older version had.
    const olderColumns = await tableColumns(older)
    const before = await tableChecksums(older, olderColumns)

    const target = await emptyDatabase()
    const restored = await restoreBackup({ databaseUrl: target, file: taken.file, uploadsDir: uploadsDir() })
    expect(restored.migratedForward).toBe(1)
    const after = await tableChecksums(target, olderColumns)
    const [migrations] = await withSql(
      target,
      (sql) => sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    expect(migrations!.n).toBe(journal.length)
    // Nothing left to migrate: no backup at the next start.
    expect(await backupBeforeUpgrade(config, target)).toBeNull()
    for (const [table, sum] of Object.entries(before)) {
      if (table !== 'drizzle.__drizzle_migrations') expect(after[table]).toBe(sum)
    }
  })
})

describe('a backup taken while the unit writes', { timeout: 60_000 }, () => {
  it('is one consistent moment: no member in two slots, every stored count equal to its rows', async () => {
    const busy = await createTestDatabase()
    await seedDemoData(busy.db)
    let writing = true
    const writes = { moves: 0, attendance: 0, promotions: 0 }
    const [{ users, slots, events, members }] = await busy.sql<
      [{ users: number[]; slots: number[]; events: number[]; members: number[] }]
    >`select (select array_agg(id) from users) as users,
        (select array_agg(id) from slots where role not like '---%') as slots,
        (select array_agg(id) from events) as events,
        (select array_agg(id) from members) as members`
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!
    // Sign-ups moving people between slots, attendance saved and removed, ranks changed with their audit entry.
    const writers = [
      async () => {
        const user = pick(users)
        const slot = pick(slots)
        await busy.sql.begin(async (tx) => {
          await tx`update slots set user_id = null where user_id = ${user}`
          await tx`update slots set user_id = ${user} where id = ${slot} and user_id is null and manual_username is null`
        })
        writes.moves++
      },
      async () => {
        const event = pick(events)
        const member = pick(members)
        await busy.sql.begin(async (tx) => {
          const removed =
            await tx`delete from event_attendance where event_id = ${event} and member_id = ${member} returning 1`
          if (!removed.length) await tx`insert into event_attendance (event_id, member_id) values (${event}, ${member})`
        })
        writes.attendance++
      },
      async () => {
        const member = pick(members)
        await busy.sql.begin(async (tx) => {
          await tx`update members set hidden_score = hidden_score + 1 where id = ${member}`
          await tx`insert into audit_log (actor, action, details) values ('System', 'Member promoted', ${String(member)})`
        })
        writes.promotions++
      },
    ]
    const loops = writers.map(async (write) => {
      while (writing) await write()
    })
    const taken = []
    try {
      for (let i = 0; i < 3; i++) taken.push(await backupOf(busy, path.join(work, 'busy')))
    } finally {
      writing = false
      await Promise.all(loops)
    }
    expect(writes.moves + writes.attendance + writes.promotions).toBeGreaterThan(30)
    const target = await emptyDatabase()
    await restoreBackup({ databaseUrl: target, file: taken.at(-1)!.file, uploadsDir: path.join(work, 'busy-uploads') })
    await withSql(target, async (sql) => {
      expect(
        await sql`select user_id from slots where user_id is not null group by user_id having count(*) > 1`,
      ).toEqual([])
      expect(
        await sql`select id from events e where attendance_count <> (select count(*) from event_attendance a where a.event_id = e.id)`,
      ).toEqual([])
      expect(
        await sql`select id from trainings t where signup_count <> (select count(*) from training_signups s where s.training_id = t.id)`,
      ).toEqual([])
    })
    await busy.drop()
  })
})
