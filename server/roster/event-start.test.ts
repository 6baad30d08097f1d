// Events start at a date-time (docs/rules/roster.md, Events and attendance) over real HTTP on real PostgreSQL, with the
// job runner: the API takes an ISO date-time, and a bare day as 20:00 in the unit's time zone; the zone is a setting
// (unit_time_zone, default America/New_York) that the weekly promotion run follows; pages render times in the viewer's
// zone from the cookie the page's script sets, else in the unit's.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventItemSchema, type EventItem } from '#contracts/events.ts'
import type { PublicMember } from '#contracts/roster-types.ts'
import {
  publicTrainingSchema,
  trainingItemSchema,
  type PublicTraining,
  type TrainingItem,
} from '#contracts/trainings.ts'
import { INVALID_TIME_ZONE } from '#contracts/time-zone.ts'
import { events, members } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { JOBS } from '#jobs/index.ts'
import { getSetting } from '#server/unit/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { auditEntries, loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn

beforeAll(async () => {
  t = await startTestApp({ jobs: true })
  ;[admin] = await loginDemos(t, ['demo_admin'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await t.database.db.execute(sql`truncate ${events} cascade`)
  await t.database.db.delete(settings).where(sql`${settings.key} = 'unit_time_zone'`)
  await t.app.jobs!.agenda.every('0 1 * * 1', JOBS.weeklyPromotions, undefined, {
    timezone: 'America/New_York',
    skipImmediate: true,
  })
})

const db = () => t.database.db
const addEvent = async (body: Record<string, unknown>) => {
  const response = await api<{ event: EventItem; error?: string }>(admin.client, 'POST', '/api/roster/events', {
    name: 'Op Anvil',
    ...body,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.event
}
const aMember = async () =>
  (
    await db()
      .insert(members)
      .values({ ingame_name: `Offset ${Date.now()}`, join_date: '2024-01-01' })
      .returning()
  )[0]
const setZone = (value: unknown) => api(admin.client, 'PUT', '/api/admin/settings', { key: 'unit_time_zone', value })

describe('an event’s start over the API', () => {
  it('a bare day starts at 20:00 in the unit’s time zone (New York by default, summer and winter time)', async () => {
    expect((await addEvent({ date: '2030-06-15' })).date).toBe('2030-06-15T20:00:00-04:00')
    expect((await addEvent({ date: '2030-01-15' })).date).toBe('2030-01-15T20:00:00-05:00')
  })

  it('an ISO date-time is kept; one without an offset, or a day with a time, is read on the unit’s clock', async () => {
    expect((await addEvent({ date: '2030-06-15T21:30:00Z' })).date).toBe('2030-06-15T17:30:00-04:00')
    expect((await addEvent({ date: '2030-06-15T21:30:00+02:00' })).date).toBe('2030-06-15T15:30:00-04:00')
    expect((await addEvent({ date: '2030-06-15T21:30' })).date).toBe('2030-06-15T21:30:00-04:00')
    expect((await addEvent({ date: '2030-06-15', time: '21:30' })).date).toBe('2030-06-15T21:30:00-04:00')
    // The form's fields name the zone they were shown in.
    expect((await addEvent({ date: '2030-06-15', time: '21:30', tz: 'Europe/Berlin' })).date).toBe(
      '2030-06-15T15:30:00-04:00',
    )
  })

  it('refuses a bad day, a bad time and the form’s empty time with the field named, and stores nothing', async () => {
    const badDay = await api(admin.client, 'POST', '/api/roster/events', { name: 'Op', date: '2030-02-30' })
    expect(badDay).toMatchObject({ status: 400, body: { fields: { date: ['Please enter a valid date.'] } } })
    const badTime = await api(admin.client, 'POST', '/api/roster/events', {
      name: 'Op',
      date: '2030-06-15',
      time: '25:00',
    })
    expect(badTime).toMatchObject({
      status: 400,
      body: { fields: { time: ['Please enter a valid time in 24-hour format (HH:mm).'] } },
    })
    const noTime = await api(admin.client, 'POST', '/api/roster/events', {
      name: 'Op',
      date: '2030-06-15',
      tz: 'America/New_York',
    })
    expect(noTime).toMatchObject({
      status: 400,
      body: { fields: { time: ['Please enter a valid time in 24-hour format (HH:mm).'] } },
    })
    expect(await db().select().from(events)).toEqual([])
  })

  it('an edit naming the event’s own day alone keeps its start; another day starts at 20:00 unit time', async () => {
    const event = await addEvent({ date: '2030-06-15T21:30:00-04:00' })
    const put = (body: Record<string, unknown>) =>
      api<{ event: EventItem }>(admin.client, 'PUT', `/api/roster/events/${event.id}`, { name: 'Op Hammer', ...body })
    expect((await put({ date: '2030-06-15' })).body.event).toMatchObject({
      name: 'Op Hammer',
      date: '2030-06-15T21:30:00-04:00',
    })
    expect((await put({ date: '2030-06-16' })).body.event.date).toBe('2030-06-16T20:00:00-04:00')
    expect((await put({ date: '2030-06-16', time: '18:00' })).body.event.date).toBe('2030-06-16T18:00:00-04:00')
  })
})

describe('times in JSON answers', () => {
  /** An ISO date-time with a numeric offset, whole seconds (a reader sees the unit's day and hour). */
  const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

  it('an event reads on the unit’s clock with its offset, in every answer that names it', async () => {
    const event = await addEvent({ date: '2025-03-14' })
    expect(event.date).toBe('2025-03-14T20:00:00-04:00')
    expect(new Date(event.date).toISOString()).toBe('2025-03-15T00:00:00.000Z')
    expect((await addEvent({ date: '2030-01-15T21:30:00Z' })).date).toBe('2030-01-15T16:30:00-05:00')
    const list = await api<EventItem[]>(admin.client, 'GET', '/api/roster/events')
    expect(list.body.map((e) => e.date)).toEqual(['2030-01-15T16:30:00-05:00', '2025-03-14T20:00:00-04:00'])
    // What the API reference describes (a date-time with an offset).
    expect(eventItemSchema.array().safeParse(list.body).error).toBeUndefined()
    const put = await api<{ event: EventItem }>(admin.client, 'PUT', `/api/roster/events/${event.id}`, {
      name: 'Op Hammer',
      date: '2025-03-14T21:00:00+01:00',
    })
    expect(put.body.event.date).toBe('2025-03-14T16:00:00-04:00')

    const member = await aMember()
    expect(
      (await api(admin.client, 'POST', `/api/roster/events/${event.id}/attendance`, { memberIds: [member!.id] }))
        .status,
    ).toBe(200)
    const record = await api<PublicMember>(admin.client, 'GET', `/api/roster/member/${member!.id}`)
    expect(record.body.events.find((e) => e.id === event.id)?.date).toBe('2025-03-14T16:00:00-04:00')

    // Another unit zone: the same instant on its clock.
    expect((await setZone('Europe/Berlin')).status).toBe(200)
    const berlin = await api<EventItem[]>(admin.client, 'GET', '/api/roster/events')
    expect(berlin.body.find((e) => e.id === event.id)?.date).toBe('2025-03-14T21:00:00+01:00')
  })

  it('a training too, in the admin list, the public list, a member’s record and the edit’s answer', async () => {
    const name = `Offset drills ${Date.now()}`
    const made = await api<{ training: TrainingItem }>(admin.client, 'POST', '/api/roster/trainings', {
      name,
      date: '2030-06-15T21:30:00Z',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const training = made.body.training
    expect(training.date).toBe('2030-06-15T17:30:00-04:00')
    const admins = await api<TrainingItem[]>(admin.client, 'GET', '/api/roster/trainings')
    expect(admins.body.find((x) => x.id === training.id)?.date).toBe('2030-06-15T17:30:00-04:00')
    const pub = await api<PublicTraining[]>(admin.client, 'GET', '/api/roster/trainings/public')
    expect(pub.body.find((x) => x.id === training.id)?.date).toBe('2030-06-15T17:30:00-04:00')
    const put = await api<{ training: TrainingItem }>(admin.client, 'PUT', `/api/roster/trainings/${training.id}`, {
      name,
      date: '2030-12-15T21:30:00Z',
    })
    expect(put.body.training.date).toBe('2030-12-15T16:30:00-05:00')

    const member = await aMember()
    const attendance = await api(admin.client, 'POST', `/api/roster/trainings/${training.id}/attendance`, {
      memberIds: [member!.id],
    })
    expect(attendance.status).toBe(200)
    const record = await api<PublicMember>(admin.client, 'GET', `/api/roster/member/${member!.id}`)
    expect(record.body.trainings.find((x) => x.id === training.id)?.date).toBe('2030-12-15T16:30:00-05:00')
    for (const x of [...admins.body, ...pub.body]) expect(x.date).toMatch(WITH_OFFSET)
    expect(trainingItemSchema.array().safeParse(admins.body).error).toBeUndefined()
    expect(publicTrainingSchema.array().safeParse(pub.body).error).toBeUndefined()
  })
})

describe('the unit’s time zone setting', () => {
  it('refuses a zone Intl does not know (400 naming the value, nothing stored), stores the canonical name', async () => {
    const refused = await setZone('Mars/Olympus')
    expect(refused).toMatchObject({ status: 400, body: { fields: { value: [INVALID_TIME_ZONE] } } })
    expect(await getSetting(db(), 'unit_time_zone')).toBe('')
    expect((await setZone('europe/berlin')).body).toMatchObject({ key: 'unit_time_zone', value: 'Europe/Berlin' })
    expect(await getSetting(db(), 'unit_time_zone')).toBe('Europe/Berlin')
    expect((await auditEntries(db(), 'Setting updated')).at(-1)).toMatchObject({
      details: 'unit_time_zone set to Europe/Berlin.',
    })
  })

  it('bare days start at 20:00 on the new clock, and the weekly promotion run moves to Mondays 01:00 there', async () => {
    expect((await setZone('Europe/Berlin')).status).toBe(200)
    expect((await addEvent({ date: '2030-06-15' })).date).toBe('2030-06-15T20:00:00+02:00')

    const { jobs } = await t.app.jobs!.agenda.queryJobs({ name: JOBS.weeklyPromotions })
    expect(jobs).toHaveLength(1)
    expect(jobs[0]!.repeatTimezone).toBe('Europe/Berlin')
    const next = new Date(jobs[0]!.nextRunAt!)
    const berlin = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next)
    expect(berlin).toBe('Mon 01:00')
    const reconcile = await t.app.jobs!.agenda.queryJobs({ name: JOBS.reconcileRoles })
    expect(reconcile.jobs[0]!.repeatTimezone).toBe('Europe/Berlin')

    // Cleared: the default zone again.
    expect((await setZone('')).status).toBe(200)
    expect((await t.app.jobs!.agenda.queryJobs({ name: JOBS.weeklyPromotions })).jobs[0]!.repeatTimezone).toBe(
      'America/New_York',
    )
    expect((await addEvent({ date: '2030-06-15' })).date).toBe('2030-06-15T20:00:00-04:00')
  })
})

describe('times on pages', () => {
  it('render in the viewer’s zone from the cookie, else in the unit’s; the page’s script sets the cookie', async () => {
    await addEvent({ date: '2030-06-15', time: '21:30' })
    const page = async (cookie?: string) => {
      const jar = admin.client.cookieHeader()
      const response = await fetch(`${t.url}/admin/roster/events`, {
        headers: { Cookie: cookie ? `${jar}; ${cookie}` : jar },
      })
      expect(response.status).toBe(200)
      return response.text()
    }
    const unit = await page()
    expect(unit).toContain('Sat, Jun 15, 2030, 21:30 EDT')
    expect(unit).toMatch(
      /<script nonce="[^"]+">requestAnimationFrame\(function\(\)\{setTimeout\(function\(\)\{try\{var z=encodeURIComponent\(Intl\.DateTimeFormat\(\)\.resolvedOptions\(\)\.timeZone/,
    )
    expect(await page('tz=Asia%2FTokyo')).toContain('Sun, Jun 16, 2030, 10:30 GMT+9')
    // A zone Intl does not know falls back to the unit's.
    expect(await page('tz=Mars%2FOlympus')).toContain('Sat, Jun 15, 2030, 21:30 EDT')
    await setZone('Europe/Berlin')
    expect(await page()).toContain('Sun, Jun 16, 2030, 03:30 GMT+2')
  })
})
