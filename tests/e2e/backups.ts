import { expect, test as base, type E2ESql } from './fixtures.ts'

// The Backups specs (JavaScript on and off) both press Back up now: each test holds a database advisory lock for its
// whole run and starts only once no backup is queued or being made, so the two never meet (a second press while one
// runs is refused, and the retention rule keeps one backup a day: another spec's backup would remove this one's).

const BACKUPS_MUTEX = [7_202_690, 61] as const

/** How long a backup of the demo unit may take on a busy machine. */
export const BACKUP_WAIT_MS = 20_000

/** Backup runs queued or being made. */
export async function runsUnderWay(db: E2ESql): Promise<number> {
  const [row] = await db<Array<{ n: number }>>`
    select count(*)::int as n from backup_runs where status in ('queued', 'running')`
  return row!.n
}

export const test = base.extend<{ backupsLock: void }>({
  backupsLock: [
    async ({ db }, use) => {
      const held = await db.reserve()
      try {
        await held`select pg_advisory_lock(${BACKUPS_MUTEX[0]}, ${BACKUPS_MUTEX[1]})`
        await expect.poll(() => runsUnderWay(db), { timeout: BACKUP_WAIT_MS }).toBe(0)
        await use()
      } finally {
        await held`select pg_advisory_unlock(${BACKUPS_MUTEX[0]}, ${BACKUPS_MUTEX[1]})`.catch(() => {})
        held.release()
      }
    },
    { auto: true, timeout: 60_000 },
  ],
})
