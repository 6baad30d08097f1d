import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import {
  getCreateIndexesSQL,
  getCreateLogsIndexesSQL,
  getCreateLogsTableSQL,
  getCreateTableSQL,
  getUpdateTimestampTriggerSQL,
} from '@agendajs/postgres-backend'
import postgres from 'postgres'
import { migrationJournal, runMigrations } from '#db/client.ts'
import { BackupFileError, manifestRows, verifyArchive, walkArchive, type BackupManifest } from './archive.ts'
import { BACKUP_SCHEMAS, columnList, qualified } from './snapshot.ts'

// Restoring a backup (docs/rules/backups.md): the file is checked whole first; then, in ONE transaction, the schema
// as it was when the backup was taken (the app's own migrations up to the backup's), every table's rows by COPY in the
// file's order (parents first), the sequences, and the uploads written beside; after the commit the app's later
// migrations and its stored functions bring the database up to this version. A crash before the commit leaves the
// database as it was; after it, only the forward migrations remain, which the next start runs anyway.

/**
 * The job runner's tables (its jobs, and its log when logging is on): made by its library on connect, not by a
 * migration, so a restore makes them with the library's own SQL (jobs/agenda.ts names them).
 */
const JOB_RUNNER_TABLES: Record<string, () => string[]> = {
  agenda_jobs: () => [
    getCreateTableSQL('agenda_jobs'),
    ...getCreateIndexesSQL('agenda_jobs'),
    getUpdateTimestampTriggerSQL('agenda_jobs'),
  ],
  agenda_logs: () => [getCreateLogsTableSQL('agenda_logs'), ...getCreateLogsIndexesSQL('agenda_logs')],
}

export interface RestoreOptions {
  databaseUrl: string
  file: string
  /** DATA_DIR/uploads, where the backup's uploaded files go back. */
  uploadsDir: string
  /** Replace whatever the database holds (otherwise a database with any table in it is refused). */
  replace?: boolean
  onProgress?: (line: string) => void
}

export interface RestoredBackup {
  manifest: BackupManifest
  rows: number
  /** Migrations applied after the rows were loaded (the backup was older than the app). */
  migratedForward: number
  ms: number
}

/** A restore this database or this app cannot take; its text says what to do. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoredBackup> {
  const started = performance.now()
  const progress = options.onProgress ?? (() => {})
  const name = path.basename(options.file)
  progress(`Checking ${name} ...`)
  const manifest = await verifyArchive(options.file)
  const journal = migrationJournal()
  const { count, last } = manifest.migrations
  if (count > journal.length) {
    throw new RestoreRefused(
      `${name} comes from a newer version of the app (${count} migrations; this version knows ${journal.length}): restore it with version ${manifest.app.version} or later.`,
    )
  }
  if (count > 0 && journal[count - 1]!.folderMillis !== last) {
    throw new RestoreRefused(`${name} was taken from a database whose migrations are not this app's.`)
  }

  const sql = postgres(options.databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { statement_timeout: 0, application_name: 'milsim-unit restore' },
    // NOTE: postgres.js takes a socket factory (its README, Custom socket) that its type declarations omit.
    ...({ socket: noDelaySocket } as object),
  })
  try {
    await refuseUnlessEmpty(sql, options.replace ?? false)
    progress(
      `Restoring ${manifestRows(manifest).toLocaleString('en')} rows of ${manifest.tables.length} tables (taken ${manifest.createdAt}) ...`,
    )
    await sql.begin(async (tx) => {
      if (options.replace) {
        for (const schema of BACKUP_SCHEMAS) await tx.unsafe(`drop schema if exists ${schema} cascade`)
        await tx.unsafe('create schema public')
      }
      await createSchemaAsOf(tx, count, manifest)
      const tables = manifest.tables
      await tx.unsafe(`truncate ${tables.map(qualified).join(', ')} restart identity`)
      for (const table of tables) await tx.unsafe(`alter table ${qualified(table)} disable trigger user`)
      const byPart = new Map(tables.map((table) => [table.part, table]))
      await walkArchive(options.file, async (entry, stream) => {
        const table = byPart.get(entry)
        if (table) {
          const loaded = await copyTableIn(tx, table, stream)
          if (loaded !== table.rows) {
            throw new BackupFileError(`${name}: ${table.name} held ${table.rows} rows, ${loaded} were read.`)
          }
          progress(`  ${table.schema}.${table.name}: ${loaded.toLocaleString('en')} rows`)
        } else if (entry.startsWith('uploads/')) {
          await writeUpload(options.uploadsDir, entry.slice('uploads/'.length), stream)
        }
        return 'next'
      })
      for (const table of tables) await tx.unsafe(`alter table ${qualified(table)} enable trigger user`)
      for (const sequence of manifest.sequences) {
        if (sequence.value === null) continue
        await tx`select setval(${qualified(sequence)}::regclass, ${sequence.value}, ${sequence.called})`
      }
    })
  } finally {
    await sql.end({ timeout: 5 })
  }
  const migratedForward = journal.length - count
  progress(migratedForward ? `Applying ${migratedForward} newer migration(s) ...` : 'Applying stored functions ...')
  await runMigrations(options.databaseUrl)
  return { manifest, rows: manifestRows(manifest), migratedForward, ms: performance.now() - started }
}

/**
 * A connection with Nagle's algorithm off. A COPY's data and its end go as separate small writes; with Nagle on, the
 * end waits for the server's delayed acknowledgement (about 40 ms), which made every table's load take 90 ms.
 */
