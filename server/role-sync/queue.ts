import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { pendingRoleSyncs } from '#db/schema/role-syncs.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { backgroundRun } from '../lib/background-run.ts'
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
/** The first retry waits this long, each further one twice as long, up to RETRY_MAX_S. */
const ROLE_SYNC_RETRY_S = 5
const RETRY_MAX_S = 3600
/** Failed attempts in a row after which a sync is dropped (with a System entry); the nightly reconcile still heals it. */
const MAX_ATTEMPTS = 20
/** How long a drainer may hold claimed rows before another drainer may take them (it died, most likely). */
const CLAIM_S = 300
/** Rows claimed at once: one roster read for all of them. */
const BATCH = 10
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

interface Claimed {
  discord_id: string
  version: number
  attempts: number
}

/** Claims up to BATCH due rows and syncs them. Answers whether to go on (it found some, and Discord answered). */
async function drainBatch(services: AppServices): Promise<boolean> {
  const claimed = await claimDue(services)
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
    for (const row of claimed) await retryLater(services, row, describeError(error))
    return true
  }
  // After a failure that is Discord's (no answer, 5xx, 429) the rest of the batch waits too: during an outage a drain
  // makes one call that times out, not one per person.
  let outage: string | null = null
  for (const row of claimed) {
    if (outage) {
      await retryLater(services, row, outage)
      continue
    }
    const failure = await syncOne(services, row.discord_id, desired)
    if (!failure) await finish(services, row)
    else {
      await retryLater(services, row, failure.error)
      if (failure.status === undefined || failure.status === 429 || failure.status >= 500) outage = failure.error
    }
  }
  // During an outage the drain stops here; the next one (the job runner's tick) tries again.
  return outage === null
}

/** One queued sync: a person's managed roles, or everyone's (the reconcile). Answers the failure, if any. */
async function syncOne(
  services: AppServices,
  key: string,
  desired: DesiredRoles,
): Promise<{ error: string; status?: number } | undefined> {
  try {
    if (key !== EVERYONE) return (await syncMemberRoles(services, key, desired, REASON)).failure
    const result = await applyReconcile(services, SYSTEM_ACTOR, REASON)
    return result.failed ? { error: `${countOf(result.failed, 'role change')} failed`, status: 500 } : undefined
  } catch (error) {
    // Not Discord's answer (the client never throws) but a fault here: retried like an outage, never left claimed.
    return { error: describeError(error) }
  }
}

async function claimDue(services: AppServices): Promise<Claimed[]> {
  const t = pendingRoleSyncs
  const due = services.db
    .select({ discord_id: t.discord_id })
    .from(t)
    .where(and(lte(t.due_at, sql`now()`), or(isNull(t.claimed_until), lt(t.claimed_until, sql`now()`))))
    .orderBy(asc(t.due_at))
    .limit(BATCH)
    .for('update', { skipLocked: true })
  return services.db
    .update(t)
    .set({ claimed_until: sql`now() + make_interval(secs => ${CLAIM_S}::int)` })
    .where(inArray(t.discord_id, due))
    .returning({ discord_id: t.discord_id, version: t.version, attempts: t.attempts })
}

/** Done: the row goes, unless a newer request came meanwhile (then it is released, due at once). */
async function finish(services: AppServices, row: Claimed) {
  const t = pendingRoleSyncs
  const deleted = await services.db
    .delete(t)
    .where(and(eq(t.discord_id, row.discord_id), eq(t.version, row.version)))
    .returning({ discord_id: t.discord_id })
  if (!deleted.length) await services.db.update(t).set({ claimed_until: null }).where(eq(t.discord_id, row.discord_id))
}

/** Failed: tried again after 5 s, 10 s, 20 s ... (at most an hour); dropped after MAX_ATTEMPTS failures in a row. */
async function retryLater(services: AppServices, row: Claimed, error: string) {
  const t = pendingRoleSyncs
  if (row.attempts + 1 >= MAX_ATTEMPTS) {
    const dropped = await services.db
      .delete(t)
      .where(and(eq(t.discord_id, row.discord_id), eq(t.version, row.version)))
      .returning({ discord_id: t.discord_id })
    if (dropped.length) {
      await recordAudit(
        services.db,
        SYSTEM_ACTOR,
        'Discord role sync dropped',
        `${row.discord_id}: ${error} (${MAX_ATTEMPTS} attempts); the nightly reconcile will try again.`,
      )
      return
    }
  }
  await services.db
    .update(t)
    .set({
      claimed_until: null,
      attempts: sql`${t.attempts} + 1`,
      due_at: sql`now() + make_interval(secs => least(${ROLE_SYNC_RETRY_S}::int * power(2, ${t.attempts}), ${RETRY_MAX_S}::int))`,
      last_error: error,
    })
    .where(eq(t.discord_id, row.discord_id))
}
