import crypto from 'node:crypto'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { eq } from 'drizzle-orm'
import ical, { ICalAlarmType } from 'ical-generator'
import { DateTime } from 'luxon'
import type { DbOrTx } from '#db/client.ts'
import { calendarFeeds } from '#db/schema/api-tokens.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { hashToken } from '../auth/api-token.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { eventsSince } from '../roster/events.ts'
import { listPublicTrainings, visibleTrainingsSince } from '../roster/trainings.ts'
import { getSetting } from '../unit/settings.ts'
import { isValidTimeZone } from '../lib/time-lock.ts'
import { runTransaction } from '../transaction.ts'

// Calendar feeds (docs/rules/api.md), written by ical-generator (RFC 5545) in the unit's time zone with its VTIMEZONE:
// /calendar/unit.ics (events and visible trainings) and each person's secret feed (the events, their trainings, and the
// moment ORBAT sign-ups open, with a reminder). UIDs are the record's kind and id at this app's host, so an edit moves
// the entry in every subscribed calendar instead of adding a second one.

const DEFAULT_UNIT_TIME_ZONE = 'America/New_York'
/** Entries that ended this long ago drop out of the feeds. */
const CALENDAR_PAST_DAYS = 60
/** Events and trainings have a start only; calendars need an end. */
const DURATION_MINUTES = { event: 180, training: 90, signupsOpen: 15 } as const
/** The personal feed's reminder before sign-ups open. */
export const SIGNUP_REMINDER_MINUTES = 15

interface Entry {
  uid: string
  start: Date
  minutes: number
  summary: string
  description: string
  url: string
  reminderMinutes?: number
}

interface CalendarContext {
  appUrl: string
  host: string
  zone: string
  since: Date
}

async function contextOf(services: AppServices, now: Date): Promise<CalendarContext> {
  const configured = (await getSetting(services.db, 'unit_time_zone')) || DEFAULT_UNIT_TIME_ZONE
  const zone = isValidTimeZone(configured) && getVtimezoneComponent(configured) ? configured : 'UTC'
  const appUrl = services.config.appUrl
  return { appUrl, host: new URL(appUrl).host, zone, since: new Date(now.getTime() - CALENDAR_PAST_DAYS * 86_400_000) }
}

/** Feeds rendered lately, by what they hold: calendar apps ask again and again for a feed that has not changed. */
const RENDERED_MAX = 64
const rendered = new Map<string, string>()

/** The feed's text: rendered again only when what it holds changed (its DTSTAMPs say when it last did). */
function render(ctx: CalendarContext, name: string, entries: Entry[]): string {
  const key = JSON.stringify([ctx.appUrl, ctx.zone, name, entries])
  let text = rendered.get(key)
  if (text === undefined) {
    text = renderNow(ctx, name, entries)
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!)
    rendered.set(key, text)
  }
  return text
}

function renderNow(ctx: CalendarContext, name: string, entries: Entry[]): string {
  const calendar = ical({
    name,
    prodId: { company: 'Task Force HQ', product: 'calendar', language: 'EN' },
    url: ctx.appUrl,
    ttl: 60 * 60,
    ...(ctx.zone === 'UTC' ? {} : { timezone: { name: ctx.zone, generator: getVtimezoneComponent } }),
  })
  const local = (date: Date) => DateTime.fromJSDate(date).setZone(ctx.zone)
  for (const entry of entries) {
    const event = calendar.createEvent({
      id: entry.uid,
      start: local(entry.start),
      end: local(new Date(entry.start.getTime() + entry.minutes * 60_000)),
      ...(ctx.zone === 'UTC' ? {} : { timezone: ctx.zone }),
      summary: entry.summary,
      description: entry.description,
      url: entry.url,
    })
    if (entry.reminderMinutes)
      event.createAlarm({
        type: ICalAlarmType.display,
        trigger: entry.reminderMinutes * 60,
        description: entry.summary,
      })
  }
  return calendar.toString()
}

async function eventEntries(services: AppServices, ctx: CalendarContext): Promise<Entry[]> {
  // The window is the query's: the feed never reads the unit's whole history.
  const events = await eventsSince(services.db, ctx.since)
  return events.map((e) => ({
    uid: `event-${e.id}@${ctx.host}`,
    start: new Date(e.date),
    minutes: DURATION_MINUTES.event,
    summary: e.name,
    description: `Unit operation: attending counts toward your event score.\nORBAT and sign-ups: ${ctx.appUrl}/orbat`,
    url: `${ctx.appUrl}/orbat`,
  }))
}

