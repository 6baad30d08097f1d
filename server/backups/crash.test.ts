import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { loadConfig } from '#server/config.ts'
import { backupWorkspace, emptyDatabase, runScript, tableChecksums, until, withSql } from '#tests/harness/backups.ts'
import { createTestDatabase } from '#tests/harness/db.ts'
import { BackupFileError, verifyArchive } from './archive.ts'
import { restoreBackup } from './restore.ts'
import { listBackups, runBackupNow } from './runs.ts'

// What a real kill -9 leaves (docs/rules/backups.md, The file and Restoring): of `npm run backup`, no file that looks
// whole; of `npm run restore`, the database as it was.

let workspace: ReturnType<typeof backupWorkspace>
let work: string
beforeAll(() => {
  workspace = backupWorkspace()
  work = workspace.dir
})
afterAll(() => workspace.remove())

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
    const target = await emptyDatabase(work)
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
