import os from 'node:os'
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { addDays } from '#contracts/leave.ts'
import { activityDigests, type ActivityDigest } from '#db/schema/activity.ts'
import { leaves } from '#db/schema/personnel.ts'
import { members } from '#db/schema/roster.ts'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { chunkLines } from '../orbat/activity.ts'
import { lastLeaveDay } from '../personnel/leave-days.ts'
import { getSetting } from '../settings/settings.ts'
import { getUnitTimeZone } from '../settings/unit-time-zone.ts'
import { singleton } from '../singleton.ts'
import { computeActivity } from './report.ts'

// The weekly activity digest (docs/rules/activity.md, The weekly digest): on Monday morning in the unit's time zone
// the job runner writes the digest of the week that just ended (Monday to Sunday) into activity_digests, keyed by the
// week, so any number of instances write it once; then a sender posts it to the channel of the setting
// activity_digest_channel_id after the commit, exactly once as the channel sees it: claimed with a lease renewed
// while Discord is called, each message recorded as it goes and sent with a nonce of the week and the message, so an
// instance that takes over from one that died resends only the interrupted message, which Discord answers with the
// one it already has (as promotion announcements: docs/decisions/034-promotion-runs-and-their-announcement.md).

/** Mondays at 09:00 on the unit's clock. */
export const DIGEST_JOB_CRON = '0 9 * * 1'
const MESSAGE_CHARS = 1900
/** Names listed per line before "and N more". */
const NAMES_SHOWN = 25
/** A claim's lease, renewed every third of it while Discord is called: a sender that died holds the digest seconds. */
export const DIGEST_LEASE_S = 4
const LEASE_S = DIGEST_LEASE_S
const NONCE_SAFE_S = 120
const INTERRUPTED_TOO_LONG =
  'Interrupted while sending more than 2 minutes ago and not re-sent: it may already be in the channel.'
const RETRY_S = 5
const RETRY_MAX_S = 3600
const MAX_ATTEMPTS = 20
const INSTANCE = `${os.hostname()}:${process.pid}`

const percent = (value: number) => `${Math.round(value * 100)}%`
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

function names(list: readonly string[]): string {
  const shown = list.slice(0, NAMES_SHOWN).join(', ')
  return list.length > NAMES_SHOWN ? `${shown} and ${list.length - NAMES_SHOWN} more` : shown
}

/** The Monday (YYYY-MM-DD, the unit's zone) of the last whole week before `now`. */
export function lastWeekStart(now: Date, zone: string): string {
  return DateTime.fromJSDate(now).setZone(zone).startOf('week').minus({ weeks: 1 }).toISODate()!
}

