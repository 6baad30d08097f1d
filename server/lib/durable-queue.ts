import { and, asc, eq, isNull, lt, lte, or, sql, type GetColumnData, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.ts'
import { describeError } from '../error-text.ts'

// The mechanics of a durable work queue in PostgreSQL, shared by the Discord role syncs (server/role-sync/queue.ts)
// and Discord's scheduled events (server/discord/scheduled-events.ts): a row per piece of work, written in the
// transaction of the change that needs it, drained after the commit and by the job runner's tick on every instance.
// A drainer claims due rows for a while (a lease: one that dies leaves them to others), deletes a row once the work is
// done unless a newer request bumped its version meanwhile, and on failure puts it back with exponential back-off,
// dropping it after MAX_ATTEMPTS failures in a row (the queue's nightly reconcile heals what was dropped). What a
// piece of work is, and what happens before the first row is worked, stays with each queue, as the two differ there:
// with no bot the role syncs delete every claimed row outright (a reconcile redoes everyone once a bot is set) while
// the scheduled events finish each row (a newer request is kept); and a failed read for the batch puts the role syncs
// back with back-off, while the scheduled events' settings read failing fails the pass (its claims run out).
// Each queue's table (db/schema/role-syncs.ts, db/schema/discord-events.ts) has the columns QueueColumns names.

/** Rows claimed at once: the queue reads what they need in one go (the roster, the settings). */
const BATCH = 10
/** How long a drainer may hold claimed rows before another drainer may take them (it died, most likely). */
const CLAIM_S = 300
/** The first retry waits this long, each further one twice as long, up to RETRY_MAX_S. */
const RETRY_S = 5
const RETRY_MAX_S = 3600
/** Failed attempts in a row after which a row is dropped (the queue's `dropped` records it). */
const MAX_ATTEMPTS = 20

/** The bookkeeping columns every queue table has beside its key. */
interface QueueColumns {
  version: PgColumn
  attempts: PgColumn
  due_at: PgColumn
  claimed_until: PgColumn
  last_error: PgColumn
}

type Columns = Record<string, PgColumn>

/** The values of these columns, as a select answers them. */
type ValuesOf<C extends Columns> = { [K in keyof C]: GetColumnData<C[K]> }

/** A claimed row: its key, the columns the queue asked to carry, and what finish and retryLater check. */
export type ClaimedRow<Key extends Columns, Carry extends Columns> = ValuesOf<Key> &
  ValuesOf<Carry> & { version: number; attempts: number; due_at: Date }

/** How one piece of work failed: Discord's status when Discord answered (none: no answer, or a fault of ours). */
export interface QueueFailure {
  error: string
  status?: number
}

export interface DurableQueue<Row> {
  /** Claims up to BATCH due rows that no live drainer holds, oldest due first. */
  claimDue: (db: Db) => Promise<Row[]>
  /** Done: the row goes, unless a newer request came meanwhile (then it is released, due at once). */
  finish: (db: Db, row: Row) => Promise<void>
  /** Failed: tried again after 5 s, 10 s, 20 s ... (at most an hour); dropped after MAX_ATTEMPTS failures in a row. */
  retryLater: (db: Db, row: Row, error: string) => Promise<void>
  /**
   * Works the claimed rows one after another: each done is finished, each failed retried later. After a failure that
   * is Discord's (no answer, 5xx, 429) the rest of the batch waits too, so an outage costs one call that times out,
   * not one per row. A `work` that throws counts as a failure without a status. Answers whether the drain may go on
   * (no outage); during one the next drain (the job runner's tick) tries again.
   */
  workThrough: (db: Db, rows: readonly Row[], work: (row: Row) => Promise<QueueFailure | undefined>) => Promise<boolean>
}

export function durableQueue<
  Table extends PgTable & QueueColumns,
  Key extends Columns,
  Carry extends Columns = Record<never, PgColumn>,
>({
  table,
  key,
  carry,
  dropped,
}: {
  table: Table
  /** The columns that name a row (its primary key). */
  key: Key
  /** Further columns a claimed row brings along. */
  carry?: Carry
  /** A row given up after `attempts` failures (it is gone): the queue's System entry. */
  dropped: (db: Db, row: ClaimedRow<Key, Carry>, error: string, attempts: number) => Promise<void>
}): DurableQueue<ClaimedRow<Key, Carry>> {
  type Row = ClaimedRow<Key, Carry>
  // Drizzle's builders cannot check a set against a table type still open here, so they see a plain table; `Table`
  // extending QueueColumns is what keeps the column names below true of the queue's own table.
  const plain: PgTable = table
  const t: QueueColumns = table
  const keyFields: Columns = key
  const keyNames = Object.keys(key) as Array<keyof Key & string>
  const keyColumns = Object.values(keyFields)
  const rowIs = (row: Row): SQL | undefined => and(...keyNames.map((name) => eq(keyFields[name]!, row[name])))
  const current = (row: Row) => and(rowIs(row), eq(t.version, row.version))
  // The same statement for a one-column key and a composite one: `(a) in (select a ...)` is `a in (select a ...)`.
  // FOR UPDATE SKIP LOCKED: two drainers claiming at once take different rows, neither waits on the other.
  const claimDue = async (db: Db): Promise<Row[]> => {
    const due = db
      .select(keyFields)
      .from(plain)
      .where(and(lte(t.due_at, sql`now()`), or(isNull(t.claimed_until), lt(t.claimed_until, sql`now()`))))
      .orderBy(asc(t.due_at))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    const claimed = (await db
      .update(plain)
      .set({ claimed_until: sql`now() + make_interval(secs => ${CLAIM_S}::int)` })
      .where(sql`(${sql.join(keyColumns, sql`, `)}) in ${due}`)
      .returning({ ...carry, ...key, version: t.version, attempts: t.attempts, due_at: t.due_at })) as Row[]
    // UPDATE ... RETURNING keeps no order: worked oldest due first, as they were picked.
    return claimed.sort((a, b) => a.due_at.getTime() - b.due_at.getTime())
  }
  const finish = async (db: Db, row: Row) => {
    const deleted = await db.delete(plain).where(current(row)).returning({ version: t.version })
    if (!deleted.length) await db.update(plain).set({ claimed_until: null }).where(rowIs(row))
  }
  const retryLater = async (db: Db, row: Row, error: string) => {
    if (row.attempts + 1 >= MAX_ATTEMPTS) {
      const gone = await db.delete(plain).where(current(row)).returning({ version: t.version })
      if (gone.length) {
        await dropped(db, row, error, MAX_ATTEMPTS)
        return
      }
    }
    await db
      .update(plain)
      .set({
        claimed_until: null,
        attempts: sql`${t.attempts} + 1`,
        due_at: sql`now() + make_interval(secs => least(${RETRY_S}::int * power(2, ${t.attempts}), ${RETRY_MAX_S}::int))`,
        last_error: error,
      })
      .where(rowIs(row))
  }
  return {
    claimDue,
    finish,
    retryLater,
    workThrough: async (db, rows, work) => {
      let outage: string | null = null
      for (const row of rows) {
        if (outage) {
          await retryLater(db, row, outage)
          continue
        }
        let failure: QueueFailure | undefined
        try {
          failure = await work(row)
        } catch (error) {
          // Not Discord's answer (its client never throws) but a fault here: retried like an outage, never left claimed.
          failure = { error: describeError(error) }
        }
        if (!failure) await finish(db, row)
        else {
          await retryLater(db, row, failure.error)
          if (failure.status === undefined || failure.status === 429 || failure.status >= 500) outage = failure.error
        }
      }
      return outage === null
    },
  }
}
