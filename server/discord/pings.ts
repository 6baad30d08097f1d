import os from 'node:os'
import { and, asc, eq, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm'
import { DEFAULT_PING_ROLE, SELECT_A_ROLE, type PingInput, type PingItem } from '#contracts/pings.ts'
import { POST_TRAINING_FAILED, type PostTrainingInput } from '#contracts/trainings.ts'
import type { DbOrTx } from '#db/client.ts'
import { scheduledPings, type PingType } from '#db/schema/discord.ts'
import { events, trainings } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Invalid, NotFound, ServiceError } from '../errors.ts'
import { logger } from '../logger.ts'
import { instantOf } from '../lib/wall-time.ts'
import { getSetting } from '../unit/settings.ts'
import { afterCommit, runTransaction } from '../transaction.ts'
import { DISCORD_ACTION_BUDGET_MS } from './client.ts'
import { discordNames } from './names.ts'
import { describeError } from '../error-text.ts'
import { translate } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'

// Scheduled pings and Post Training on Discord (docs/rules/discord.md). A ping is stored pending and sent by the job
// runner's dispatcher once its time has come (sent / failed recorded on the row).

function toItem(row: typeof scheduledPings.$inferSelect): PingItem {
  return {
    id: row.id,
    type: row.type,
    target_id: (row.event_id ?? row.training_id)!,
    event_id: row.event_id,
    training_id: row.training_id,
    channel_id: row.channel_id,
    message_content: row.message_content,
    roles_to_ping: row.roles_to_ping,
    ping_time: row.ping_time.toISOString(),
    status: row.status,
    error: row.error,
  }
}

/** Whether an event ping role is set (an event ping with no role chosen can fall back to it). */
export async function hasEventPingRole(db: DbOrTx): Promise<boolean> {
  return Boolean((await getSetting(db, 'event_ping_role_id')).trim())
}

interface SchedulePingOptions {
  /** The Schedule Ping form: an event ping with no role chosen pings the event ping role, when one is set. */
  noRoleMeansDefault?: boolean
  now?: Date
}

/**
 * POST /api/roster/{events|trainings}/{id}/ping and the Schedule Ping form. Events need at least one role (or the
 * default event ping role); the time must be in the future.
 */
export async function schedulePing(
  services: AppServices,
  admin: User,
  type: PingType,
  targetId: number,
  input: PingInput,
  options: SchedulePingOptions = {},
): Promise<PingItem> {
  const pingTime = input.pingTime
    ? instantOf({ date: input.pingTime })
    : instantOf({ date: input.date!, time: input.time!, tz: input.tz })
  const chosen = [...new Set(input.rolesToPing ?? [])]
  const names = await discordNames(services, { channels: true })
  return runTransaction(
    services,
    async (tx) => {
      const table = type === 'event' ? events : trainings
      const [target] = await tx.select({ name: table.name }).from(table).where(eq(table.id, targetId)).limit(1)
      if (!target) throw new NotFound(type === 'event' ? 'Event not found.' : 'Training not found.')
      const fallBack =
        type === 'event' && chosen.length === 0 && options.noRoleMeansDefault && (await hasEventPingRole(tx))
      const rolesToPing = fallBack ? [DEFAULT_PING_ROLE] : chosen
      if (type === 'event' && rolesToPing.length === 0)
        throw new Invalid(SELECT_A_ROLE, { rolesToPing: [SELECT_A_ROLE] })
      if (pingTime.getTime() <= (options.now ?? new Date()).getTime())
        throw new Invalid('The ping time must be in the future.', {
          pingTime: ['The ping time must be in the future.'],
        })
      const [row] = await tx
        .insert(scheduledPings)
        .values({
          type,
          event_id: type === 'event' ? targetId : null,
          training_id: type === 'training' ? targetId : null,
          channel_id: input.channelId!,
          message_content: input.messageContent!,
          roles_to_ping: rolesToPing,
          ping_time: pingTime,
          created_by_user_id: admin.id,
        })
        .returning()
      await recordAudit(
        tx,
        admin,
        'Ping scheduled',
        `${type === 'event' ? 'Event' : 'Training'} ${target.name}: ${pingTime.toISOString()} in channel ${names.channel(input.channelId!)}.`,
      )
      return toItem(row!)
    },
    { name: 'schedule ping', changes: [] },
  )
}

/** The mentions a ping's roles make; 'default' is the event ping role setting at send time. */
async function resolveRoles(db: DbOrTx, roles: string[]): Promise<string[]> {
  const out: string[] = []
  for (const role of roles) {
    if (role !== DEFAULT_PING_ROLE) out.push(role)
    else {
      const fallback = await getSetting(db, 'event_ping_role_id')
      if (fallback) out.push(fallback)
    }
  }
  return out
}

/** How long a claim holds a ping for its sender, who renews it every quarter of that while Discord is called. */
export const PING_LEASE_MS = 4_000
/**
 * How long after a ping's first attempt a resend is still covered by Discord's nonce de-duplication ("the past few
 * minutes", enforce_nonce), with a wide margin. An interrupted ping older than this may already be in the channel,
 * and a resend could post it twice: it is marked failed instead.
 */
const NONCE_SAFE_MS = 2 * 60_000
const INTERRUPTED_TOO_LONG =
  'Interrupted while sending more than 2 minutes ago and not re-sent: it may already be in the channel.'
/** Which app instance holds a claim (instances share the database). */
const INSTANCE = `${os.hostname()}:${process.pid}`

const leaseOver = sql`coalesce(${scheduledPings.claim_expires_at} <= now(), true)`
const resendIsSafe = sql`${scheduledPings.attempted_at} > now() - make_interval(secs => ${NONCE_SAFE_MS / 1000})`
const newLease = sql`now() + make_interval(secs => ${PING_LEASE_MS / 1000})`

