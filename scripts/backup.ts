// npm run backup: one backup of the whole unit now, to BACKUP_DIR (docs/rules/backups.md). It runs beside the app
// without stopping it (against DATABASE_URL, or the embedded database the running app started), or on its own.
import path from 'node:path'
import { createDb } from '#db/client.ts'
import { manifestRows, readManifest, type BackupManifest } from '#server/backups/archive.ts'
import { formatBytes, runBackupNow } from '#server/backups/runs.ts'
import { takeBackup } from '#server/backups/snapshot.ts'
import { loadConfig } from '#server/config.ts'
import { runningEmbeddedUrl, startDatabase } from '#server/database.ts'
import { describeError } from '#server/error-text.ts'

const config = loadConfig()
const running = config.databaseUrl ? null : runningEmbeddedUrl(config.dataDir)
const database = running
  ? { url: running, stop: async () => {} }
  : await startDatabase(config).catch((error: unknown) => {
      console.error(`Could not start the database: ${describeError(error)}`)
      process.exit(1)
    })
const handle = createDb(database.url, { max: 2, statementTimeoutMs: 0 })
let failed = false
try {
  console.log(`Backing up to ${config.backups.dir} ...`)
  const summary = (file: string, manifest: BackupManifest, bytes: number, ms: number) =>
    console.log(
      `Backup written: ${file}\n  ${formatBytes(bytes)}, ${manifestRows(manifest).toLocaleString('en')} rows in ${manifest.tables.length} tables, ${manifest.uploads.length} uploaded files, ${(ms / 1000).toFixed(1)} s`,
    )
  const [{ runs }] = await handle.sql<[{ runs: string | null }]>`select to_regclass('public.backup_runs') as runs`
  if (!runs) {
    // A database the app has not migrated to this version yet (the code was updated, the app not started): a backup
    // of it as it is, without the run record its schema has no table for.
    const taken = await takeBackup({
      sql: handle.sql,
      backupDir: config.backups.dir,
      uploadsDir: path.join(config.dataDir, 'uploads'),
      trigger: 'command',
      onProgress: (line) => console.log(line),
    })
    summary(taken.file, taken.manifest, taken.bytes, taken.ms)
  } else {
    const run = await runBackupNow({ db: handle.db, config }, (line) => console.log(line))
    if (run.status !== 'done' || !run.file) {
      failed = true
      console.error(`Backup failed: ${run.error ?? 'unknown reason'}`)
    } else {
      const file = path.join(config.backups.dir, run.file)
      const ms = run.finished_at && run.started_at ? run.finished_at.getTime() - run.started_at.getTime() : 0
      summary(file, await readManifest(file), run.bytes ?? 0, ms)
    }
  }
} catch (error) {
  failed = true
  console.error(`Backup failed: ${describeError(error)}`)
} finally {
  await handle.close()
  await database.stop()
}
process.exit(failed ? 1 : 0)
