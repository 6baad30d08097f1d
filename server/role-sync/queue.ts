import { inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { pendingRoleSyncs } from '#db/schema/role-syncs.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { backgroundRun } from '../lib/background-run.ts'
import { durableQueue, type QueueFailure } from '../lib/durable-queue.ts'
import { desiredRoles, syncMemberRoles, type DesiredRoles } from './member-roles.ts'
import { applyReconcile } from './reconcile.ts'
import { describeError } from '../error-text.ts'
import { countOf } from '#contracts/plural.ts'

// The durable queue of Discord role syncs (docs/decisions/021-durable-role-sync.md). A change that moves someone's
// managed roles queues their Discord id in its own transaction (runTransaction's `syncRoles`), so the request waits
// on nothing but its commit. After the commit a drain runs in this process (a burst gathered for a moment), and the
// job runner drains every few seconds on every instance: a sync Discord refused or did not answer is retried with
// exponential back-off until Discord has it, across restarts. One row per person coalesces a burst of changes.

/** The key that asks for a reconcile of everyone (an ORBAT save, a new milsim role). */
export const EVERYONE = '*'

/** A burst of requests (sign-ups in a rush) is gathered this long and synced as one batch. */
const ROLE_SYNC_BATCH_MS = 500
const REASON = 'Roster sync'

/** Queues role syncs for these people inside the caller's transaction. Answers whether anything was queued. */
export async function enqueueRoleSync(
  tx: DbOrTx,
  discordIds: ReadonlyArray<string | null | undefined>,
): Promise<boolean> {
  // Sorted: two transactions queueing the same people lock their rows in the same order (no deadlock).
  const ids = [...new Set(discordIds.filter((id): id is string => Boolean(id)))].sort()
  if (!ids.length) return false
  // One array parameter, not a parameter per id: a promotion run queues thousands at once.
  const t = pendingRoleSyncs
  await tx.execute(sql`
    insert into ${t} (discord_id) select unnest(${arrayLiteral(ids)}::text[])
    on conflict (discord_id) do update
      set version = ${t}.version + 1, attempts = 0, due_at = now(), last_error = null`)
  return true
}

/** A PostgreSQL array literal of texts, each quoted (a quote or backslash in one escaped). */
function arrayLiteral(texts: readonly string[]): string {
  return `{${texts.map((text) => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
}

const drainer = backgroundRun(
  'discord:role-sync-drainer',
  async (services) => {
    while (await drainBatch(services));
  },
  { failure: 'role sync drain failed', batchMs: ROLE_SYNC_BATCH_MS },
)

/** After a commit that queued syncs: drains them shortly, in the background. Never throws. */
export function wakeRoleSync(services: AppServices): void {
  drainer.wake(services)
}

/**
 * Syncs every queued person whose turn has come (the job runner's tick and wakeRoleSync). One drain at a time in this
 * process, so calls to Discord go one after another; a call while one runs makes it go round once more. Never throws.
 */
export function drainRoleSyncs(services: AppServices): Promise<void> {
  return drainer.run(services)
}

/** Resolves once no drain is due or running in this process (tests, shutdown). Failed syncs stay queued. */
export function roleSyncSettled(): Promise<void> {
  return drainer.settled()
}

// Claims, finishes and retries as every durable queue does (server/lib/durable-queue.ts): a batch of people is one
// roster read; a person dropped after the last failed attempt gets a System entry, and the nightly reconcile heals them.
const queue = durableQueue({
  table: pendingRoleSyncs,
  key: { discord_id: pendingRoleSyncs.discord_id },
  dropped: (db, row, error, attempts) =>
    recordAudit(
      db,
      SYSTEM_ACTOR,
      'Discord role sync dropped',
      `${row.discord_id}: ${error} (${attempts} attempts); the nightly reconcile will try again.`,
    ),
})

/** Claims due rows and syncs them. Answers whether to go on (it found some, and Discord answered). */
async function drainBatch(services: AppServices): Promise<boolean> {
  const claimed = await queue.claimDue(services.db)
  if (!claimed.length) return false
  if (!services.discord.configured) {
    // No bot: nothing to sync with (once one is configured, the reconcile brings Discord in line).
    await services.db.delete(pendingRoleSyncs).where(
      inArray(
        pendingRoleSyncs.discord_id,
        claimed.map((c) => c.discord_id),
      ),
    )
    return true
  }
  const people = claimed.filter((c) => c.discord_id !== EVERYONE).map((c) => c.discord_id)
  let desired: DesiredRoles
  try {
    desired = await desiredRoles(services.db, people)
  } catch (error) {
    for (const row of claimed) await queue.retryLater(services.db, row, describeError(error))
    return true
  }
  return queue.workThrough(services.db, claimed, (row) => syncOne(services, row.discord_id, desired))
}

/** One queued sync: a person's managed roles, or everyone's (the reconcile). Answers the failure, if any. */
async function syncOne(services: AppServices, key: string, desired: DesiredRoles): Promise<QueueFailure | undefined> {
  if (key !== EVERYONE) return (await syncMemberRoles(services, key, desired, REASON)).failure
  const result = await applyReconcile(services, SYSTEM_ACTOR, REASON)
  return result.failed ? { error: `${countOf(result.failed, 'role change')} failed`, status: 500 } : undefined
}
