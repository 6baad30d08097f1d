import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CHANNELS } from '#db/seed/demo-guild.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { parseBackupKeep } from '#server/config.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { backupWorkspace, until } from '#tests/harness/backups.ts'
import {
  backupInProgress,
  backupsToPrune,
  lastBackupFailure,
  listBackups,
  requestBackup,
  runQueuedBackups,
} from './runs.ts'

// Backup runs in the app (docs/rules/backups.md, Making one, What is kept, When a backup fails): an admin's request,
// once across instances, off the machine, audited; a failure shown and told; the retention rule.

let workspace: ReturnType<typeof backupWorkspace>
let work: string
beforeAll(() => {
  workspace = backupWorkspace()
  work = workspace.dir
})
afterAll(() => workspace.remove())

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
    // The admin alerts channel (seeded in the demo unit) hears of it, once the failure is recorded (a moment after).
    const alerts = () => t.discord.state.messagesIn(DEMO_CHANNELS.adminAlerts.id)
    await until(async () => alerts().length > 0, 'the alert')
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
