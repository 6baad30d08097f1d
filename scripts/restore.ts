// npm run restore -- FILE [--replace]: a backup restored into DATABASE_URL, or the embedded database under DATA_DIR,
// which must be empty unless --replace is given (docs/rules/backups.md). The app must not be running on it.
import path from 'node:path'
import { BackupFileError } from '#server/backups/archive.ts'
import { restoreBackup, RestoreRefused } from '#server/backups/restore.ts'
import { loadConfig } from '#server/config.ts'
import { startDatabase } from '#server/database.ts'
import { describeError } from '#server/error-text.ts'

const args = process.argv.slice(2)
const replace = args.includes('--replace')
const files = args.filter((arg) => !arg.startsWith('--'))
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--replace')
if (files.length !== 1 || unknown.length) {
  console.error('Usage: npm run restore -- FILE [--replace]')
  process.exit(2)
}
const file = path.resolve(files[0]!)
const config = loadConfig()
const database = await startDatabase(config).catch((error: unknown) => {
  console.error(`Could not start the database: ${describeError(error)}`)
  process.exit(1)
})
let failed = false
try {
  const restored = await restoreBackup({
    databaseUrl: database.url,
    file,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    replace,
    onProgress: (line) => console.log(line),
  })
  const { manifest } = restored
  console.log(
    `Restored ${restored.rows.toLocaleString('en')} rows of ${manifest.tables.length} tables and ${manifest.uploads.length} uploaded files from ${path.basename(file)} (taken ${manifest.createdAt} by version ${manifest.app.version}) in ${(restored.ms / 1000).toFixed(1)} s` +
      (restored.migratedForward ? `; ${restored.migratedForward} newer migration(s) applied.` : '.'),
  )
} catch (error) {
  failed = true
  const known = error instanceof RestoreRefused || error instanceof BackupFileError
  console.error(`Restore failed: ${known ? error.message : describeError(error)}`)
} finally {
  await database.stop()
}
process.exit(failed ? 1 : 0)