/** What the channel reads about the week starting `weekStart` (a Monday in the unit's zone). */
export async function digestMessages(services: AppServices, weekStart: string): Promise<string[]> {
  const { db } = services
  const zone = await getUnitTimeZone(db)
  const start = DateTime.fromISO(weekStart, { zone })
  const weekEnd = new Date(start.plus({ weeks: 1 }).toMillis() - 1)
  const lastDay = addDays(weekStart, 6)
  const [week, before, leaveRows] = await Promise.all([
    computeActivity(db, { weeks: 1, now: weekEnd }),
    computeActivity(db, { weeks: 4, now: new Date(start.toMillis() - 1) }),
    db
      .select({
        name: members.ingame_name,
        start_date: leaves.start_date,
        end_date: leaves.end_date,
        ended_at: leaves.ended_at,
      })
      .from(leaves)
      .innerJoin(members, eq(members.id, leaves.member_id))
      .where(
        and(
          eq(leaves.status, 'approved'),
          eq(members.is_banned, false),
          lte(leaves.start_date, lastDay),
          gte(leaves.end_date, weekStart),
        ),
      )
      .orderBy(asc(leaves.start_date), asc(members.ingame_name)),
  ])
  const sum = (data: typeof week) => {
    const attended = data.members.reduce((n, m) => n + m.attended, 0)
    const possible = data.members.reduce((n, m) => n + m.possible, 0)
    return { attended, possible, rate: possible ? attended / possible : null }
  }
  const now = sum(week)
  const then = sum(before)
  const current = week.sessions.filter((s) => s.current)
  const ops = current.filter((s) => s.kind === 'event' && s.held).length
  const trainingsHeld = current.filter((s) => s.kind === 'training' && s.held)
  const trainingsCame = trainingsHeld.reduce(
    (n, s) => n + (week.sessionStats.get(`training:${s.id}`)?.attended ?? 0),
    0,
  )

  const lines = [`📊 **Weekly activity: ${shortDay(weekStart)} – ${shortDay(lastDay)}**`]
  if (now.rate === null) lines.push('Turnout: no operation had attendance recorded.')
  else {
    let change = ''
    if (then.rate !== null) {
      const points = Math.round((now.rate - then.rate) * 100)
      change =
        points === 0
          ? `, the same as the previous 4 weeks (${percent(then.rate)})`
          : `, ${points > 0 ? 'up' : 'down'} ${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'} on the previous 4 weeks (${percent(then.rate)})`
    }
    lines.push(
      `Turnout: **${percent(now.rate)}** (${now.attended} of ${now.possible} possible at ${ops} ${ops === 1 ? 'operation' : 'operations'})${change}.`,
    )
  }
  if (trainingsHeld.length)
    lines.push(
      `Trainings: ${trainingsHeld.length}, ${trainingsCame} ${trainingsCame === 1 ? 'member' : 'members'} attended.`,
    )
  const weekStartMs = start.toMillis()
  const becameInactive = week.members
    .filter(
      (m) => m.inactive_since !== null && m.inactive_since >= weekStartMs && m.inactive_since <= weekEnd.getTime(),
    )
    .map((m) => m.ingame_name)
    .sort((a, b) => a.localeCompare(b))
  lines.push(
    becameInactive.length
      ? `**Became inactive** (no attendance in ${week.inactivityWeeks} ${week.inactivityWeeks === 1 ? 'week' : 'weeks'}): ${names(becameInactive)}`
      : 'Nobody became inactive.',
  )
  const starting = leaveRows.filter((l) => l.start_date >= weekStart)
  const ending = leaveRows.filter((l) => {
    const last = lastLeaveDay(l, zone)
    return last >= weekStart && last <= lastDay && last >= l.start_date
  })
  if (starting.length)
    lines.push(
      `**Leave starting**: ${names(starting.map((l) => `${l.name} (${shortDay(l.start_date)} – ${shortDay(l.end_date)})`))}`,
    )
  if (ending.length) lines.push(`**Leave ending**: ${names(ending.map((l) => l.name))}`)
  return chunkLines(lines, MESSAGE_CHARS)
}

/**
 * The job runner's Monday run: the digest of the week that just ended, written once whatever number of instances
 * run it (the week is the key). Nothing when no digest channel is set. Returns whether this call wrote it.
 */
export async function createWeeklyDigest(services: AppServices, now = new Date()): Promise<boolean> {
  const channel = await getSetting(services.db, 'activity_digest_channel_id')
  if (!channel) return false
  const weekStart = lastWeekStart(now, await getUnitTimeZone(services.db))
  const [exists] = await services.db
    .select({ week: activityDigests.week_start })
    .from(activityDigests)
    .where(eq(activityDigests.week_start, weekStart))
  if (exists) return false
  const messages = await digestMessages(services, weekStart)
  const written = await services.db
    .insert(activityDigests)
    .values({ week_start: weekStart, channel_id: channel, messages })
    .onConflictDoNothing()
    .returning({ week: activityDigests.week_start })
  if (written.length) logger.info({ msg: 'weekly activity digest written', week: weekStart })
  return written.length > 0
}

const sender = singleton('activity:digest-sender', () => ({ running: null as Promise<void> | null, again: false }))

/**
 * Sends every digest whose turn has come (the job runner's tick, and right after the weekly run). One drain at a time
 * in this process; a call while one runs makes it go round once more. Never throws.
 */
