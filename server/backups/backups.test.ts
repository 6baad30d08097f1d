import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { migrationJournal } from '#db/client.ts'
import { DEMO_CHANNELS } from '#db/seed/demo-guild.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { loadConfig, parseBackupKeep } from '#server/config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { BackupFileError, readManifest, verifyArchive, writeArchive } from './archive.ts'
import { restoreBackup } from './restore.ts'
import {
  backupInProgress,
  backupsToPrune,
  lastBackupFailure,
  listBackups,
  requestBackup,
  runBackupNow,
  runQueuedBackups,
} from './runs.ts'
import { takeBackup } from './snapshot.ts'
import { backupBeforeUpgrade } from './upgrade.ts'

// Backups (docs/rules/backups.md): what a restore gives back, what it refuses, what a crash leaves, and the runs.

let source: TestDatabase
let work: string
const databases: string[] = []
const adminUrl = () => inject('pgAdminUrl')

/** An empty database on the test server (a fresh unit's DATABASE_URL). */
async function emptyDatabase(): Promise<string> {
  const name = `restore_${crypto.randomBytes(5).toString('hex')}`
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  databases.push(name)
  return adminUrl().replace(/\/postgres$/, `/${name}`)
}

async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end()
  }
}

/** Every table of the app's schemas with its row count and a checksum of its rows. */
function tableChecksums(url: string): Promise<Record<string, string>> {
  return withSql(url, async (sql) => {
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
  })
}

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
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-backups-'))
  fs.mkdirSync(path.join(uploadsDir(), 'test-images'), { recursive: true })
  fs.writeFileSync(path.join(uploadsDir(), 'test-images', 'a.png'), crypto.randomBytes(3000))
})

