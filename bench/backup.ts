// backup: the big unit (bench/scale-fixture.ts: 5,040 members, ~907,000 attendance rows, 300,000 audit entries) backed
// up by the running app (an admin's Back up now, made in the app's own process as the scheduled job's is) while members
// read pages, then restored into an empty database by the restore the command runs (server/backups/restore.ts).
// Figures: the backup's and the restore's time, the file's size, the p99 of the members' requests during the backup
// against the p99 just before and just after it (same load, same process), and every table's checksum compared.
// Targets (docs/rules/backups.md): backup < 60 s, restore < 120 s, p99 during the backup <= 1.5 x without.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { DEMO_USERS } from '#db/seed/demo-guild.ts'
import { restoreBackup } from '#server/backups/restore.ts'
import { login, request } from './http-client.ts'
import { ms, percentile, printTable, progress, sleep, type Child } from './lib.ts'
import { growBigUnit } from './scale-fixture.ts'
import { tableChecksums } from '../tests/harness/table-checksums.ts'

const TARGET_BACKUP_S = 60
const TARGET_RESTORE_S = 120
const TARGET_P99_RATIO = 1.5
/** Members reading at once, each one request after another. */
const READERS = 4
/** Seconds of load measured before and after the backup. */
const QUIET_S = 20
/** What members read: the ORBAT, the roster, trainings, their own page. */
const READS = ['/api/orbat', '/roster', '/trainings', '/account']
/** Tables the bench's own run writes to after the snapshot (its record, audit entry, job ticks, session touches). */
const MOVING = ['public.backup_runs', 'public.audit_log', 'public.agenda_jobs', 'public.sessions']

const demoId = (username: string) => DEMO_USERS.find((u) => u.username === username)!.id

interface Timed {
  at: number
  ms: number
  status: number
}

