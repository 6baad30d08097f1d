import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { TestApp } from './app.ts'

/** Tables a background worker drains on its own clock: their rows come and go whatever a request did. */
const WORKER_QUEUES = ['pending_role_syncs', 'pending_discord_events']
/** How long to wait for the role-sync queue to drain before taking a fingerprint. */
const SETTLE_MS = 10_000

/**
 * The whole database (every table but the login tables, which reads touch, and the queues the worker drains) and what
 * the Discord stand-in was asked to do, as one comparable string: equal before and after means a request changed
 * nothing. It first waits until no role sync is due, so a drain that finishes between "before" and "after" (it adds
 * role changes on the stand-in) cannot tell the two apart.
 */
export async function stateFingerprint(t: TestApp): Promise<string> {
  const db = t.database.db
  await waitForRoleSyncQueue(t)
  const excluded = ['sessions', 'users', ...WORKER_QUEUES].map((name) => `'${name}'`).join(', ')
  const tables = (await db.execute<{ name: string }>(
    sql.raw(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in (${excluded}) order by 1`,
    ),
  )) as unknown as Array<{ name: string }>
  const parts = (await db.execute<{ name: string; hash: string }>(
    sql.raw(
      tables
        .map(
          (r) =>
            `select '${r.name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${r.name}" t`,
        )
        .join(' union all '),
    ),
  )) as unknown as Array<{ name: string; hash: string }>
  // NOTE: union all returns the tables in no particular order.
  parts.sort((a, b) => a.name.localeCompare(b.name))
  const discord = t.discord.state
  return JSON.stringify([parts, discord.messages.length, discord.roleChanges.length, discord.channels.size])
}

/** Waits until the role-sync queue holds nothing due now (a retry backed off into the future does not count). */
async function waitForRoleSyncQueue(t: TestApp): Promise<void> {
  const deadline = Date.now() + SETTLE_MS
  for (;;) {
    const [row] = (await t.database.db.execute<{ due: number }>(
      sql`select count(*)::int as due from pending_role_syncs where due_at <= now()`,
    )) as unknown as Array<{ due: number }>
    if (!row?.due) return
    if (Date.now() > deadline)
      throw new Error(`stateFingerprint: ${row.due} role syncs still due after ${SETTLE_MS} ms`)
    await sleep(50)
  }
}
