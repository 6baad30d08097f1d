// Calendar feeds over real HTTP (docs/rules/api.md, Calendar feeds), read back with an independent parser (ical.js,
// Mozilla's): the unit feed and a personal feed hold the right entries in the unit's zone, an edited event keeps its
// UID, and a regenerated personal URL stops the old one.
import { sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { settings } from '#db/schema/settings.ts'
import { calendarFeeds } from '#db/schema/api-tokens.ts'
import { events, trainings } from '#db/schema/roster.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { addMember, loginDemos, resetOrbat, setSignupTime, type LoggedIn } from '#tests/harness/orbat.ts'
import { hashToken } from '../auth/api-token.ts'
import { SIGNUP_REMINDER_MINUTES } from './calendar.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.delete(events)
  await t.database.db.delete(trainings)
  await t.database.db.delete(calendarFeeds)
})

const db = () => t.database.db
const host = () => new URL(t.url).host

interface ParsedEntry {
  uid: string
  summary: string
  start: Date
  zone: string
  alarms: string[]
}

/** Parses a feed with ical.js, its VTIMEZONE registered so local times resolve to instants. */
function parse(text: string): { zone: string | null; entries: ParsedEntry[] } {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vtimezone = calendar.getFirstSubcomponent('vtimezone')
  if (vtimezone) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone))
  const entries = calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      zone: String(v.getFirstProperty('dtstart')?.getParameter('tzid') ?? 'UTC'),
      alarms: v.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger'))),
    }
  })
  return { zone: vtimezone ? String(vtimezone.getFirstPropertyValue('tzid')) : null, entries }
}

async function fetchFeed(path: string) {
  // Calendar apps send no cookies.
  const response = await fetch(new URL(path, t.url))
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() }
}

async function addEvent(name: string, date: string) {
  const response = await admin.client.postJson('/api/roster/events', { name, date })
  expect(response.status).toBe(201)
  return ((await response.json()) as { event: { id: number } }).event.id
}

async function addTraining(name: string, date: string, hidden = false) {
  const response = await admin.client.postJson('/api/roster/trainings', {
    name,
    date,
    is_hidden: hidden,
    description: `${name} drills`,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { training: { id: number } }).training.id
}

const FEED_PATH = /\/calendar\/personal\/[A-Za-z0-9_-]{43}\.ics/

async function personalFeedPath(client: LoggedIn['client'], confirmed = true) {
  const made = await client.postForm('/account', {
    intent: 'calendar-feed',
    _form: 'calendar',
    confirmed: confirmed ? 'yes' : '',
  })
  // The URL is in this answer only: the server keeps its hash, and the account page never shows it again.
  expect(made.status).toBe(200)
  const path = FEED_PATH.exec(await made.text())?.[0] ?? null
  expect(FEED_PATH.exec(await (await client.get('/account')).text())).toBeNull()
  return path
}

describe('/calendar/unit.ics', () => {
  it("holds the events and visible trainings at their instants, in the unit's zone with its VTIMEZONE", async () => {
    const op = await addEvent('Operation Thunder', '2030-07-04T00:00:00Z')
    const training = await addTraining('Breaching', '2030-07-01T18:30:00Z')
    await addTraining('Cadre only', '2030-07-02T18:30:00Z', true)

    const feed = await fetchFeed('/calendar/unit.ics')
    expect(feed.status).toBe(200)
    expect(feed.type).toMatch(/^text\/calendar/)
    const { zone, entries } = parse(feed.text)
    expect(zone).toBe('America/New_York')
    expect(entries).toHaveLength(2)
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          uid: `event-${op}@${host()}`,
          summary: 'Operation Thunder',
          start: new Date('2030-07-04T00:00:00Z'),
          zone: 'America/New_York',
          alarms: [],
        },
        {
          uid: `training-${training}@${host()}`,
          summary: 'Training: Breaching',
          start: new Date('2030-07-01T18:30:00Z'),
          zone: 'America/New_York',
          alarms: [],
        },
      ]),
    )
    // The wall clock in the feed is New York's (EDT, UTC-4), not UTC.
    expect(feed.text).toContain('DTSTART;TZID=America/New_York:20300703T200000')
  })

  it('follows the unit_time_zone setting', async () => {
    await db().insert(settings).values({ key: 'unit_time_zone', value: 'Europe/Berlin' })
    await addEvent('Operation Winter', '2030-01-10T19:00:00Z')
    const { zone, entries } = parse((await fetchFeed('/calendar/unit.ics')).text)
    expect(zone).toBe('Europe/Berlin')
    expect(entries[0]).toMatchObject({ zone: 'Europe/Berlin', start: new Date('2030-01-10T19:00:00Z') })
  })

  it('keeps an edited event under the same UID, moved', async () => {
    const op = await addEvent('Operation Thunder', '2030-07-04T00:00:00Z')
    const before = parse((await fetchFeed('/calendar/unit.ics')).text).entries
    const edit = await admin.client.postJson(
      `/api/roster/events/${op}`,
      { name: 'Operation Lightning', date: '2030-07-11T00:00:00Z' },
      { method: 'PUT' },
    )
    expect(edit.status).toBe(200)
    const after = parse((await fetchFeed('/calendar/unit.ics')).text).entries
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({
      uid: before[0]!.uid,
      summary: 'Operation Lightning',
      start: new Date('2030-07-11T00:00:00Z'),
    })
  })
})