export function sendDueDigests(services: AppServices): Promise<void> {
  if (sender.running) {
    sender.again = true
    return sender.running
  }
  const run = (async () => {
    do {
      sender.again = false
      await giveUpLongInterrupted(services)
      for (let claimed = await claimNext(services); claimed; claimed = await claimNext(services))
        await send(services, claimed)
    } while (sender.again)
  })()
    .catch((error: unknown) => logger.warn({ msg: 'activity digest failed', error: describeError(error) }))
    .finally(() => {
      sender.running = null
    })
  sender.running = run
  return run
}

const t = activityDigests
const pending = eq(t.status, 'pending')
const unclaimed = or(isNull(t.claimed_until), lt(t.claimed_until, sql`now()`))

async function giveUpLongInterrupted(services: AppServices) {
  await services.db
    .update(t)
    .set({ status: 'failed', error: INTERRUPTED_TOO_LONG, claimed_until: null })
    .where(and(pending, unclaimed, lt(t.attempted_at, sql`now() - make_interval(secs => ${NONCE_SAFE_S}::int)`)))
}

async function claimNext(services: AppServices): Promise<ActivityDigest | null> {
  const due = services.db
    .select({ week: t.week_start })
    .from(t)
    .where(and(pending, lte(t.due_at, sql`now()`), unclaimed))
    .orderBy(asc(t.due_at), asc(t.week_start))
    .limit(1)
    .for('update', { skipLocked: true })
  const [claimed] = await services.db
    .update(t)
    .set({
      claimed_until: sql`now() + make_interval(secs => ${LEASE_S}::int)`,
      attempted_at: sql`coalesce(${t.attempted_at}, now())`,
    })
    .where(inArray(t.week_start, due))
    .returning()
  if (claimed && claimed.parts_sent > 0)
    logger.info({ msg: 'resuming an activity digest', week: claimed.week_start, by: INSTANCE })
  return claimed ?? null
}

async function send(services: AppServices, digest: ActivityDigest): Promise<void> {
  const mine = and(eq(t.week_start, digest.week_start), pending)
  for (let part = digest.parts_sent; part < digest.messages.length; part++) {
    const result = await holdingClaim(services, digest.week_start, () =>
      services.discord.sendMessage(digest.channel_id, {
        content: digest.messages[part]!,
        nonce: `digest-${digest.week_start}-${part}`,
        allowedMentions: { parse: [] },
      }),
    )
    if (result.ok) {
      await services.db
        .update(t)
        .set({ parts_sent: part + 1, attempted_at: null, attempts: 0 })
        .where(mine)
      continue
    }
    // Discord down: tried again later with back-off; a refusal (the channel is gone, no access) is given up.
    const outage =
      services.discord.configured && (result.status === undefined || result.status === 429 || result.status >= 500)
    if (outage && digest.attempts + 1 < MAX_ATTEMPTS) {
      await services.db
        .update(t)
        .set({
          claimed_until: null,
          attempted_at: null,
          attempts: sql`${t.attempts} + 1`,
          due_at: sql`now() + make_interval(secs => least(${RETRY_S}::int * power(2, ${t.attempts}), ${RETRY_MAX_S}::int))`,
          error: result.error,
        })
        .where(mine)
    } else {
      await services.db.update(t).set({ status: 'failed', claimed_until: null, error: result.error }).where(mine)
    }
    logger.warn({ msg: 'activity digest not sent', week: digest.week_start, error: result.error })
    return
  }
  await services.db
    .update(t)
    .set({ status: 'sent', sent_at: sql`now()`, claimed_until: null, attempted_at: null, error: null })
    .where(mine)
}

async function holdingClaim<T>(services: AppServices, week: string, work: () => Promise<T>): Promise<T> {
  const renew = () =>
    services.db
      .update(t)
      .set({ claimed_until: sql`now() + make_interval(secs => ${LEASE_S}::int)` })
      .where(and(eq(t.week_start, week), pending))
      .catch((error: unknown) => logger.warn({ msg: 'digest claim not renewed', week, error: describeError(error) }))
  const timer = setInterval(renew, (LEASE_S * 1000) / 3)
  try {
    return await work()
  } finally {
    clearInterval(timer)
  }
}
