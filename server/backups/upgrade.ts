import path from 'node:path'
import { createDb, pendingMigrations } from '#db/client.ts'
import type { Config } from '../config.ts'
import { StartupError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { formatBytes } from './runs.ts'
import { takeBackup } from './snapshot.ts'

/**
 * Before a start that would apply migrations to a database holding a unit, a backup of it as it is (trigger
 * 'before-upgrade'), so an upgrade can be undone (docs/upgrading.md). A failed backup stops the start: migrating
 * without the way back is the admin's choice to make (BACKUP_BEFORE_UPGRADE=off), not the app's.
 */
export async function backupBeforeUpgrade(config: Config, databaseUrl: string): Promise<string | null> {
  if (!config.backups.beforeUpgrade) return null
  const { applied, pending } = await pendingMigrations(databaseUrl)
  if (applied === 0 || pending === 0) return null
  logger.info({ msg: 'backing up before the upgrade', migrationsToApply: pending, dir: config.backups.dir })
  const handle = createDb(databaseUrl, { max: 1, statementTimeoutMs: 0 })
  try {
    const taken = await takeBackup({
      sql: handle.sql,
      backupDir: config.backups.dir,
      uploadsDir: path.join(config.dataDir, 'uploads'),
      trigger: 'before-upgrade',
    })
    logger.info({ msg: 'backup before the upgrade written', file: taken.file, size: formatBytes(taken.bytes) })
    return taken.file
  } catch (error) {
    throw new StartupError(
      `The backup before applying ${pending} migration(s) failed: ${error instanceof Error ? error.message : String(error)}. Free the space or fix the cause and start again, or set BACKUP_BEFORE_UPGRADE=off to upgrade without a backup.`,
      { cause: error },
    )
  } finally {
    await handle.close()
  }
}
