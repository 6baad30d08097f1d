import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { addDays } from '#contracts/leave.ts'
import { activityDigests, type ActivityDigest } from '#db/schema/activity.ts'
import { leaves } from '#db/schema/personnel.ts'
import { members } from '#db/schema/roster.ts'
import type { AppServices } from '../context.ts'
import { logger } from '../logger.ts'
import { channelPostSender } from '../discord/channel-posts.ts'
import { chunkLines } from '../discord/activity-channel.ts'
import { lastLeaveDay } from '../leave/days.ts'
import { getSetting } from '../unit/settings.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { getUnitLanguage } from '../unit/language.ts'
import { translate } from '../lib/i18n.ts'
import { intlLocale, type PageLanguage } from '#contracts/languages.ts'
import { computeActivity } from './report.ts'

// The weekly activity digest (docs/rules/activity.md, The weekly digest): on Monday morning in the unit's time zone
// the job runner writes the digest of the week that just ended (Monday to Sunday) into activity_digests, keyed by the
// week, so any number of instances write it once; then a sender posts it to the channel of the setting
// activity_digest_channel_id after the commit, exactly once as the channel sees it (the row is a queue of channel posts:
// server/discord/channel-posts.ts).

/** Mondays at 09:00 on the unit's clock. */
export const DIGEST_JOB_CRON = '0 9 * * 1'
const MESSAGE_CHARS = 1900
/** Names listed per line before "and N more". */
const NAMES_SHOWN = 25
/** A claim's lease, renewed every third of it while Discord is called: a sender that died holds the digest seconds. */
export const DIGEST_LEASE_S = 4

/** The digest's words in one language (the unit's: docs/rules/languages.md), its numbers and days as it writes them. */
function wordsOf(language: PageLanguage) {
  const locale = intlLocale(language)
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const say = (key: string, values?: Record<string, string | number>) =>
    translate(language, `channel.digest.${key}`, values)
  return {
    say,
    percent: (value: number) => percentFormat.format(value),
    shortDay: (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)),
    names: (list: readonly string[]) => {
      const shown = list.slice(0, NAMES_SHOWN).join(', ')
      return list.length > NAMES_SHOWN ? say('more', { names: shown, count: list.length - NAMES_SHOWN }) : shown
    },
  }
}

/** The Monday (YYYY-MM-DD, the unit's zone) of the last whole week before `now`. */
export function lastWeekStart(now: Date, zone: string): string {
  return DateTime.fromJSDate(now).setZone(zone).startOf('week').minus({ weeks: 1 }).toISODate()!
}

/** What the channel reads about the week starting `weekStart` (a Monday in the unit's zone). */
export async function digestMessages(services: AppServices, weekStart: string): Promise<string[]> {
  const { db } = services
  const [zone, language] = await Promise.all([getUnitTimeZone(db), getUnitLanguage(db)])
  const { say, percent, shortDay, names } = wordsOf(language)
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

  const lines = [say('title', { from: shortDay(weekStart), to: shortDay(lastDay) })]
  if (now.rate === null) lines.push(say('noTurnout'))
  else {
    let change = ''
    if (then.rate !== null) {
      const points = Math.round((now.rate - then.rate) * 100)
      const before = percent(then.rate)
      change =
        points === 0 ? say('same', { before }) : say(points > 0 ? 'up' : 'down', { points: Math.abs(points), before })
    }
    lines.push(say('turnout', { rate: percent(now.rate), attended: now.attended, possible: now.possible, ops, change }))
  }
  if (trainingsHeld.length) lines.push(say('trainings', { count: trainingsHeld.length, came: trainingsCame }))
  const weekStartMs = start.toMillis()
  const becameInactive = week.members
    .filter(
      (m) => m.inactive_since !== null && m.inactive_since >= weekStartMs && m.inactive_since <= weekEnd.getTime(),
    )
    .map((m) => m.ingame_name)
    .sort((a, b) => a.localeCompare(b))
  lines.push(
    becameInactive.length
      ? say('inactive', { weeks: week.inactivityWeeks, names: names(becameInactive) })
      : say('noneInactive'),
  )
  const starting = leaveRows.filter((l) => l.start_date >= weekStart)
  const ending = leaveRows.filter((l) => {
    const last = lastLeaveDay(l, zone)
    return last >= weekStart && last <= lastDay && last >= l.start_date
  })
  if (starting.length) {
    const dated = starting.map((l) =>
      say('leaveDates', { name: l.name, from: shortDay(l.start_date), to: shortDay(l.end_date) }),
    )
    lines.push(say('leaveStarting', { names: names(dated) }))
  }
  if (ending.length) lines.push(say('leaveEnding', { names: names(ending.map((l) => l.name)) }))
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

const sender = channelPostSender<ActivityDigest>({
  what: 'activity digest',
  table: activityDigests,
  columns: {
    key: activityDigests.week_start,
    status: activityDigests.status,
    partsSent: activityDigests.parts_sent,
    attempts: activityDigests.attempts,
    dueAt: activityDigests.due_at,
    claimedUntil: activityDigests.claimed_until,
    attemptedAt: activityDigests.attempted_at,
    sentAt: activityDigests.sent_at,
    error: activityDigests.error,
  },
  leaseS: DIGEST_LEASE_S,
  posts: (digest) => ({
    channelId: digest.channel_id,
    messages: digest.messages,
    nonce: (part) => `digest-${digest.week_start}-${part}`,
    allowedMentions: { parse: [] },
  }),
})

/** Sends every digest whose turn has come (the job runner's tick, and right after the weekly run). Never throws. */
export function sendDueDigests(services: AppServices): Promise<void> {
  return sender.sendDue(services)
}
