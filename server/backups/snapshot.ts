import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { once } from 'node:events'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import type postgres from 'postgres'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_SUFFIX,
  writeArchive,
  type BackupManifest,
  type BackupTrigger,
  type PackPart,
} from './archive.ts'

// Taking a backup (docs/rules/backups.md): every table of the app's schemas read with COPY inside one REPEATABLE READ,
// READ ONLY transaction (one consistent snapshot; writers are never blocked, so sign-ups go on), each table gzip'd to
// a staging folder beside the backups, the uploaded files added as they are, and the archive written and renamed.

/** The schemas a backup holds: the app's tables (public) and the migration journal (drizzle). */
export const BACKUP_SCHEMAS = ['public', 'drizzle'] as const

export interface TakeBackupOptions {
  /** The app's pool: the snapshot reads on one connection reserved from it. */
  sql: postgres.Sql
  /** The folder the backup is written to (created 0700 when missing). */
  backupDir: string
  /** DATA_DIR/uploads: every file under it goes into the backup. */
  uploadsDir: string
  trigger: BackupTrigger
  onProgress?: (line: string) => void
  /** gzip level of the table parts (1 fastest .. 9 smallest). */
  level?: number
}

export interface TakenBackup {
  file: string
  bytes: number
  manifest: BackupManifest
  ms: number
}

export interface TableInfo {
  schema: string
  name: string
  columns: string[]
}

/** The app's version (package.json), recorded in every backup. */
export function appVersion(): string {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json')
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** A backup's file name: when it was taken (UTC, sortable) and why. */
export function backupFileName(at: Date, trigger: BackupTrigger): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')
  return `unit-${stamp}-${trigger}${BACKUP_SUFFIX}`
}

export async function takeBackup(options: TakeBackupOptions): Promise<TakenBackup> {
  const started = performance.now()
  const progress = options.onProgress ?? (() => {})
  const createdAt = new Date()
  await fs.promises.mkdir(options.backupDir, { recursive: true, mode: 0o700 })
  const staging = await fs.promises.mkdtemp(path.join(options.backupDir, '.staging-'))
  const tx = await options.sql.reserve()
  let open = false
  try {
    await tx.unsafe('begin isolation level repeatable read read only')
    open = true
    // NOTE: the snapshot's COPYs of a big unit take tens of seconds; the app's per-statement limit does not apply.
    await tx.unsafe('set local statement_timeout = 0')
    const found = await tablesInLoadOrder(tx)
    const migrations = await migrationsApplied(tx)
    const [{ version: server }] = (await tx`select version()`) as unknown as [{ version: string }]
    const tables: BackupManifest['tables'] = []
    for (const [index, table] of found.entries()) {
      const part = `tables/${String(index + 1).padStart(4, '0')}-${table.schema}.${table.name}.copy.gz`
      const counted = await copyTableOut(tx, table, stagedFile(staging, part), options.level ?? 6)
      tables.push({ ...table, part, ...counted })
      progress(`  ${table.schema}.${table.name}: ${counted.rows.toLocaleString('en')} rows`)
    }
    // Sequences are read after the rows: any id a row in the snapshot holds was drawn before, so the value read is at
    // or past it.
    const sequences = (await tx`
      select schemaname as schema, sequencename as name, last_value as value
      from pg_sequences where schemaname in ${tx(BACKUP_SCHEMAS)} order by 1, 2
    `) as unknown as Array<{ schema: string; name: string; value: string | null }>
    await tx.unsafe('commit')
    open = false
    const uploads = await listUploads(options.uploadsDir)
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      trigger: options.trigger,
      app: { version: appVersion() },
      migrations,
      postgres: server,
      tables,
      sequences: sequences.map((s) => ({
        schema: s.schema,
        name: s.name,
        value: s.value === null ? null : Number(s.value),
        called: s.value !== null,
      })),
      uploads: uploads.map(({ part, bytes, sha256 }) => ({ part, bytes, sha256 })),
    }
    const parts: PackPart[] = [
      ...tables.map((t) => ({ name: t.part, file: stagedFile(staging, t.part), bytes: t.bytes })),
      ...uploads.map((u) => ({ name: u.part, file: u.file, bytes: u.bytes })),
    ]
    const target = path.join(options.backupDir, backupFileName(createdAt, options.trigger))
    const bytes = await writeArchive(target, manifest, parts)
    return { file: target, bytes, manifest, ms: performance.now() - started }
  } finally {
    if (open) await tx.unsafe('rollback').catch(() => {})
    tx.release()
    await fs.promises.rm(staging, { recursive: true, force: true })
  }
}

const stagedFile = (staging: string, part: string) => path.join(staging, part.replaceAll('/', '_'))

/**
 * Every table of the backed-up schemas with its stored columns (generated columns are computed again on restore),
 * parents before the tables whose foreign keys point at them, so a restore can load them in this order.
 */