afterAll(async () => {
  await source.drop()
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
  for (const name of databases) await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
  fs.rmSync(work, { recursive: true, force: true })
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
    const before = await tableChecksums(older)

    const target = await emptyDatabase()
    const restored = await restoreBackup({ databaseUrl: target, file: taken.file, uploadsDir: uploadsDir() })
    expect(restored.migratedForward).toBe(1)
    const after = await tableChecksums(target)
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

/** Runs a repository script (npm run backup / restore) as its own process. */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return Object.assign(child, { output: () => output })
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('kill -9', { timeout: 120_000 }, () => {
  it('during a backup leaves nothing the list or a restore takes for a backup; during a restore, the database untouched', async () => {
    // Enough rows that the snapshot takes a while to write.
    const big = await createTestDatabase()
    await seedDemoData(big.db)
    await big.sql`insert into audit_log (actor, action, details)
      select 'System', 'Filler', repeat(md5(g::text), 2) from generate_series(1, 150000) g`
    const dir = path.join(work, 'killed')
    const env = { DATABASE_URL: big.url, DATA_DIR: work, BACKUP_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }
    const backup = runScript('scripts/backup.ts', [], env)
    // Killed while it copies the big table (its part is being written in the staging folder).
    const copying = () =>
      fs.existsSync(dir) &&
      fs
        .readdirSync(dir)
        .filter((name) => name.startsWith('.staging-'))
        .some((staging) => fs.readdirSync(path.join(dir, staging)).some((part) => part.includes('public.audit_log')))
    await until(() => copying() || backup.exitCode !== null, 'the backup to copy the audit log')
    expect(backup.exitCode).toBeNull()
    const exited = once(backup, 'exit')
    backup.kill('SIGKILL')
    await exited
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.backup.tar'))).toEqual([])
    const config = { backups: { dir } } as unknown as Parameters<typeof listBackups>[0]
    expect(await listBackups(config)).toEqual([])
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.partial'))) {
      await expect(verifyArchive(path.join(dir, name))).rejects.toThrow(BackupFileError)
    }

    // A whole backup, then a restore killed in the middle of loading it: the target is as it was (empty), and the
    // restore runs again.
    // The next run clears what the killed one left (its staging folder, its row still 'running').
    const run = await runBackupNow({ db: big.db, config: loadConfig({ DATA_DIR: work, BACKUP_DIR: dir }) })
    expect(run.status, run.error ?? '').toBe('done')
    expect(fs.readdirSync(dir)).toEqual([run.file])
    const runs = await big.sql`select status, error from backup_runs order by id`
    expect(runs.map((row) => [row.status, row.error])).toEqual([
      ['failed', 'Interrupted: the app stopped during the backup.'],
      ['done', null],
    ])
    const [file] = fs.readdirSync(dir).filter((name) => name.endsWith('.backup.tar'))
    const target = await emptyDatabase()
    const restore = runScript('scripts/restore.ts', [path.join(dir, file!)], { ...env, DATABASE_URL: target })
    await until(() => /: [\d,]+ rows/.test(restore.output()) || restore.exitCode !== null, 'the restore to load')
    expect(restore.exitCode).toBeNull()
    const gone = once(restore, 'exit')
    restore.kill('SIGKILL')
    await gone
    await until(
      () =>
        withSql(target, async (sql) => {
          const [row] =
            await sql`select count(*)::int as n from pg_stat_activity where application_name = 'milsim-unit restore'`
          return row!.n === 0
        }),
      'the killed restore to end',
    )
    expect(await tableChecksums(target)).toEqual({})
    const before = await tableChecksums(big.url)
    await restoreBackup({
      databaseUrl: target,
      file: path.join(dir, file!),
      uploadsDir: path.join(work, 'killed-uploads'),
    })
    const after = await tableChecksums(target)
    // The run's own record (its row, its audit entry) is written after its snapshot.
    const runOwn = ['public.backup_runs', 'public.audit_log']
    for (const [table, sum] of Object.entries(after)) if (!runOwn.includes(table)) expect(sum).toBe(before[table])
    const entries = (url: string) =>
      withSql(
        url,
        async (sql) => (await sql`select count(*)::int as n from audit_log where action not like 'Backup%'`)[0]!.n,
      )
    expect(await entries(target)).toBe(await entries(big.url))
    await big.drop()
  })
})

describe('backup runs in the app', { timeout: 60_000 }, () => {
  let t: TestApp
  beforeAll(async () => {
    const dir = path.join(work, 'app-backups')
    t = await startTestApp({ env: { BACKUP_DIR: dir, BACKUP_COMMAND: `cp "$1" ${path.join(work, 'offsite')}/` } })
    fs.mkdirSync(path.join(work, 'offsite'))
    await seedDemoData(t.app.services.db)
  })
  afterAll(() => t.close())

  it('makes a requested backup once across instances, copies it off the machine, and audits it', async () => {
    const admin = { id: 1, username: 'demo_admin', display_name: 'Admin' }
    const first = await requestBackup(t.app.services, admin)
    expect(first).toEqual({ queued: true, message: 'Backup started: it appears in the list when complete.' })
    expect(await requestBackup(t.app.services, admin)).toEqual({
      queued: false,
      message: 'A backup is already being made: it appears in the list when complete.',
    })
    // Two runners at once (two instances' ticks): one makes it, the other finds the lock taken.
    await Promise.all([runQueuedBackups(t.app.services), runQueuedBackups(t.app.services)])
    // Finished: made, copied off the machine, recorded.
    await until(async () => !(await backupInProgress(t.app.services.db)), 'the run to finish')
    const [listed] = await listBackups(t.app.services.config)
    expect(listed).toMatchObject({ trigger: 'manual' })
    expect(fs.readdirSync(path.join(work, 'offsite'))).toEqual([listed!.name])
    const audit = await t.database.sql`select action from audit_log where action like 'Backup%' order by id`
    expect(audit.map((row) => row.action)).toEqual(['Backup requested', 'Backup made'])
    expect(await lastBackupFailure(t.app.services.db)).toBeNull()
  })

  it('records a failed run for the admin hub, until the next one succeeds', async () => {
    const services = t.app.services
    const failing = {
      ...services,
      config: {
        ...services.config,
        backups: { ...services.config.backups, command: 'echo quota exceeded >&2; exit 3' },
      },
    }
    expect(await requestBackup(failing, { id: 1, username: 'demo_admin', display_name: 'Admin' })).toMatchObject({
      queued: true,
    })
    await until(async () => (await lastBackupFailure(services.db)) !== null, 'the failure')
    expect((await lastBackupFailure(services.db))!.error).toBe(
      'The backup was made, but BACKUP_COMMAND exited with 3: quota exceeded',
    )
    // The admin alerts channel (seeded in the demo unit) hears of it.
    expect(t.discord.state.messagesIn(DEMO_CHANNELS.adminAlerts.id)).toMatchObject([
      { content: 'Backup failed: The backup was made, but BACKUP_COMMAND exited with 3: quota exceeded' },
    ])
    await requestBackup(services, { id: 1, username: 'demo_admin', display_name: 'Admin' })
    await until(async () => (await lastBackupFailure(services.db)) === null, 'a good run')
  })
})

describe('the retention rule', () => {
  it('keeps the newest of each of the last days, weeks and months, and the newest of all', () => {
    const at = (iso: string) => ({ name: iso, createdAt: iso })
    const backups = [
      at('2026-11-29T03:00:00Z'),
      at('2026-11-29T12:00:00Z'),
      at('2026-11-28T03:00:00Z'),
      at('2026-11-27T03:00:00Z'),
      at('2026-11-20T03:00:00Z'),
      at('2026-11-13T03:00:00Z'),
      at('2026-10-15T03:00:00Z'),
      at('2026-09-15T03:00:00Z'),
      at('2026-08-15T03:00:00Z'),
    ]
    const pruned = (keep: string) => backupsToPrune(backups, parseBackupKeep(keep)!, 'UTC').map((b) => b.name)
    expect(pruned('2d')).toEqual([
      '2026-11-29T03:00:00Z',
      '2026-11-27T03:00:00Z',
      '2026-11-20T03:00:00Z',
      '2026-11-13T03:00:00Z',
      '2026-10-15T03:00:00Z',
      '2026-09-15T03:00:00Z',
      '2026-08-15T03:00:00Z',
    ])
    expect(pruned('1d 3w 3m')).toEqual([
      '2026-11-29T03:00:00Z',
      '2026-11-28T03:00:00Z',
      '2026-11-27T03:00:00Z',
      '2026-08-15T03:00:00Z',
    ])
    expect(parseBackupKeep('7 days')).toBeNull()
    expect(parseBackupKeep('0d')).toBeNull()
  })
})
