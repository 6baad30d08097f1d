import os from 'node:os'
import { and, asc, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import type { SendMessageInput } from './client.ts'

// Messages for a channel that were decided in a transaction and are posted after its commit, exactly once as the
// channel sees it (docs/decisions/034-promotion-runs-and-their-announcement.md). A table row is the queue: 'pending'
// with the messages (or what makes them), how many are already posted, and a lease. A sender claims a due row with the
// lease (FOR UPDATE SKIP LOCKED, so two instances never take the same row), renews it while Discord is called, records
// each message as it goes, and sends each with a nonce of the row and the message: a sender that takes over from one
// that died resends only the interrupted message, with the same nonce, which Discord answers with the message it
// already has. A row interrupted longer ago than Discord keeps a nonce is given up rather than risk a double.
// Promotion announcements and the weekly activity digest are such rows.

/** A resend with the same nonce is safe within Discord's de-duplication window ("a few minutes"), read narrowly. */
const NONCE_SAFE_S = 120
const INTERRUPTED_TOO_LONG =
  'Interrupted while sending more than 2 minutes ago and not re-sent: it may already be in the channel.'
/** Discord down: the first retry waits this long, each further one twice as long, up to RETRY_MAX_S. */
const RETRY_S = 5
const RETRY_MAX_S = 3600
/** Failed attempts in a row (Discord down all along) after which the row is given up. */
const MAX_ATTEMPTS = 20
const INSTANCE = `${os.hostname()}:${process.pid}`

/** The queue's columns in its table. */
interface PostColumns {
  key: AnyPgColumn
  /** 'pending', 'sent' or 'failed'. */
  status: AnyPgColumn
  partsSent: AnyPgColumn
  attempts: AnyPgColumn
  dueAt: AnyPgColumn
  claimedUntil: AnyPgColumn
  /** When the message being sent was first tried: a resend with its nonce is safe only for a few minutes. */
  attemptedAt: AnyPgColumn
  sentAt: AnyPgColumn
  error: AnyPgColumn
}

interface PostQueue<Row> {
  /** What the log calls a row ("promotion announcement"); names the sender's state, shared by every copy of a module. */
  what: string
  table: PgTable
  columns: PostColumns
  /** How long a claim holds a row; renewed every third of it while Discord is called. */
  leaseS: number
  /** Where the row's messages go, what they say, and the nonce of each. */
  posts: (row: Row, services: AppServices) => Posts | Promise<Posts>
}

type Posts = { channelId: string; messages: string[]; nonce: (part: number) => string } & Pick<
  SendMessageInput,
  'allowedMentions'
>

interface QueueRow {
  [column: string]: unknown
}

/**
 * A sender for one queue: `sendDue` posts every row whose turn has come (the job runner's tick, and a wake-up after a
 * commit); one drain at a time in this process, a call while one runs makes it go round once more; it never throws.
 */
export function channelPostSender<Row>(queue: PostQueue<Row>) {
  const { table, columns: c, leaseS } = queue
  // The table's own property names of the queue's columns, for Drizzle's update and returning.
  const field = Object.fromEntries(
    Object.entries(c).map(([role, column]) => {
      const entry = Object.entries(getTableColumns(table)).find(([, own]) => own === column)
      if (!entry) throw new Error(`${queue.what}: the ${role} column is not in the queue's table`)
      return [role, entry[0]]
    }),
  ) as Record<keyof PostColumns, string>
  const values = (set: Partial<Record<keyof PostColumns, unknown>>) =>
    Object.fromEntries(Object.entries(set).map(([role, value]) => [field[role as keyof PostColumns], value]))
  const pending = eq(c.status, 'pending')
  const unclaimed = or(isNull(c.claimedUntil), lt(c.claimedUntil, sql`now()`))
  const lease = sql`now() + make_interval(secs => ${leaseS}::int)`
  const state = singleton(`channel-posts:${queue.what}`, () => ({
    running: null as Promise<void> | null,
    again: false,
  }))

  const update = (services: AppServices, set: Partial<Record<keyof PostColumns, unknown>>) =>
    services.db.update(table).set(values(set))

  async function giveUpLongInterrupted(services: AppServices) {
    await update(services, { status: 'failed', error: INTERRUPTED_TOO_LONG, claimedUntil: null }).where(
      and(pending, unclaimed, lt(c.attemptedAt, sql`now() - make_interval(secs => ${NONCE_SAFE_S}::int)`)),
    )
  }

  async function claimNext(services: AppServices): Promise<QueueRow | null> {
    const due = services.db
      .select({ key: c.key })
      .from(table)
      .where(and(pending, lte(c.dueAt, sql`now()`), unclaimed))
      .orderBy(asc(c.dueAt), asc(c.key))
      .limit(1)
      .for('update', { skipLocked: true })
    const [claimed] = (await update(services, {
      claimedUntil: lease,
      attemptedAt: sql`coalesce(${c.attemptedAt}, now())`,
    })
      .where(inArray(c.key, due))
      .returning()) as QueueRow[]
    if (claimed && (claimed[field.partsSent] as number) > 0)
      logger.info({ msg: `resuming a ${queue.what}`, key: claimed[field.key], by: INSTANCE })
    return claimed ?? null
  }

  /** Sends what is left of one claimed row and records how it ended. */
  async function send(services: AppServices, row: QueueRow): Promise<void> {
    const key = row[field.key]
    const mine = and(eq(c.key, key), pending)
    const { channelId, messages, nonce, allowedMentions } = await queue.posts(row as Row, services)
    for (let part = row[field.partsSent] as number; part < messages.length; part++) {
      const result = await holdingClaim(services, key, () =>
        services.discord.sendMessage(channelId, {
          content: messages[part]!,
          nonce: nonce(part),
          ...(allowedMentions ? { allowedMentions } : {}),
        }),
      )
      if (result.ok) {
        await update(services, { partsSent: part + 1, attemptedAt: null, attempts: 0 }).where(mine)
        continue
      }
      // Discord down (no answer, 5xx, 429): tried again later, with back-off. A refusal (a channel that is gone, no
      // access) or a bot that is not configured will not change by waiting: the row is given up, on record.
      const outage =
        services.discord.configured && (result.status === undefined || result.status === 429 || result.status >= 500)
      if (outage && (row[field.attempts] as number) + 1 < MAX_ATTEMPTS) {
        await update(services, {
          claimedUntil: null,
          attemptedAt: null,
          attempts: sql`${c.attempts} + 1`,
          dueAt: sql`now() + make_interval(secs => least(${RETRY_S}::int * power(2, ${c.attempts}), ${RETRY_MAX_S}::int))`,
          error: result.error,
        }).where(mine)
      } else {
        await update(services, { status: 'failed', claimedUntil: null, error: result.error }).where(mine)
      }
      logger.warn({ msg: `${queue.what} not sent`, key, error: result.error })
      return
    }
    await update(services, {
      status: 'sent',
      sentAt: sql`now()`,
      claimedUntil: null,
      attemptedAt: null,
      error: null,
    }).where(mine)
  }

  /** Runs the send while renewing this process's claim; a renewal that fails only shortens the lease. */
  async function holdingClaim<T>(services: AppServices, key: unknown, work: () => Promise<T>): Promise<T> {
    const renew = () =>
      update(services, { claimedUntil: lease })
        .where(and(eq(c.key, key), pending))
        .catch((error: unknown) =>
          logger.warn({ msg: `${queue.what} claim not renewed`, key, error: describeError(error) }),
        )
    const timer = setInterval(renew, (leaseS * 1000) / 3)
    try {
      return await work()
    } finally {
      clearInterval(timer)
    }
  }

  function sendDue(services: AppServices): Promise<void> {
    if (state.running) {
      state.again = true
      return state.running
    }
    const run = (async () => {
      do {
        state.again = false
        await giveUpLongInterrupted(services)
        for (let claimed = await claimNext(services); claimed; claimed = await claimNext(services))
          await send(services, claimed)
      } while (state.again)
    })()
      .catch((error: unknown) => logger.warn({ msg: `${queue.what} failed`, error: describeError(error) }))
      .finally(() => {
        state.running = null
      })
    state.running = run
    return run
  }

  return { sendDue }
}