export async function backupScenario(
  startApp: (env: NodeJS.ProcessEnv) => Promise<Child>,
): Promise<{ ok: boolean; figures: string }> {
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-bench-backups-'))
  fs.chmodSync(backupDir, 0o755)
  progress('backup: starting the app (demo data)')
  const app = await startApp({ BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'off' })
  const [url, databaseUrl] = app.ready as [string, string]
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} })
  const adminSql = postgres(databaseUrl.replace(/\/[^/]+$/, '/postgres'), { max: 1, onnotice: () => {} })
  const target = `bench_restore_${process.pid}`
  try {
    progress('backup: growing the big unit')
    await growBigUnit(sql)
    await sql`vacuum analyze`
    const [admin, member] = await Promise.all([login(url, demoId('demo_admin')), login(url, demoId('reyes'))])

    // Members read throughout; each answer is kept with the moment it came.
    const answers: Timed[] = []
    let reading = true
    const readers = Array.from({ length: READERS }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      for (let n = i; reading; n++) {
        const answer = await request(agent, `${url}${READS[n % READS.length]}`, {
          headers: { cookie: member, 'accept-encoding': 'gzip' },
        })
        answers.push({ at: performance.now(), ms: answer.ms, status: answer.status })
      }
      agent.destroy()
    })

    progress(`backup: ${QUIET_S} s of reads without a backup`)
    const quietBefore = performance.now()
    await sleep(QUIET_S * 1000)
    progress('backup: Back up now, reads go on')
    const backupStart = performance.now()
    const asked = await fetch(`${url}/api/admin/backups`, {
      method: 'POST',
      headers: { cookie: admin, origin: url },
    })
    if (asked.status !== 202) throw new Error(`Back up now answered ${asked.status}: ${await asked.text()}`)
    let run: { status: string; file: string | null; bytes: number | null; rows: number | null; ms: number | null }
    for (;;) {
      ;[run] = (await sql`
        select status, file, bytes, rows,
          (extract(epoch from finished_at - started_at) * 1000)::int as ms
        from backup_runs order by id desc limit 1`) as unknown as [typeof run]
      if (run.status === 'done' || run.status === 'failed') break
      await sleep(200)
    }
    const backupEnd = performance.now()
    if (run.status !== 'done') throw new Error('the backup failed')
    progress(`backup: ${run.rows?.toLocaleString('en')} rows in ${ms(run.ms!)}; ${QUIET_S} s of reads after it`)
    await sleep(QUIET_S * 1000)
    reading = false
    await Promise.all(readers)
    const quietAfter = performance.now()

    const inWindow = (from: number, to: number) => answers.filter((a) => a.at >= from && a.at <= to).map((a) => a.ms)
    const quiet = [...inWindow(quietBefore, backupStart), ...inWindow(backupEnd, quietAfter)]
    const during = inWindow(backupStart, backupEnd)
    const failed = answers.filter((a) => a.status !== 200).length

    progress('backup: restoring into an empty database')
    await adminSql.unsafe(`create database ${target}`)
    const targetUrl = databaseUrl.replace(/\/[^/]+$/, `/${target}`)
    const restored = await restoreBackup({
      databaseUrl: targetUrl,
      file: path.join(backupDir, run.file!),
      uploadsDir: path.join(backupDir, 'restored-uploads'),
    })
    progress('backup: comparing every table')
    const [before, after] = await Promise.all([tableChecksums(databaseUrl), tableChecksums(targetUrl)])
    const differing = Object.keys(before).filter((table) => !MOVING.includes(table) && before[table] !== after[table])
    const missing = Object.keys(before).filter((table) => !(table in after))

    const backupS = run.ms! / 1000
    const restoreS = restored.ms / 1000
    const [p99Quiet, p99During] = [percentile(quiet, 99), percentile(during, 99)]
    const ratio = p99During / p99Quiet
    const met = {
      backup: backupS < TARGET_BACKUP_S,
      restore: restoreS < TARGET_RESTORE_S,
      p99: ratio <= TARGET_P99_RATIO,
      tables: differing.length === 0 && missing.length === 0,
      answers: failed === 0,
    }
    printTable(
      'backup: the big unit backed up while members read, then restored',
      ['measure', 'value', 'target', 'met'],
      [
        ['backup (in the app, Back up now)', `${backupS.toFixed(1)} s`, `< ${TARGET_BACKUP_S} s`, yes(met.backup)],
        ['file', `${((run.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB, ${run.rows?.toLocaleString('en')} rows`, '', ''],
        ['restore (npm run restore)', `${restoreS.toFixed(1)} s`, `< ${TARGET_RESTORE_S} s`, yes(met.restore)],
        [
          'reads p99 without / during the backup',
          `${ms(p99Quiet)} / ${ms(p99During)} = ${ratio.toFixed(2)}x (median ${ms(percentile(quiet, 50))} / ${ms(percentile(during, 50))}; ${quiet.length} / ${during.length} reads)`,
          `<= ${TARGET_P99_RATIO}x`,
          yes(met.p99),
        ],
        [
          'tables equal after the restore',
          `${Object.keys(before).length - differing.length - missing.length} of ${Object.keys(before).length}${differing.length ? `; differ: ${differing.join(', ')}` : ''}`,
          `all but ${MOVING.length} the run writes to`,
          yes(met.tables),
        ],
        ['reads answered 200', `${answers.length - failed} of ${answers.length}`, 'all', yes(met.answers)],
      ],
    )
    return {
      ok: Object.values(met).every(Boolean),
      figures: `backup ${backupS.toFixed(1)} s, restore ${restoreS.toFixed(1)} s, p99 ${ratio.toFixed(2)}x, ${differing.length + missing.length} tables differ`,
    }
  } finally {
    await sql.end({ timeout: 5 })
    await adminSql.unsafe(`drop database if exists ${target} with (force)`).catch(() => {})
    await adminSql.end({ timeout: 5 })
    await app.stop()
    fs.rmSync(backupDir, { recursive: true, force: true })
  }
}

const yes = (met: boolean) => (met ? 'yes' : 'NO')