function trainingEntry(
  ctx: CalendarContext,
  t: { id: number; name: string; description: string | null; date: string; is_bmt_training: boolean },
): Entry {
  return {
    uid: `training-${t.id}@${ctx.host}`,
    start: new Date(t.date),
    minutes: DURATION_MINUTES.training,
    summary: t.is_bmt_training ? `BMT: ${t.name}` : `Training: ${t.name}`,
    description: `${t.description ? `${t.description}\n\n` : ''}Sign up or leave: ${ctx.appUrl}/trainings`,
    url: `${ctx.appUrl}/trainings`,
  }
}

/** GET /calendar/unit.ics: the unit's events and visible trainings. */
export async function unitCalendar(services: AppServices, now = new Date()): Promise<string> {
  const ctx = await contextOf(services, now)
  const [events, trainings] = await Promise.all([
    eventEntries(services, ctx),
    visibleTrainingsSince(services.db, ctx.since),
  ])
  return render(ctx, 'Unit calendar', [...events, ...trainings.map((t) => trainingEntry(ctx, t))])
}

/**
 * A personal feed: the events, the trainings its owner signed up to, and when ORBAT sign-ups open. 404 for an unknown
 * secret, and for a banned member's.
 */
export async function personalCalendar(services: AppServices, secret: string, now = new Date()): Promise<string> {
  const [row] = await services.db
    .select({ user: users, banned: members.is_banned })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.user_id))
    .leftJoin(members, eq(members.discord_id, users.discord_id))
    .where(eq(calendarFeeds.secret_hash, hashToken(secret)))
    .limit(1)
  // A banned member's feed is gone while the ban lasts, as their API tokens are (docs/security.md).
  if (!row || row.banned) throw new NotFound('Calendar feed not found.')
  const ctx = await contextOf(services, now)
  const trainings = (await listPublicTrainings(services.db, row.user, now)).filter((t) => t.is_signed_up)
  const entries = [...(await eventEntries(services, ctx)), ...trainings.map((t) => trainingEntry(ctx, t))]
  const opens = await getSetting(services.db, 'signup_time')
  if (opens && new Date(opens) >= ctx.since) {
    entries.push({
      uid: `signups-open@${ctx.host}`,
      start: new Date(opens),
      minutes: DURATION_MINUTES.signupsOpen,
      summary: 'ORBAT sign-ups open',
      description: `The time lock ends: slots can be taken (the waitlist fills first).\n${ctx.appUrl}/orbat`,
      url: `${ctx.appUrl}/orbat`,
      reminderMinutes: SIGNUP_REMINDER_MINUTES,
    })
  }
  return render(ctx, `Unit calendar: ${row.user.display_name || row.user.username}`, entries)
}

/** The path of a personal feed. */
function personalFeedPath(secret: string): string {
  return `/calendar/personal/${secret}.ics`
}

/** Whether the person has a feed, and since when. Its URL is not kept: it was shown once, when it was made. */
export async function calendarFeedOf(db: DbOrTx, user: Pick<User, 'id'>): Promise<{ created_at: string } | null> {
  const [row] = await db
    .select({ created_at: calendarFeeds.created_at })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.user_id, user.id))
    .limit(1)
  return row ? { created_at: row.created_at.toISOString() } : null
}

/**
 * Creates the person's feed, or gives it a new secret: the old URL stops working at once. The answer holds the URL's
 * path, the only time it is known: only the secret's hash is stored.
 */
export async function regenerateCalendarFeed(
  services: AppServices,
  user: User,
): Promise<{ path: string; replaced: boolean }> {
  const secret = crypto.randomBytes(32).toString('base64url')
  return runTransaction(
    services,
    async (tx) => {
      const [before] = await tx
        .select({ id: calendarFeeds.user_id })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.user_id, user.id))
        .for('update')
        .limit(1)
      await tx
        .insert(calendarFeeds)
        .values({ user_id: user.id, secret_hash: hashToken(secret) })
        .onConflictDoUpdate({
          target: calendarFeeds.user_id,
          set: { secret_hash: hashToken(secret), created_at: new Date() },
        })
      await recordAudit(tx, user, before ? 'Calendar feed URL regenerated' : 'Calendar feed created')
      return { path: personalFeedPath(secret), replaced: Boolean(before) }
    },
    { name: 'regenerate calendar feed', changes: [] },
  )
}