/**
 * Sends every pending ping whose time has come, once from the members' view. Each is claimed in its own short
 * transaction before Discord is called, with a lease its sender renews, so another instance never sends it alongside
 * a live sender. A claim whose lease ran out (its sender died) is taken over and resent with the same nonce: Discord
 * answers the message it already has if the first send got through, so the ping ends sent either way.
 */
export async function dispatchDuePings(
  services: AppServices,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const { db, discord } = services
  const pending = eq(scheduledPings.status, 'pending')
  await db
    .update(scheduledPings)
    .set({ status: 'failed', error: INTERRUPTED_TOO_LONG })
    .where(and(pending, isNotNull(scheduledPings.attempted_at), leaseOver, not(resendIsSafe)))
  let sent = 0
  let failed = 0
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(scheduledPings)
        .where(
          and(
            pending,
            lte(scheduledPings.ping_time, now),
            or(isNull(scheduledPings.attempted_at), and(leaseOver, resendIsSafe)),
          ),
        )
        .orderBy(asc(scheduledPings.ping_time), asc(scheduledPings.id))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return null
      await tx
        .update(scheduledPings)
        .set({
          attempted_at: sql`coalesce(${scheduledPings.attempted_at}, now())`,
          claimed_by: INSTANCE,
          claim_expires_at: newLease,
        })
        .where(eq(scheduledPings.id, due.id))
      return due
    })
    if (!claimed) break
    if (claimed.attempted_at)
      logger.info({
        msg: 'resending an interrupted ping with its nonce',
        pingId: claimed.id,
        claimedBy: claimed.claimed_by,
      })
    const result = await holdingClaim(services, claimed.id, async () => {
      const roles = await resolveRoles(db, claimed.roles_to_ping)
      const content = [roles.map((id) => `<@&${id}>`).join(' '), claimed.message_content].filter(Boolean).join('\n')
      return discord.sendMessage(claimed.channel_id, {
        content,
        allowedMentions: { roles },
        nonce: `ping-${claimed.id}`,
      })
    })
    // Conditional on pending: a sender that stalled past its lease and the one that took over both get Discord's one
    // message back; only the first records it.
    const stillPending = and(eq(scheduledPings.id, claimed.id), pending)
    if (result.ok) {
      const marked = await db
        .update(scheduledPings)
        .set({ status: 'sent', sent_at: sql`now()`, discord_message_id: result.data.id })
        .where(stillPending)
        .returning({ id: scheduledPings.id })
      if (marked.length) {
        sent++
        await recordAudit(db, SYSTEM_ACTOR, 'Ping sent', `Ping ${claimed.id} to channel ${claimed.channel_id}.`)
      }
    } else {
      const marked = await db
        .update(scheduledPings)
        .set({ status: 'failed', error: result.error })
        .where(stillPending)
        .returning({ id: scheduledPings.id })
      if (marked.length) failed++
      logger.warn({ msg: 'ping failed', pingId: claimed.id, error: result.error })
    }
  }
  return { sent, failed }
}

/** Runs the send while renewing this instance's claim on the ping; a renewal that fails only shortens the lease. */
async function holdingClaim<T>(services: AppServices, pingId: number, send: () => Promise<T>): Promise<T> {
  const renew = () =>
    services.db
      .update(scheduledPings)
      .set({ claim_expires_at: newLease })
      .where(
        and(
          eq(scheduledPings.id, pingId),
          eq(scheduledPings.status, 'pending'),
          eq(scheduledPings.claimed_by, INSTANCE),
        ),
      )
      .catch((error: unknown) => logger.warn({ msg: 'ping claim not renewed', pingId, error: describeError(error) }))
  const timer = setInterval(renew, PING_LEASE_MS / 4)
  try {
    return await send()
  } finally {
    clearInterval(timer)
  }
}

/**
 * POST /api/roster/trainings/{id}/post-to-discord and Post Training on Discord: announces the training now, mentioning
 * the cadre roles. The post is the change (Discord has no transaction to join); its audit entry follows it, best
 * effort: once the message is out, a failure to record it is logged and the answer still reports the post.
 */
export async function postTrainingToDiscord(
  services: AppServices,
  admin: User,
  trainingId: number,
  input: PostTrainingInput,
) {
  const [training] = await services.db.select().from(trainings).where(eq(trainings.id, trainingId)).limit(1)
  if (!training) throw new NotFound('Training not found.')
  const unix = Math.floor(training.date.getTime() / 1000)
  // In the unit's language (docs/rules/languages.md); the training's name and description as the unit wrote them.
  const language = await getUnitLanguage(services.db)
  const content = [
    `📢 **${training.is_bmt_training ? 'BMT: ' : ''}${training.name}**`,
    `🕒 <t:${unix}:F> (<t:${unix}:R>)`,
    training.description ?? '',
    translate(language, 'channel.trainingCadre', { roles: input.cadreRoleIds.map((id) => `<@&${id}>`).join(' ') }),
  ]
    .filter(Boolean)
    .join('\n')
  // The admin waits for the post: a Discord that does not answer is an error within seconds, not half a minute.
  const result = await services.discord
    .within(DISCORD_ACTION_BUDGET_MS)
    .sendMessage(input.channelId, { content, allowedMentions: { roles: input.cadreRoleIds } })
  if (!result.ok) throw new ServiceError(`${POST_TRAINING_FAILED} ${result.error}`, 502)
  await afterCommit('post training', () =>
    recordAudit(services.db, admin, 'Training posted to Discord', `${training.name} in channel ${input.channelId}.`),
  )
  return { message: 'Training posted to Discord.' }
}
