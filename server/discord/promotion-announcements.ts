import os from 'node:os'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { promotionRuns, type PromotionRecord, type PromotionRun } from '#db/schema/roster.ts'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { chunkLines } from '../orbat/activity.ts'
import { singleton } from '../singleton.ts'

// The promotion channel hears of a run after its commit (docs/rules/roster.md, Promotions;
// docs/decisions/034-promotion-runs-and-their-announcement.md). The run's promotion_runs row is the queue: it commits
// with the run, 'pending'; the announcer sends its messages in the background (woken by the run, and every few seconds
// by the job runner on every instance) and marks it sent, or failed. No request waits for it.
// Exactly once as the members see it: a sender claims the run with a lease it renews while Discord is called, records
// each message as it goes, and sends each with a nonce of the run and the message, so a sender that takes over from
// one that died resends the interrupted message with the same nonce, which Discord answers with the message it already
// has.

/** Up to this many messages of one line per member; a longer run is announced in one summary message. */
export const ANNOUNCEMENT_MAX_MESSAGES = 3
/** Discord's limit is 2,000 characters a message; a margin for what clients count differently. */
const MESSAGE_CHARS = 1900
/** How long a claim holds a run for its sender, who renews it every third of that while Discord is called. */
const LEASE_S = 30
/** A resend with the same nonce is safe within Discord's de-duplication window ("a few minutes"), read narrowly. */
const NONCE_SAFE_S = 120
const INTERRUPTED_TOO_LONG =
  'Interrupted while sending more than 2 minutes ago and not re-sent: it may already be in the channel.'
/** Discord down: the first retry waits this long, each further one twice as long, up to RETRY_MAX_S. */
const RETRY_S = 5
const RETRY_MAX_S = 3600
/** Failed attempts in a row (Discord down all along) after which the announcement is given up. */
const MAX_ATTEMPTS = 20
const INSTANCE = `${os.hostname()}:${process.pid}`

const count = (n: number) => n.toLocaleString('en-US')

/**
 * What the channel reads: "🎖️ **Promotions**" and a line "**{name}** has been promoted from {rank} to {rank}." per
 * member, in as many messages as it takes up to ANNOUNCEMENT_MAX_MESSAGES; past that one message that says how many
 * moved, then per step (BMT to JNCO, ...) how many and the first names that fit.
 */
export function announcementMessages(promotions: ReadonlyArray<Pick<PromotionRecord, 'name' | 'from' | 'to'>>) {
  const lines = promotions.map((p) => `**${p.name}** has been promoted from ${p.from} to ${p.to}.`)
  const messages = chunkLines(['🎖️ **Promotions**', ...lines], MESSAGE_CHARS)
  if (messages.length <= ANNOUNCEMENT_MAX_MESSAGES) return messages
  return [summaryOf(promotions)]
}

function summaryOf(promotions: ReadonlyArray<Pick<PromotionRecord, 'name' | 'from' | 'to'>>): string {
  const steps = new Map<string, string[]>()
  for (const p of promotions) {
    const key = `**${p.from} to ${p.to}**`
    steps.set(key, [...(steps.get(key) ?? []), p.name])
  }
  const head = ['🎖️ **Promotions**', `**${count(promotions.length)}** members have been promoted.`]
  const budget = Math.floor((MESSAGE_CHARS - head.join('\n').length) / steps.size) - 1
  const stepLines = [...steps].map(([step, names]) => {
    const start = `${step}: ${count(names.length)}`
    let shown = 0
    const line = (n: number) => {
      const rest = names.length - n
      return n ? `${start} (${names.slice(0, n).join(', ')}${rest ? ` and ${count(rest)} more` : ''}).` : `${start}.`
    }
    while (shown < names.length && line(shown + 1).length <= budget) shown++
    return line(shown)
  })
  return [...head, ...stepLines].join('\n')
}

const announcer = singleton('discord:promotion-announcer', () => ({
  running: null as Promise<void> | null,
  again: false,
}))

/** After a run's commit: its announcement goes out in the background. Returns at once; never throws. */
export function wakePromotionAnnouncer(services: AppServices): void {
  void announceDueRuns(services)
}

/**
 * Sends every pending announcement whose turn has come (the job runner's tick and wakePromotionAnnouncer). One drain at
 * a time in this process; a call while one runs makes it go round once more. Never throws.
 */
export function announceDueRuns(services: AppServices): Promise<void> {
  if (announcer.running) {
    announcer.again = true
    return announcer.running
  }
  const run = (async () => {
    do {
      announcer.again = false
      await giveUpLongInterrupted(services)
      for (let claimed = await claimNext(services); claimed; claimed = await claimNext(services))
        await announce(services, claimed)
    } while (announcer.again)
  })()
    .catch((error: unknown) => logger.warn({ msg: 'promotion announcement failed', error: describeError(error) }))
    .finally(() => {
      announcer.running = null
    })
  announcer.running = run
  return run
}

