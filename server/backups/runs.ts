import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { BackupKeep, Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import type { Db } from '#db/client.ts'
import { backupRuns, type BackupRun } from '#db/schema/backups.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { recordAudit, SYSTEM_ACTOR, type Actor, actorName } from '../audit/audit.ts'
import { getSetting } from '../unit/settings.ts'
import { BACKUP_SUFFIX, manifestRows, readManifest, type BackupTrigger } from './archive.ts'
import { takeBackup, type TakenBackup } from './snapshot.ts'

// Backup runs (docs/rules/backups.md): the scheduled job's, an admin's Back up now and `npm run backup` all come here.
// A run holds an advisory lock for its whole length, so one backup is made at a time across instances; under it,
// anything a crashed run left (a `.partial` file, a staging folder, a row still 'running') is cleared first.

const RUN_LOCK = 'milsim-unit:backup-run'
/** How long BACKUP_COMMAND may take with one file before it counts as failed. */
const COMMAND_TIMEOUT_MS = 30 * 60_000
/** The end of the command's output kept as the failure's reason. */
const COMMAND_OUTPUT_KEPT = 600

export const BACKUP_MESSAGES = {
  alreadyQueued: 'A backup is already being made: it appears in the list when complete.',
  queued: 'Backup started: it appears in the list when complete.',
  notFound: 'There is no such backup.',
} as const

export interface BackupListing {
  name: string
  createdAt: string
  trigger: BackupTrigger
  bytes: number
  rows: number
  tables: number
  uploads: number
  appVersion: string
}

export interface BackupDeps {
  db: Db
  config: Config
  /** The bot, to tell the admin channel of a failure (absent for `npm run backup`). */
  discord?: AppServices['discord']
}

/** The finished backups in BACKUP_DIR, newest first (a file whose manifest cannot be read is left out and logged). */
export async function listBackups(config: Config): Promise<BackupListing[]> {
  let names: string[]
  try {
    names = (await fs.promises.readdir(config.backups.dir)).filter((name) => name.endsWith(BACKUP_SUFFIX))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const listed = await Promise.all(
    names.map(async (name): Promise<BackupListing | null> => {
      const file = path.join(config.backups.dir, name)
      try {
        const [manifest, stat] = await Promise.all([readManifest(file), fs.promises.stat(file)])
        return {
          name,
          createdAt: manifest.createdAt,
          trigger: manifest.trigger,
          bytes: stat.size,
          rows: manifestRows(manifest),
          tables: manifest.tables.length,
          uploads: manifest.uploads.length,
          appVersion: manifest.app.version,
        }
      } catch (error) {
        logger.warn({ msg: 'unreadable backup file', file, error: describeError(error) })
        return null
      }
    }),
  )
  return listed
    .filter((backup): backup is BackupListing => backup !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/**
 * The backups the retention rule lets go: the newest backup of each of the last `daily` days, `weekly` ISO weeks and
 * `monthly` months (in `zone`) that have one is kept, and the newest of all always; everything else goes.
 */
export function backupsToPrune<T extends { name: string; createdAt: string }>(
  backups: T[],
  keep: BackupKeep,
  zone: string,
): T[] {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const kept = new Set<string>(newestFirst.slice(0, 1).map((b) => b.name))
  const buckets: Array<[count: number, key: (at: DateTime) => string]> = [
    [keep.daily, (at) => at.toISODate()!],
    [keep.weekly, (at) => `${at.weekYear}-W${at.weekNumber}`],
    [keep.monthly, (at) => at.toFormat('yyyy-MM')],
  ]
  for (const [count, key] of buckets) {
    const seen = new Set<string>()
    for (const backup of newestFirst) {
      const bucket = key(DateTime.fromISO(backup.createdAt, { zone }))
      if (seen.has(bucket)) continue
      if (seen.size >= count) break
      seen.add(bucket)
      kept.add(backup.name)
    }
  }
  return newestFirst.filter((backup) => !kept.has(backup.name))
}

/** An admin's Back up now: queued for whichever instance's runner comes first (this one starts on it at once). */
export async function requestBackup(
  services: AppServices,
  actor: Actor,
): Promise<{ queued: boolean; message: string }> {
  const [waiting] = await services.db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(inArray(backupRuns.status, ['queued', 'running']))
    .limit(1)
  if (waiting) return { queued: false, message: BACKUP_MESSAGES.alreadyQueued }
  await services.db.transaction(async (tx) => {
    await tx.insert(backupRuns).values({ trigger: 'manual', requested_by: actorName(actor) })
    await recordAudit(tx, actor, 'Backup requested')
  })
  void runQueuedBackups(services).catch((error: unknown) =>
    logger.error({ msg: 'backup run failed', error: describeError(error) }),
  )
  return { queued: true, message: BACKUP_MESSAGES.queued }
}

/** The scheduled job's backup, as System. */
export async function runScheduledBackup(services: AppServices): Promise<void> {
  await services.db.insert(backupRuns).values({ trigger: 'scheduled', requested_by: SYSTEM_ACTOR })
  await runQueuedBackups(services)
}

/**
 * Makes every queued backup, one at a time, under the run lock (an instance that finds the lock taken leaves the queue
 * to the one holding it). Returns the runs it finished.
 */
export async function runQueuedBackups(deps: BackupDeps): Promise<BackupRun[]> {
  const reserved = await deps.db.$client.reserve()
  const finished: BackupRun[] = []
  try {
    const [lock] = await reserved<[{ held: boolean }]>`select pg_try_advisory_lock(hashtext(${RUN_LOCK})) as held`
    if (!lock.held) return finished
    try {
      await clearInterruptedRuns(deps)
      for (;;) {
        const [run] = await deps.db
          .update(backupRuns)
          .set({ status: 'running', started_at: new Date() })
          .where(
            eq(
              backupRuns.id,
              sql`(select id from ${backupRuns} where status = 'queued' order by id limit 1 for update skip locked)`,
            ),
          )
          .returning()
        if (!run) break
        finished.push(await performRun(deps, run))
      }
    } finally {
      await reserved`select pg_advisory_unlock(hashtext(${RUN_LOCK}))`
    }
  } finally {
    reserved.release()
  }
  return finished
}

/** `npm run backup`: one run now, recorded and audited as the job's are; the backup or the reason it failed. */
export async function runBackupNow(deps: BackupDeps, onProgress?: (line: string) => void): Promise<BackupRun> {
  const [run] = await deps.db
    .insert(backupRuns)
    .values({ trigger: 'command', requested_by: SYSTEM_ACTOR, status: 'running', started_at: new Date() })
    .returning()
  const reserved = await deps.db.$client.reserve()
  try {
    // The command waits for a run in progress (the job's, an admin's) rather than racing it.
    await reserved`select pg_advisory_lock(hashtext(${RUN_LOCK}))`
    try {
      await clearInterruptedRuns(deps, run!.id)
      return await performRun(deps, run!, onProgress)
    } finally {
      await reserved`select pg_advisory_unlock(hashtext(${RUN_LOCK}))`
    }
  } finally {
    reserved.release()
  }
}

/** Under the run lock no other run is under way: a row still 'running' and any half-written file are a crash's. */
async function clearInterruptedRuns(deps: BackupDeps, except?: number) {
  await deps.db
    .update(backupRuns)
    .set({ status: 'failed', error: 'Interrupted: the app stopped during the backup.', finished_at: new Date() })
    .where(and(eq(backupRuns.status, 'running'), except === undefined ? undefined : sql`${backupRuns.id} <> ${except}`))
  let names: string[]
  try {
    names = await fs.promises.readdir(deps.config.backups.dir)
  } catch {
    return
  }
  for (const name of names) {
    if (name.startsWith('.staging-') || name.endsWith(`${BACKUP_SUFFIX}.partial`)) {
      await fs.promises.rm(path.join(deps.config.backups.dir, name), { recursive: true, force: true })
    }
  }
}

async function performRun(deps: BackupDeps, run: BackupRun, onProgress?: (line: string) => void): Promise<BackupRun> {
  const { config } = deps
  let taken: TakenBackup | undefined
  try {
    taken = await takeBackup({
      sql: deps.db.$client,
      backupDir: config.backups.dir,
      uploadsDir: path.join(config.dataDir, 'uploads'),
      trigger: run.trigger as BackupTrigger,
      onProgress,
    })
    const pruned = await pruneBackups(deps)
    if (config.backups.command) await sendOffMachine(config.backups.command, taken.file)
    const rows = manifestRows(taken.manifest)
    const [done] = await deps.db.transaction(async (tx) => {
      await recordAudit(
        tx,
        SYSTEM_ACTOR,
        'Backup made',
        `${path.basename(taken!.file)}: ${formatBytes(taken!.bytes)}, ${rows.toLocaleString('en')} rows, ${Math.round(taken!.ms)} ms` +
          (pruned.length ? `; removed by the retention rule: ${pruned.join(', ')}` : ''),
      )
      return tx
        .update(backupRuns)
        .set({ status: 'done', file: path.basename(taken!.file), bytes: taken!.bytes, rows, finished_at: new Date() })
        .where(eq(backupRuns.id, run.id))
        .returning()
    })
    return done!
  } catch (error) {
    const reason = describeError(error)
    logger.error({ msg: 'backup failed', error: reason })
    const [failed] = await deps.db.transaction(async (tx) => {
      await recordAudit(tx, SYSTEM_ACTOR, 'Backup failed', reason)
      return tx
        .update(backupRuns)
        .set({
          status: 'failed',
          error: reason,
          finished_at: new Date(),
          ...(taken ? { file: path.basename(taken.file), bytes: taken.bytes } : {}),
        })
        .where(eq(backupRuns.id, run.id))
        .returning()
    })
    await tellAdminChannel(deps, `Backup failed: ${reason}`)
    return failed!
  }
}

async function pruneBackups(deps: BackupDeps): Promise<string[]> {
  const zone = (await getSetting(deps.db, 'unit_time_zone')) || 'UTC'
  const prune = backupsToPrune(await listBackups(deps.config), deps.config.backups.keep, zone)
  for (const backup of prune) await fs.promises.rm(path.join(deps.config.backups.dir, backup.name), { force: true })
  return prune.map((backup) => backup.name)
}

/** BACKUP_COMMAND with the finished file's path as $1; a non-zero exit or a timeout fails the run. */
function sendOffMachine(command: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command, 'backup-command', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: COMMAND_TIMEOUT_MS,
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-COMMAND_OUTPUT_KEPT)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve()
      else
        reject(
          new Error(
            `The backup was made, but BACKUP_COMMAND ${signal ? `was stopped (${signal})` : `exited with ${code}`}: ${output.trim() || 'no output'}`,
          ),
        )
    })
  })
}

