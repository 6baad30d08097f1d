import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'
import { z } from 'zod'
import { BACKUP_TRIGGERS } from '#contracts/backups.ts'

// The backup file (docs/decisions/061-backups-as-one-tar-of-copy-parts.md): an uncompressed tar whose first entry is
// manifest.json, then one gzip'd COPY text part per table (tables/NNNN-schema.table.copy.gz, in an order a restore
// can load them), then the uploaded files as they are (uploads/...). Standard tools read it (`tar -tvf`), the list
// reads only its first entry, and every part carries its SHA-256 in the manifest, checked before a restore touches
// the database.

export const BACKUP_FORMAT = 'milsim-unit-backup'
export const BACKUP_FORMAT_VERSION = 1
/** A finished backup's name ends so; anything else in the folder (a `.partial` file, a staging folder) is not one. */
export const BACKUP_SUFFIX = '.backup.tar'
const MANIFEST_ENTRY = 'manifest.json'

export type { BackupTrigger } from '#contracts/backups.ts'

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/)
const partName = z.string().regex(/^[A-Za-z0-9_.\-/]+$/)

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  trigger: z.enum(BACKUP_TRIGGERS),
  app: z.object({ version: z.string() }),
  /** The migrations applied to the database backed up: how many, and the last one's timestamp (its journal key). */
  migrations: z.object({ count: z.number().int().min(0), last: z.number().int().min(0) }),
  /** The PostgreSQL server's version string (for the record). */
  postgres: z.string(),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.number().int().min(0),
      part: partName,
      bytes: z.number().int().min(0),
      sha256: sha256Hex,
    }),
  ),
  sequences: z.array(
    z.object({ schema: z.string(), name: z.string(), value: z.number().int().nullable(), called: z.boolean() }),
  ),
  uploads: z.array(z.object({ part: partName, bytes: z.number().int().min(0), sha256: sha256Hex })),
})
export type BackupManifest = z.infer<typeof manifestSchema>

/** What a backup holds, in figures (the list, the command's summary). */
export function manifestRows(manifest: BackupManifest): number {
  return manifest.tables.reduce((sum, table) => sum + table.rows, 0)
}

/** A file this app cannot take as a backup: its text says why, for the admin. */
export class BackupFileError extends Error {
  override name = 'BackupFileError'
}

export interface PackPart {
  name: string
  /** A file on disk holding the part's bytes. */
  file: string
  bytes: number
}

/**
 * Writes the backup to `target` through a `.partial` file (mode 0600) that is flushed to disk and only then renamed:
 * a crash at any point leaves no file with the finished name.
 */
export async function writeArchive(target: string, manifest: BackupManifest, parts: PackPart[]): Promise<number> {
  const partial = `${target}.partial`
  const pack = tar.pack()
  const out = fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' })
  const written = pipeline(pack, out)
  const add = (name: string, size: number, source: NodeJS.ReadableStream | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(manifest.createdAt) }, (error) =>
        error ? reject(error) : resolve(),
      )
      if (Buffer.isBuffer(source)) entry.end(source)
      else source.on('error', reject).pipe(entry)
    })
  try {
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2))
    await add(MANIFEST_ENTRY, manifestBytes.length, manifestBytes)
    for (const part of parts) await add(part.name, part.bytes, fs.createReadStream(part.file))
    pack.finalize()
    await written
    const handle = await fs.promises.open(partial, 'r')
    await handle.sync()
    await handle.close()
    await fs.promises.rename(partial, target)
    await syncFolder(path.dirname(target))
    return (await fs.promises.stat(target)).size
  } catch (error) {
    pack.destroy()
    await fs.promises.rm(partial, { force: true })
    throw error
  }
}

/** Makes a rename durable (the folder's entry), where the platform allows it. */
async function syncFolder(folder: string) {
  try {
    const handle = await fs.promises.open(folder, 'r')
    await handle.sync().finally(() => handle.close())
  } catch {
    // NOTE: some file systems refuse fsync on a folder; the rename still happened.
  }
}

/** The manifest of a backup file: its first entry only (the list reads every file's). */
export async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined
  await walkArchive(file, async (name, stream) => {
    if (name !== MANIFEST_ENTRY) throw new BackupFileError(`${path.basename(file)} is not a backup of this app.`)
    manifest = parseManifest(await readAll(stream), file)
    return 'stop'
  })
  if (!manifest) throw new BackupFileError(`${path.basename(file)} is empty.`)
  return manifest
}

function parseManifest(bytes: Buffer, file: string): BackupManifest {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new BackupFileError(`${path.basename(file)} is not a backup of this app (its manifest is not JSON).`)
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {}
  if (format.format !== BACKUP_FORMAT) throw new BackupFileError(`${path.basename(file)} is not a backup of this app.`)
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${path.basename(file)} was written by a newer version of the app (backup format ${format.formatVersion}): restore it with that version.`,
    )
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) throw new BackupFileError(`${path.basename(file)} has a damaged manifest.`)
  return parsed.data
}

/**
 * Reads the whole file and checks every part against the manifest (present, its size, its SHA-256): a truncated,
 * damaged or altered file is refused before anything is restored.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined
  const expected = new Map<string, { bytes: number; sha256: string }>()
  await walkArchive(file, async (name, stream) => {
    if (!manifest) {
      if (name !== MANIFEST_ENTRY) throw new BackupFileError(`${path.basename(file)} is not a backup of this app.`)
      manifest = parseManifest(await readAll(stream), file)
      for (const part of [...manifest.tables, ...manifest.uploads]) expected.set(part.part, part)
      return 'next'
    }
    const want = expected.get(name)
    if (!want) throw new BackupFileError(`${path.basename(file)} holds ${name}, which its manifest does not list.`)
    const hash = crypto.createHash('sha256')
    let bytes = 0
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk)
      bytes += chunk.length
    }
    if (bytes !== want.bytes || hash.digest('hex') !== want.sha256) {
      throw new BackupFileError(`${path.basename(file)} is damaged: ${name} does not match its checksum.`)
    }
    expected.delete(name)
    return 'next'
  })
  if (!manifest) throw new BackupFileError(`${path.basename(file)} is empty.`)
  if (expected.size) {
    throw new BackupFileError(
      `${path.basename(file)} is incomplete: ${[...expected.keys()][0]} is missing (${expected.size} part(s) in all).`,
    )
  }
  return manifest
}

/**
 * Streams the entries of a backup file in order; `visit` consumes each entry's stream and says whether to go on. A
 * file that is not a tar, or ends mid-entry, is a BackupFileError.
 */
export async function walkArchive(
  file: string,
  visit: (name: string, stream: NodeJS.ReadableStream, size: number) => Promise<'next' | 'stop'>,
): Promise<void> {
  const extract = tar.extract()
  const source = fs.createReadStream(file)
  // A read error (no such file, a disk error) ends the walk with that error.
  source.on('error', (error) => extract.destroy(error))
  source.pipe(extract)
  try {
    for await (const entry of extract) {
      const outcome = await visit(entry.header.name, entry as unknown as NodeJS.ReadableStream, entry.header.size ?? 0)
      // An entry the visitor left unread is drained, so the next one can come.
      entry.resume()
      if (outcome === 'stop') break
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupFileError(`There is no file ${file}.`)
    const text = error instanceof Error ? error.message : String(error)
    if (/unexpected end|invalid tar|checksum|header/i.test(text)) {
      throw new BackupFileError(`${path.basename(file)} is damaged or incomplete (${text}).`)
    }
    throw error
  } finally {
    source.destroy()
    extract.destroy()
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk)
  return Buffer.concat(chunks)
}