export async function tablesInLoadOrder(sql: postgres.Sql): Promise<TableInfo[]> {
  const rows = (await sql`
    select n.nspname as schema, c.relname as name, c.oid::int as oid,
      array(
        select a.attname::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum
      ) as columns,
      array(
        select distinct f.confrelid::int from pg_constraint f
        where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid
      ) as parents
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ${sql(BACKUP_SCHEMAS)}
    order by n.nspname, c.relname
  `) as unknown as Array<TableInfo & { oid: number; parents: number[] }>
  const byOid = new Map(rows.map((row) => [row.oid, row]))
  const ordered: TableInfo[] = []
  const state = new Map<number, 'visiting' | 'done'>()
  const visit = (oid: number, trail: string[]) => {
    const row = byOid.get(oid)
    if (!row || state.get(oid) === 'done') return
    if (state.get(oid) === 'visiting') {
      throw new Error(`foreign keys form a cycle (${[...trail, row.name].join(' -> ')}): no load order exists`)
    }
    state.set(oid, 'visiting')
    for (const parent of row.parents) visit(parent, [...trail, row.name])
    state.set(oid, 'done')
    ordered.push({ schema: row.schema, name: row.name, columns: row.columns })
  }
  for (const row of rows) visit(row.oid, [])
  return ordered
}

/** How many migrations the database has applied, and the last one's journal timestamp. */
async function migrationsApplied(sql: postgres.Sql): Promise<BackupManifest['migrations']> {
  const [journal] = (await sql`select to_regclass('drizzle.__drizzle_migrations') as name`) as unknown as [
    { name: string | null },
  ]
  if (!journal.name) return { count: 0, last: 0 }
  const [row] = (await sql`
    select count(*)::int as count, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations
  `) as unknown as [{ count: number; last: string }]
  return { count: row.count, last: Number(row.last) }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
export const qualified = (table: { schema: string; name: string }) =>
  `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`
export const columnList = (columns: string[]) => columns.map(quoteIdent).join(', ')

/** COPY sends one message per row: rows are gathered into blocks this big before the gzip stream sees them. */
const COPY_BLOCK_BYTES = 256 * 1024

/** One table's rows in COPY's text format, gzip'd to `file`; its row count, size and SHA-256. */
async function copyTableOut(sql: postgres.Sql, table: TableInfo, file: string, level: number) {
  const stream = await sql.unsafe(`copy ${qualified(table)} (${columnList(table.columns)}) to stdout`).readable()
  const hash = crypto.createHash('sha256')
  let bytes = 0
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    },
  })
  const gzip = zlib.createGzip({ level })
  const written = pipeline(gzip, measure, fs.createWriteStream(file, { mode: 0o600 }))
  let rows = 0
  try {
    // Read, not 'data' events: a read returns every row buffered so far at once, and the block goes to gzip whole (a
    // stream stage per row made a 20,000-row table take a second).
    let block: Buffer[] = []
    let blockBytes = 0
    const flush = async () => {
      if (!gzip.write(Buffer.concat(block, blockBytes))) await once(gzip, 'drain')
      block = []
      blockBytes = 0
    }
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // In the text format a row ends with a newline and a newline inside a value is written as \n.
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++
      block.push(chunk)
      blockBytes += chunk.length
      if (blockBytes >= COPY_BLOCK_BYTES) await flush()
    }
    if (blockBytes) await flush()
    gzip.end()
  } catch (error) {
    gzip.destroy(error as Error)
    throw error
  } finally {
    // NOTE: postgres.js 3.4 pauses the connection's socket when a COPY chunk fills the stream's buffer and resumes it
    // only when the stream is read again; when the COPY's end came in the same chunk, nothing reads again and the
    // connection hangs on its next statement (upstream: porsager/postgres pull request 1016). The stream's read() is
    // that resume: call it once the stream has ended.
    ;(stream as unknown as { _read: (size: number) => void })._read(0)
  }
  await written
  return { rows, bytes, sha256: hash.digest('hex') }
}

interface UploadFile {
  part: string
  file: string
  bytes: number
  sha256: string
}

/** Every file under DATA_DIR/uploads (uploads are named by their content and never change once written). */
async function listUploads(uploadsDir: string): Promise<UploadFile[]> {
  const files: UploadFile[] = []
  let names: string[]
  try {
    names = (await fs.promises.readdir(uploadsDir, { recursive: true })) as string[]
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return files
    throw error
  }
  for (const name of names.sort()) {
    const file = path.join(uploadsDir, name)
    const stat = await fs.promises.stat(file).catch(() => null)
    // A file still being written is a `.tmp` beside its final name: only finished files count.
    if (!stat?.isFile() || name.endsWith('.tmp')) continue
    const bytes = await fs.promises.readFile(file)
    files.push({
      part: `uploads/${name.split(path.sep).join('/')}`,
      file,
      bytes: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    })
  }
  return files
}