function noDelaySocket(options: { host: string[]; port: number[] }): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: options.host[0]!, port: options.port[0]! }).setNoDelay(true)
    socket.once('error', reject)
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve(socket)
    })
  })
}

/** A database that holds any table is not restored into unless the admin said --replace, and never under a running app. */
async function refuseUnlessEmpty(sql: postgres.Sql, replace: boolean) {
  const [held] = await sql<[{ tables: number }]>`
    select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ${sql(BACKUP_SCHEMAS)}`
  if (held.tables === 0) return
  if (!replace) {
    throw new RestoreRefused(
      `The database is not empty (${held.tables} tables): restore into an empty database, or add --replace to replace everything in it.`,
    )
  }
  const [running] = await sql<[{ sessions: number }]>`
    select count(*)::int as sessions from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and application_name like 'milsim-unit%'`
  if (running.sessions > 0) {
    throw new RestoreRefused('The app is running on this database: stop it first, then restore.')
  }
}

/** The schema the backup's rows were taken from: the app's first `count` migrations (and the job runner's table). */
async function createSchemaAsOf(tx: postgres.TransactionSql, count: number, manifest: BackupManifest) {
  await tx.unsafe('create schema if not exists drizzle')
  await tx.unsafe(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  )
  for (const migration of migrationJournal().slice(0, count)) {
    for (const statement of migration.sql) if (statement.trim()) await tx.unsafe(statement)
  }
  for (const [name, statements] of Object.entries(JOB_RUNNER_TABLES)) {
    if (!manifest.tables.some((t) => t.schema === 'public' && t.name === name)) continue
    for (const statement of statements()) await tx.unsafe(statement)
  }
  for (const table of manifest.tables) {
    const [found] = await tx<[{ name: string | null }]>`select to_regclass(${qualified(table)}) as name`
    if (!found.name) {
      throw new RestoreRefused(
        `The backup holds the table ${table.schema}.${table.name}, which this version of the app does not make.`,
      )
    }
  }
}

/** One table's gzip'd COPY part loaded; the rows read. */
async function copyTableIn(
  tx: postgres.TransactionSql,
  table: BackupManifest['tables'][number],
  stream: NodeJS.ReadableStream,
): Promise<number> {
  const target = await tx.unsafe(`copy ${qualified(table)} (${columnList(table.columns)}) from stdin`).writable()
  let rows = 0
  const countRows = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++
      done(null, chunk)
    },
  })
  await pipeline(stream, zlib.createGunzip(), countRows, target)
  return rows
}

/** An uploaded file put back (write then rename, as uploads are stored); a path that would leave the folder is refused. */
async function writeUpload(uploadsDir: string, relative: string, stream: NodeJS.ReadableStream) {
  const target = path.resolve(uploadsDir, relative)
  if (!target.startsWith(path.resolve(uploadsDir) + path.sep)) {
    throw new BackupFileError(`The backup names an upload outside the uploads folder: ${relative}`)
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`
  await pipeline(stream, fs.createWriteStream(temporary))
  await fs.promises.rename(temporary, target)
}