describe('the personal feed', () => {
  it('holds the events, only the trainings its owner signed up to, and when sign-ups open with a reminder', async () => {
    await addMember(db(), reyes.discordId)
    const op = await addEvent('Operation Thunder', '2030-07-04T00:00:00Z')
    const mine = await addTraining('Breaching', '2030-07-01T18:30:00Z')
    await addTraining('Medical', '2030-07-02T18:30:00Z')
    expect((await reyes.client.postJson(`/api/roster/trainings/${mine}/signup`, {})).status).toBe(200)
    const opens = new Date('2030-06-28T22:00:00Z')
    await setSignupTime(db(), opens)

    const path = await personalFeedPath(reyes.client)
    expect(path).not.toBeNull()
    const feed = await fetchFeed(path!)
    expect(feed.status).toBe(200)
    const { entries } = parse(feed.text)
    expect(entries.map((e) => e.uid).sort()).toEqual(
      [`event-${op}@${host()}`, `signups-open@${host()}`, `training-${mine}@${host()}`].sort(),
    )
    expect(entries.find((e) => e.uid.startsWith('signups-open'))).toMatchObject({
      summary: 'ORBAT sign-ups open',
      start: opens,
      zone: 'America/New_York',
      alarms: [`-PT${SIGNUP_REMINDER_MINUTES}M`],
    })
  })

  it('stops answering at its old URL once regenerated; regenerating needs a confirmation', async () => {
    const first = await personalFeedPath(reyes.client)
    expect((await fetchFeed(first!)).status).toBe(200)

    const unconfirmed = await reyes.client.postForm('/account', { intent: 'calendar-feed', _form: 'calendar' })
    expect(unconfirmed.status).toBe(302)
    expect(unconfirmed.headers.get('location')).toContain('confirm=calendar-feed')
    expect((await fetchFeed(first!)).status).toBe(200)

    const second = await personalFeedPath(reyes.client)
    expect(second).not.toBe(first)
    expect((await fetchFeed(first!)).status).toBe(404)
    expect((await fetchFeed(second!)).status).toBe(200)
    expect((await fetchFeed('/calendar/personal/not-a-secret.ics')).status).toBe(404)
  })

  it('is kept as a hash: the secret in the URL is nowhere in the database', async () => {
    const path = await personalFeedPath(reyes.client)
    const secret = /personal\/(.+)\.ics/.exec(path!)![1]!
    const [row] = await db().select().from(calendarFeeds)
    expect(row).toBeDefined()
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(Object.keys(row!)).not.toContain('secret')
  })

  it('keeps the URLs made before secrets were hashed: the migration hashes as the lookup does', async () => {
    const secret = 'a-secret-stored-in-plain-text-before-0011'
    const [row] = (await db().execute(
      sql`select encode(sha256(convert_to(${secret}, 'UTF8')), 'hex') as hash`,
    )) as unknown as Array<{ hash: string }>
    expect(row!.hash).toBe(hashToken(secret))
  })
})
