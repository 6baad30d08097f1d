import os from 'node:os'
import type { Agenda } from 'agenda'
import { lt } from 'drizzle-orm'
import { sessions } from '#db/schema/users-sessions.ts'
import type { AppServices } from '#server/context.ts'
import { describeError } from '#server/error-text.ts'
import { logger } from '#server/logger.ts'
import { dispatchDuePings } from '#server/discord/pings.ts'
import { applyReconcile } from '#server/role-sync/reconcile.ts'
import { drainRoleSyncs } from '#server/role-sync/queue.ts'
import { drainDiscordEvents, reconcileDiscordEvents } from '#server/discord/scheduled-events.ts'
import { announceDueRuns } from '#server/discord/promotion-announcements.ts'
import { getUnitTimeZone, onUnitTimeZoneChange } from '#server/unit/time-zone.ts'
import { runUnlockFill } from '#server/orbat/sign-ups.ts'
import { SYSTEM_ACTOR } from '#server/audit/audit.ts'
import { runPromotions } from '#server/roster/promotions.ts'
import { PROMOTION_JOB_CRON } from '#server/roster/promotions.ts'
import { turnLeaveDay } from '#server/leave/leave.ts'
import { freezeDueOperations } from '#server/orbat/snapshots.ts'
import { releaseDueReservations } from '#server/allies/release.ts'
import { pruneVersions } from '#server/orbat/history.ts'
import { createWeeklyDigest, DIGEST_JOB_CRON, sendDueDigests } from '#server/activity/digest.ts'
import { sendDueNotifications, startNotificationSender } from '#server/notifications/sender.ts'
import { runQueuedBackups, runScheduledBackup } from '#server/backups/runs.ts'
import { sendDueWebhooks, startWebhookSender } from '#server/webhooks/sender.ts'
import { createAgenda, renewingLock } from './agenda.ts'

/** Job names: jobs call server/<domain> services and nothing else. */
export const JOBS = {
  cleanupSessions: 'sessions.cleanup',
  unlockFill: 'waitlist.unlock-fill',
  weeklyPromotions: 'roster.weekly-promotions',
  dispatchPings: 'discord.dispatch-pings',
  reconcileRoles: 'discord.reconcile-roles',
  syncRoles: 'discord.sync-roles',
  syncDiscordEvents: 'discord.sync-scheduled-events',
  reconcileDiscordEvents: 'discord.reconcile-scheduled-events',
  leaveDayTurn: 'personnel.leave-day-turn',
  announcePromotions: 'discord.announce-promotions',
  freezeOperations: 'orbat.freeze-operations',
  releaseReservations: 'allies.release-reservations',
  pruneVersions: 'orbat.prune-versions',
  weeklyDigest: 'activity.weekly-digest',
  sendDigests: 'discord.send-activity-digests',
  sendNotifications: 'notifications.send',
  sendWebhooks: 'webhooks.send',
  scheduledBackup: 'backups.scheduled',
  queuedBackups: 'backups.run-queued',
} as const

/**
 * The ping dispatcher's lock, renewed while it runs: a dispatcher that died holds the next one back seconds, not the
 * minute other jobs wait, so an interrupted ping is resent soon. Longer than a ping's lease (PING_LEASE_MS), so the
 * run that takes over finds the dead sender's claims expired.
 */
const DISPATCH_LOCK_LIFETIME_MS = 6_000

/** The operation freeze's lock, renewed while it runs (see the dispatcher's above). */
const FREEZE_LOCK_LIFETIME_MS = 6_000
/** The digest sender's lock, as the ping dispatcher's: longer than a digest's claim (DIGEST_LEASE_S). */
const DIGEST_LOCK_LIFETIME_MS = 6_000

/** The nightly role reconcile: 04:00 in the unit's time zone (setting unit_time_zone). */
const RECONCILE_JOB_CRON = '0 4 * * *'
/** The nightly scheduled-event reconcile: 04:30 in the unit's time zone, after the roles'. */
const EVENTS_RECONCILE_JOB_CRON = '30 4 * * *'
/** Leave that starts or ends by the calendar: at midnight in the unit's time zone. */
const LEAVE_DAY_JOB_CRON = '0 0 * * *'

