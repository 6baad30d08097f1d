import { and, asc, eq, isNotNull, isNull, lte, lt, sql } from 'drizzle-orm'
import { DEFAULT_PING_ROLE, SELECT_A_ROLE, type PingInput, type PingItem } from '#contracts/pings.ts'
import type { PostTrainingInput } from '#contracts/trainings.ts'
import type { DbOrTx } from '#db/client.ts'
import { scheduledPings, type PingType } from '#db/schema/discord.ts'
import { events, trainings } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Invalid, NotFound, ServiceError } from '../errors.ts'
import { logger } from '../logger.ts'
import { instantOf } from '../roster/wall-time.ts'
import { getSetting } from '../settings/settings.ts'
import { afterCommit, runTransaction } from '../transaction.ts'
import { discordNames } from './names.ts'

// Scheduled pings (spec 2 §2 Schedule Ping, §4 Ping, §5 Schedule ping) and Post Training on Discord. A ping is stored
// pending and sent by the job runner's dispatcher once its time has come (sent / failed recorded on the row).


function toItem(row: typeof scheduledPings.$inferSelect): PingItem {
  return {
    id: row.id,
    type: row.type,
    target_id: (row.event_id ?? row.training_id)!,
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

export interface SchedulePingOptions {
  /** The Schedule Ping form: an event ping with no role chosen pings the event ping role, when one is set. */
  noRoleMeansDefault?: boolean
  now?: Date
}

/**
 * POST /api/roster/{events|trainings}/{id}/ping and the Schedule Ping form. Events need at least one role (or the
 * default event ping role); the time must be in the future.
 */
export async function schedulePing(services: AppServices, admin: User, type: PingType, targetId: number, input: PingInput, options: SchedulePingOptions = {}): Promise<PingItem> {
  const pingTime = input.pingTime ? instantOf({ date: input.pingTime }) : instantOf({ date: input.date!, time: input.time!, tz: input.tz })
  const chosen = [...new Set(input.rolesToPing ?? [])]
  const names = await discordNames(services, { channels: true })
  return runTransaction(
    services,
    async (tx) => {
      const table = type === 'event' ? events : trainings
      const [target] = await tx.select({ name: table.name }).from(table).where(eq(table.id, targetId)).limit(1)
      if (!target) throw new NotFound(type === 'event' ? 'Event not found.' : 'Training not found.')
      const fallBack = type === 'event' && chosen.length === 0 && options.noRoleMeansDefault && (await hasEventPingRole(tx))
      const rolesToPing = fallBack ? [DEFAULT_PING_ROLE] : chosen
      if (type === 'event' && rolesToPing.length === 0) throw new Invalid(SELECT_A_ROLE, { rolesToPing: [SELECT_A_ROLE] })
      if (pingTime.getTime() <= (options.now ?? new Date()).getTime()) throw new Invalid('The ping time must be in the future.', { pingTime: ['The ping time must be in the future.'] })
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
      await recordAudit(tx, admin, 'Ping scheduled', `${type === 'event' ? 'Event' : 'Training'} ${target.name}: ${pingTime.toISOString()} in channel ${names.channel(input.channelId!)}.`)
      return toItem(row!)
    },
    { name: 'schedule ping' },
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

/** How long a claimed ping may stay unsent before the dispatcher calls it failed rather than risk a double post. */
const STALE_CLAIM_MS = 2 * 60_000

/**
 * Sends every pending ping whose time has come. Each is claimed (attempted_at) in its own short transaction before
 * Discord is called, so two runners never both send it; a claim left by a crash is marked failed, never re-sent.
 */
export async function dispatchDuePings(services: AppServices, now = new Date()): Promise<{ sent: number; failed: number }> {
  const { db, discord } = services
  await db
    .update(scheduledPings)
    .set({ status: 'failed', error: 'Interrupted while sending; not re-sent to avoid a double post.' })
    .where(and(eq(scheduledPings.status, 'pending'), isNotNull(scheduledPings.attempted_at), lt(scheduledPings.attempted_at, new Date(now.getTime() - STALE_CLAIM_MS))))
  let sent = 0
  let failed = 0
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(scheduledPings)
        .where(and(eq(scheduledPings.status, 'pending'), isNull(scheduledPings.attempted_at), lte(scheduledPings.ping_time, now)))
        .orderBy(asc(scheduledPings.ping_time), asc(scheduledPings.id))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return null
      await tx.update(scheduledPings).set({ attempted_at: sql`now()` }).where(eq(scheduledPings.id, due.id))
      return due
    })
    if (!claimed) break
    const roles = await resolveRoles(db, claimed.roles_to_ping)
    const content = [roles.map((id) => `<@&${id}>`).join(' '), claimed.message_content].filter(Boolean).join('\n')
    const result = await discord.sendMessage(claimed.channel_id, { content, allowedMentions: { roles }, nonce: `ping-${claimed.id}` })
    if (result.ok) {
      sent++
      await db.update(scheduledPings).set({ status: 'sent', sent_at: sql`now()`, discord_message_id: result.data.id }).where(eq(scheduledPings.id, claimed.id))
      await recordAudit(db, SYSTEM_ACTOR, 'Ping sent', `Ping ${claimed.id} to channel ${claimed.channel_id}.`)
    } else {
      failed++
      await db.update(scheduledPings).set({ status: 'failed', error: result.error }).where(eq(scheduledPings.id, claimed.id))
      logger.warn({ msg: 'ping failed', pingId: claimed.id, error: result.error })
    }
  }
  return { sent, failed }
}

/**
 * POST /api/roster/trainings/{id}/post-to-discord and Post Training on Discord: announces the training now, mentioning
 * the cadre roles. The post is the change (Discord has no transaction to join); its audit entry follows it, best
 * effort: once the message is out, a failure to record it is logged and the answer still reports the post.
 */
export async function postTrainingToDiscord(services: AppServices, admin: User, trainingId: number, input: PostTrainingInput) {
  const [training] = await services.db.select().from(trainings).where(eq(trainings.id, trainingId)).limit(1)
  if (!training) throw new NotFound('Training not found.')
  const unix = Math.floor(training.date.getTime() / 1000)
  const content = [
    `📢 **${training.is_bmt_training ? 'BMT: ' : ''}${training.name}**`,
    `🕒 <t:${unix}:F> (<t:${unix}:R>)`,
    training.description ?? '',
    `Cadre: ${input.cadreRoleIds.map((id) => `<@&${id}>`).join(' ')}`,
  ]
    .filter(Boolean)
    .join('\n')
  const result = await services.discord.sendMessage(input.channelId, { content, allowedMentions: { roles: input.cadreRoleIds } })
  if (!result.ok) throw new ServiceError(`Discord refused the post: ${result.error}`, 502)
  await afterCommit('post training', () => recordAudit(services.db, admin, 'Training posted to Discord', `${training.name} in channel ${input.channelId}.`))
  return { message: 'Training posted to Discord.' }
}