/** Resolves once no announcement is being sent by this process (tests). */
export async function promotionAnnouncementsSettled(): Promise<void> {
  while (announcer.running) await announcer.running
}

const t = promotionRuns
const pending = eq(t.announcement, 'pending')
const unclaimed = or(isNull(t.announcement_claimed_until), lt(t.announcement_claimed_until, sql`now()`))

/**
 * A run whose sender died mid-message longer ago than Discord de-duplicates a nonce: the message may be in the channel
 * already, so it is not sent again (as for scheduled pings: docs/decisions/013-pings-dispatched-by-a-recurring-job.md).
 */
async function giveUpLongInterrupted(services: AppServices) {
  await services.db
    .update(t)
    .set({ announcement: 'failed', announcement_error: INTERRUPTED_TOO_LONG, announcement_claimed_until: null })
    .where(
      and(
        pending,
        unclaimed,
        lt(t.announcement_attempted_at, sql`now() - make_interval(secs => ${NONCE_SAFE_S}::int)`),
      ),
    )
}

async function claimNext(services: AppServices): Promise<PromotionRun | null> {
  const due = services.db
    .select({ id: t.id })
    .from(t)
    .where(and(pending, lte(t.announcement_due_at, sql`now()`), unclaimed))
    .orderBy(asc(t.announcement_due_at), asc(t.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [claimed] = await services.db
    .update(t)
    .set({
      announcement_claimed_until: sql`now() + make_interval(secs => ${LEASE_S}::int)`,
      announcement_attempted_at: sql`coalesce(${t.announcement_attempted_at}, now())`,
    })
    .where(inArray(t.id, due))
    .returning()
  if (claimed && claimed.announcement_parts_sent > 0)
    logger.info({ msg: 'resuming a promotion announcement', runId: claimed.id, by: INSTANCE })
  return claimed ?? null
}

/** Sends what is left of one claimed run's announcement and records how it ended. */
async function announce(services: AppServices, run: PromotionRun): Promise<void> {
  const mine = and(eq(t.id, run.id), pending)
  const messages = announcementMessages(run.promotions)
  for (let part = run.announcement_parts_sent; part < messages.length; part++) {
    const result = await holdingClaim(services, run.id, () =>
      services.discord.sendMessage(run.announcement_channel_id!, {
        content: messages[part]!,
        nonce: `promo-${run.id}-${part}`,
      }),
    )
    if (result.ok) {
      await services.db
        .update(t)
        .set({ announcement_parts_sent: part + 1, announcement_attempted_at: null, announcement_attempts: 0 })
        .where(mine)
      continue
    }
    // Discord down (no answer, 5xx, 429): tried again later, with back-off. A refusal (a channel that is gone, no
    // access) or a bot that is not configured will not change by waiting: the announcement is given up, on record.
    const outage =
      services.discord.configured && (result.status === undefined || result.status === 429 || result.status >= 500)
    if (outage && run.announcement_attempts + 1 < MAX_ATTEMPTS) {
      await services.db
        .update(t)
        .set({
          announcement_claimed_until: null,
          announcement_attempted_at: null,
          announcement_attempts: sql`${t.announcement_attempts} + 1`,
          announcement_due_at: sql`now() + make_interval(secs => least(${RETRY_S}::int * power(2, ${t.announcement_attempts}), ${RETRY_MAX_S}::int))`,
          announcement_error: result.error,
        })
        .where(mine)
    } else {
      await services.db
        .update(t)
        .set({ announcement: 'failed', announcement_claimed_until: null, announcement_error: result.error })
        .where(mine)
    }
    logger.warn({ msg: 'promotion announcement not sent', runId: run.id, error: result.error })
    return
  }
  await services.db
    .update(t)
    .set({
      announcement: 'sent',
      announced_at: sql`now()`,
      announcement_claimed_until: null,
      announcement_attempted_at: null,
      announcement_error: null,
    })
    .where(mine)
}

/** Runs the send while renewing this process's claim on the run; a renewal that fails only shortens the lease. */
async function holdingClaim<T>(services: AppServices, runId: number, send: () => Promise<T>): Promise<T> {
  const renew = () =>
    services.db
      .update(t)
      .set({ announcement_claimed_until: sql`now() + make_interval(secs => ${LEASE_S}::int)` })
      .where(and(eq(t.id, runId), pending))
      .catch((error: unknown) =>
        logger.warn({ msg: 'announcement claim not renewed', runId, error: describeError(error) }),
      )
  const timer = setInterval(renew, (LEASE_S * 1000) / 3)
  try {
    return await send()
  } finally {
    clearInterval(timer)
  }
}
