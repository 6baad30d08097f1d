import type { Db, DbOrTx } from '#db/client.ts'
import { tellCommitted, tellInTransaction, topicsOf, type Changes } from './changes.ts'
import type { AppServices } from './context.ts'
import { enqueueRoleSync, wakeRoleSync } from './role-sync/queue.ts'
import { BANNED_SQLSTATE, Conflict, postgresErrorOf } from './errors.ts'
import { logger } from './logger.ts'
import { describeError } from './error-text.ts'

// The one transaction runner of every use case: the change and its audit entry commit together, a deadlock or
// serialisation failure is retried, and what follows the commit (Discord, activity posts) can never turn a committed
// change into an error answer. It knows no domain: a use case declares what it changed, and whoever keeps a copy of
// that listens (server/changes.ts). The one thing besides is the durable role-sync queue, which carries data, not a
// topic (docs/decisions/030-use-cases-declare-their-changes.md).

// UB001: a ban committed under this transaction (db/functions/roster.sql); the retry's own checks see it.
const RETRYABLE = new Set(['40P01', '40001', BANNED_SQLSTATE])
const ATTEMPTS = 5
/** Between attempts: a random pause growing with each, so two transactions that deadlocked do not meet again at once. */
const RETRY_PAUSE_MS = 15

/** How long a request waits for its post-commit side effects before answering; they go on in the background. */
const AFTER_COMMIT_WAIT_MS = 3000

interface TransactionOptions<T> {
  /**
   * What the change touched (server/changes.ts): its listeners act inside the transaction (a NOTIFY) and after the
   * commit (a snapshot marked stale, a cache cleared). A function decides from the work's result; `[]` when nothing
   * anyone keeps a copy of changed. Required, so that no use case forgets to say.
   */
  changes: Changes<T>
  /**
   * Side effects after the commit (Discord role sync, activity posts). Awaited for at most AFTER_COMMIT_WAIT_MS so
   * a quick Discord is seen by the answer; failures are logged (the effect records its own audit entry) and never
   * reach the caller.
   */
  after?: (result: T) => unknown
  /**
   * The Discord ids whose managed roles the change may move ('*', EVERYONE: all of them). They are queued inside the
   * transaction, so the sync commits with the change, and synced after the commit by the durable role-sync queue
   * (server/role-sync/queue.ts), which retries until Discord has them. The request never waits on Discord.
   */
  syncRoles?: (result: T) => ReadonlyArray<string | null | undefined>
  /** Names the use case in logs. */
  name?: string
}

export async function runTransaction<T>(
  services: AppServices,
  work: (tx: DbOrTx) => Promise<T>,
  options: TransactionOptions<T>,
): Promise<T> {
  const { changes, syncRoles } = options
  const { value, rolesQueued } = await withRetry(() =>
    services.db.transaction(async (tx) => {
      const value = await work(tx)
      await tellInTransaction(tx, topicsOf(changes, value))
      const rolesQueued = syncRoles ? await enqueueRoleSync(tx, syncRoles(value)) : false
      return { value, rolesQueued }
    }),
  )
  return committed(services, value, rolesQueued, options)
}

/**
 * A use case decided by one statement: a stored function that checks, writes, audits, announces and queues its role
 * syncs in one go (db/functions/orbat.sql, waitlist.sql). It runs as its own implicit
 * transaction, one round trip instead of BEGIN, the work and COMMIT, with the same retries and the same handling
 * after the commit as runTransaction.
 * NOTE: there is no transaction to run listeners in: the statement does their in-transaction part itself (the stored
 * functions NOTIFY the ORBAT's channel); its declared `changes` reach the listeners after the commit only.
 */
export async function runStatement<T>(
  services: AppServices,
  statement: (db: Db) => Promise<T>,
  options: StatementOptions<T>,
): Promise<T> {
  const value = await withRetry(() => statement(services.db))
  return committed(services, value, options.queuedRoleSyncs?.(value) ?? false, options)
}

export interface StatementOptions<T> extends Pick<TransactionOptions<T>, 'changes' | 'after' | 'name'> {
  /** Whether the statement queued Discord role syncs (it does so itself, in the same statement): they are drained soon. */
  queuedRoleSyncs?: (result: T) => boolean
}

async function committed<T>(
  services: AppServices,
  result: T,
  rolesQueued: boolean,
  options: Pick<TransactionOptions<T>, 'changes' | 'after' | 'name'>,
): Promise<T> {
  tellCommitted(topicsOf(options.changes, result))
  if (rolesQueued) wakeRoleSync(services)
  if (options.after) await afterCommit(options.name ?? 'use case', () => options.after!(result))
  return result
}

async function withRetry<T>(attemptOnce: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptOnce()
    } catch (error) {
      const pg = postgresErrorOf(error)
      if (pg && RETRYABLE.has(pg.code) && attempt < ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_MS * attempt))
        continue
      }
      // NOTE: the one-slot-per-person unique index answers a race between two of a member's own tabs.
      if (pg?.code === '23505' && String(pg.constraint_name ?? '').includes('slots_user_id')) {
        throw new Conflict('Your sign-up changed at the same moment in another tab. Please try again.')
      }
      throw error
    }
  }
}

/**
 * Runs a post-commit side effect: waits for it up to AFTER_COMMIT_WAIT_MS, then lets it finish in the background.
 * Never throws.
 */
export async function afterCommit(name: string, effect: () => unknown): Promise<void> {
  const running = Promise.resolve()
    .then(effect)
    .catch((error: unknown) =>
      logger.warn({ msg: 'side effect after commit failed', useCase: name, error: describeError(error) }),
    )
  await waitAtMost(running, AFTER_COMMIT_WAIT_MS)
}

/** The work's value when it settles within `ms` (its error, if it fails by then); otherwise undefined, and it goes on. */
export async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
    timer.unref()
  })
  try {
    return await Promise.race([work, waited])
  } finally {
    clearTimeout(timer)
  }
}