export function defineJobs(agenda: Agenda, services: AppServices) {
  // When the sign-up lock ends, the waitlist fills open slots even if nobody signs up (a sign-up runs it first too).
  agenda.define(JOBS.unlockFill, async () => {
    await runUnlockFill(services)
  })
  // Every Monday 01:00 in the unit's time zone (docs/rules/roster.md, Promotions), the same run as an admin's
  // (announced and synced), as System.
  agenda.define(JOBS.weeklyPromotions, async () => {
    const run = await runPromotions(services, SYSTEM_ACTOR)
    logger.info({ msg: 'weekly promotions run', promoted: run.promotedMembers.length })
  })
  // Scheduled pings go out when their time has come (checked every 10 s; each is claimed before it is sent).
  agenda.define(
    JOBS.dispatchPings,
    (job) =>
      renewingLock(job, DISPATCH_LOCK_LIFETIME_MS, async () => {
        const { sent, failed } = await dispatchDuePings(services)
        if (sent || failed) logger.info({ msg: 'pings dispatched', sent, failed })
      }),
    { lockLifetime: DISPATCH_LOCK_LIFETIME_MS },
  )
  // Discord's managed roles made to match the roster (the admin's Sync now, unattended).
  agenda.define(JOBS.reconcileRoles, async () => {
    if (!services.discord.configured) return
    const result = await applyReconcile(services, SYSTEM_ACTOR, 'Nightly role reconcile')
    logger.info({ msg: 'nightly role reconcile', ...result })
  })
  // Leave that starts today or ended yesterday: its members' leave role and LOA badges follow (docs/rules/personnel.md).
  agenda.define(JOBS.leaveDayTurn, async () => {
    const members = await turnLeaveDay(services)
    if (members) logger.info({ msg: 'leave day turned', members })
  })
  // Queued role syncs (server/role-sync/queue.ts): retries after a failure, and what a crashed process left.
  agenda.define(JOBS.syncRoles, () => drainRoleSyncs(services))
  // Queued Discord scheduled events (server/discord/scheduled-events.ts): retries after a failure, and what a crashed
  // process left; nightly, the drift repair (a Discord event deleted by hand).
  agenda.define(JOBS.syncDiscordEvents, () => drainDiscordEvents(services))
  agenda.define(JOBS.reconcileDiscordEvents, async () => {
    const result = await reconcileDiscordEvents(services)
    logger.info({ msg: 'nightly scheduled event reconcile', ...result })
  })
  // Promotion announcements (server/discord/promotion-announcements.ts): what Discord did not take, and what a crashed
  // process left half sent.
  agenda.define(JOBS.announcePromotions, () => announceDueRuns(services))
  // Linked events that have started get their ORBAT frozen (docs/rules/orbat-history.md); the snapshot's key makes it
  // once per event whichever instance runs it, and a run a crash cut short is taken by the next.
  // Its lock is short and renewed, as the ping dispatcher's: a runner that died mid-freeze holds the next one back
  // seconds, not a minute.
  agenda.define(
    JOBS.freezeOperations,
    (job) =>
      renewingLock(job, FREEZE_LOCK_LIFETIME_MS, async () => {
        const frozen = await freezeDueOperations(services)
        if (frozen.length) logger.info({ msg: 'operation ORBATs frozen', events: frozen })
      }),
    { lockLifetime: FREEZE_LOCK_LIFETIME_MS },
  )
  // Reservations for allied units whose release time has come: announced once per operation (the sign-up rules
  // already read the clock), the waitlist fills the slots that opened (docs/rules/joint-operations.md).
  agenda.define(JOBS.releaseReservations, async () => {
    const released = await releaseDueReservations(services)
    if (released.length) logger.info({ msg: 'allied reservations released', units: released })
  })
  // ORBAT versions older than the kept days (setting orbat_history_days, a year by default).
  agenda.define(JOBS.pruneVersions, async () => {
    const removed = await pruneVersions(services.db)
    if (removed) logger.info({ msg: 'old ORBAT versions removed', count: removed })
  })
  // The weekly activity digest (server/activity/digest.ts): written once per week, Mondays 09:00 in the unit's zone,
  // then sent; the send tick also finishes what a crashed process left half sent.
  agenda.define(JOBS.weeklyDigest, async () => {
    if (await createWeeklyDigest(services)) await sendDueDigests(services)
  })
  agenda.define(JOBS.sendDigests, (job) => renewingLock(job, DIGEST_LOCK_LIFETIME_MS, () => sendDueDigests(services)), {
    lockLifetime: DIGEST_LOCK_LIFETIME_MS,
  })
  // Notifications (server/notifications/sender.ts): the tick behind the sender's own wake-ups, and what a crashed
  // sender left claimed.
  agenda.define(JOBS.sendNotifications, () => sendDueNotifications(services))
  // Outgoing webhooks (server/webhooks/sender.ts): the tick behind the sender's own wake-ups.
  agenda.define(JOBS.sendWebhooks, () => sendDueWebhooks(services))
  // Backups (docs/rules/backups.md): on BACKUP_SCHEDULE in the unit's zone, and an admin's Back up now (queued; the
  // instance that took the request starts on it at once, this tick picks up what a stopped instance left queued).
  agenda.define(JOBS.scheduledBackup, () => runScheduledBackup(services))
  agenda.define(JOBS.queuedBackups, async () => {
    await runQueuedBackups(services)
  })
  agenda.define(JOBS.cleanupSessions, async () => {
    const removed = await services.db
      .delete(sessions)
      .where(lt(sessions.expires_at, new Date()))
      .returning({ id: sessions.id })
    if (removed.length) logger.info({ msg: 'expired sessions removed', count: removed.length })
  })
}