async function tellAdminChannel(deps: BackupDeps, text: string) {
  if (!deps.discord) return
  try {
    const channel = await getSetting(deps.db, 'admin_channel_id')
    if (channel)
      await deps.discord.sendMessage(channel, { content: text.slice(0, 1900), allowedMentions: { parse: [] } })
  } catch (error) {
    logger.warn({ msg: 'backup failure not posted', error: describeError(error) })
  }
}

/** The newest finished run, when it failed: the admin hub shows it until a backup succeeds. */
export async function lastBackupFailure(db: Db): Promise<BackupRun | null> {
  const [last] = await db
    .select()
    .from(backupRuns)
    .where(inArray(backupRuns.status, ['done', 'failed']))
    .orderBy(desc(backupRuns.id))
    .limit(1)
  return last?.status === 'failed' ? last : null
}

/** Runs queued or under way now (the page says a backup is being made). */
export async function backupInProgress(db: Db): Promise<boolean> {
  const [run] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(inArray(backupRuns.status, ['queued', 'running']))
    .limit(1)
  return Boolean(run)
}

/** A backup file an admin downloads: found by its exact name in BACKUP_DIR, the download audit-logged. */
export async function openBackupDownload(
  services: AppServices,
  actor: Actor,
  name: string,
): Promise<{ file: string; bytes: number } | null> {
  if (!name.endsWith(BACKUP_SUFFIX) || name !== path.basename(name) || name.startsWith('.')) return null
  const file = path.join(services.config.backups.dir, name)
  const stat = await fs.promises.stat(file).catch(() => null)
  if (!stat?.isFile()) return null
  await recordAudit(services.db, actor, 'Backup downloaded', name)
  return { file, bytes: stat.size }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`
}
