import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { BACKUP_MESSAGES, openBackupDownload } from './runs.ts'

// A backup file as an admin's download (GET /api/admin/backups/{name}): streamed from BACKUP_DIR, never read whole
// into memory (a unit's backup can be gigabytes), never cached, and never compressed on the way (its tables are
// gzip'd already: no-transform keeps the compression middleware off it, so Content-Length holds).

/** The backup `name` as a tar download; an unknown or invalid name is a NotFound. The download is audit-logged. */
export async function backupDownload(services: AppServices, actor: Actor, name: string | undefined): Promise<Response> {
  // A name the header's quoted string could not hold is no backup this app made (server/backups/snapshot.ts names them).
  const found = name && !/["\\\p{Cc}]/u.test(name) ? await openBackupDownload(services, actor, name) : null
  if (!found) throw new NotFound(BACKUP_MESSAGES.notFound)
  const stream = Readable.toWeb(fs.createReadStream(found.file)) as ReadableStream<Uint8Array>
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Content-Length': String(found.bytes),
      'Cache-Control': 'private, no-store, no-transform',
    },
  })
}