export interface RunningJobs {
  agenda: Agenda
  stop: () => Promise<void>
}

/** Starts the in-process job runner and its recurring jobs. */
export async function startJobs(services: AppServices, databaseUrl: string): Promise<RunningJobs> {
  const runner = createAgenda({
    databaseUrl,
    mongodbUrl: services.config.mongodbUrl,
    name: `${os.hostname()}:${process.pid}`,
  })
  const { agenda } = runner
  agenda.on('error', (error: unknown) => logger.error({ msg: 'job runner error', error: describeError(error) }))
  defineJobs(agenda, services)
  await agenda.start()
  await agenda.every('1 day', JOBS.cleanupSessions, {}, { skipImmediate: true })
  await agenda.every('15 seconds', JOBS.unlockFill)
  await agenda.every('10 seconds', JOBS.dispatchPings)
  await agenda.every('10 seconds', JOBS.syncRoles)
  await agenda.every('10 seconds', JOBS.syncDiscordEvents)
  await agenda.every('10 seconds', JOBS.announcePromotions)
  await agenda.every('5 seconds', JOBS.freezeOperations)
  await agenda.every('15 seconds', JOBS.releaseReservations)
  await agenda.every('1 day', JOBS.pruneVersions, {}, { skipImmediate: true })
  await agenda.every('10 seconds', JOBS.sendDigests)
  await agenda.every('10 seconds', JOBS.sendNotifications)
  await agenda.every('10 seconds', JOBS.sendWebhooks)
  await agenda.every('30 seconds', JOBS.queuedBackups, {}, { skipImmediate: true })
  // Woken at every commit that queues a notification, on any instance, so a placement is heard of within seconds.
  const stopSender = await startNotificationSender(services)
  // Woken likewise at every commit that writes webhook deliveries.
  const stopWebhooks = await startWebhookSender(services)
  const backupSchedule = services.config.backups.schedule
  await scheduleUnitClockJobs(agenda, await getUnitTimeZone(services.db), backupSchedule)
  const stopFollowing = onUnitTimeZoneChange((zone) => scheduleUnitClockJobs(agenda, zone, backupSchedule))
  return {
    agenda,
    stop: async () => {
      stopFollowing()
      await stopSender()
      await stopWebhooks()
      await runner.stop()
    },
  }
}

/**
 * The jobs on the unit's clock, (re)scheduled in its zone. Agenda keeps one record per recurring job name and
 * updates its zone and next run, so every instance sees the change.
 */
async function scheduleUnitClockJobs(agenda: Agenda, zone: string, backupSchedule: string | null) {
  const options = { timezone: zone, skipImmediate: true }
  await agenda.every(PROMOTION_JOB_CRON, JOBS.weeklyPromotions, undefined, options)
  await agenda.every(RECONCILE_JOB_CRON, JOBS.reconcileRoles, undefined, options)
  await agenda.every(EVENTS_RECONCILE_JOB_CRON, JOBS.reconcileDiscordEvents, undefined, options)
  await agenda.every(LEAVE_DAY_JOB_CRON, JOBS.leaveDayTurn, undefined, options)
  await agenda.every(DIGEST_JOB_CRON, JOBS.weeklyDigest, undefined, options)
  if (backupSchedule) await agenda.every(backupSchedule, JOBS.scheduledBackup, undefined, options)
  else await agenda.cancel({ name: JOBS.scheduledBackup })
}
