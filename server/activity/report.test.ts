// The activity numbers over real HTTP on real PostgreSQL (docs/rules/activity.md), on a hand-built history: a member
// who joined mid-window, one on leave for an operation, one banned, one drifting away, one on leave today, a training
// without attendance, operations with a frozen ORBAT, and an operation either side of the window's first midnight in
// the unit's time zone. The CSV says what the JSON says.
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActivityMember, ActivityReport, MemberActivity } from '#contracts/activity.ts'
import { addDays } from '#contracts/leave.ts'
import { eventOrbatHolders, eventOrbatSnapshots } from '#db/schema/orbat-history.ts'
import { leaves } from '#db/schema/personnel.ts'
import { eventAttendance, events, members, trainingAttendance, trainings, trainingSignups } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'
import { activityWindow, computeActivity } from './report.ts'

const ZONE = 'America/New_York'
let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn
const id: Record<string, number> = {}
const session: Record<string, number> = {}
let from: string
let today: string

const db = () => t.database.db
/** An instant on the unit's clock. */
const at = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: ZONE }).toJSDate()

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
  await truncateTables(db(), [members, events, trainings])
  await db()
    .insert(settings)
    .values({ key: 'unit_time_zone', value: ZONE })
    .onConflictDoUpdate({ target: settings.key, set: { value: ZONE } })
  await db()
    .delete(settings)
    .where(sql`${settings.key} = 'inactivity_weeks'`)

  const window = activityWindow(ZONE, new Date(), 4)
  from = window.from
  today = window.to
  const d = (n: number) => addDays(from, n)
  const rows = await db()
    .insert(members)
    .values([
      { ingame_name: 'Always', join_date: '2020-01-01', discord_id: reyes.discordId },
      { ingame_name: 'Newcomer', join_date: d(10) },
      { ingame_name: 'Away', join_date: '2020-01-01' },
      { ingame_name: 'Banned', join_date: '2020-01-01', is_banned: true, ban_reason: 'Teamkilling' },
      { ingame_name: '=Drifter', join_date: '2020-01-01' },
      { ingame_name: 'Resting', join_date: '2020-01-01' },
    ])
    .returning()
  for (const r of rows) id[r.ingame_name.replace('=', '')] = r.id

  const eventRows = await db()
    .insert(events)
    .values([
      // Either side of the window's first midnight on the unit's clock (both on Monday in UTC).
      { name: 'Edge out', date: at(d(-1), '23:30') },
      { name: 'Edge in', date: at(d(0), '00:30') },
      { name: 'Op one', date: at(d(1), '20:00') },
      { name: 'Op two', date: at(d(8), '20:00') },
      { name: 'Op three', date: at(d(15), '20:00') },
    ])
    .returning()
  for (const e of eventRows) session[e.name] = e.id
  const trainingRows = await db()
    .insert(trainings)
    .values([
      { name: 'Range day', date: at(d(2), '19:00') },
      { name: 'Not taken', date: at(d(9), '19:00') },
    ])
    .returning()
  for (const tr of trainingRows) session[tr.name] = tr.id

  const came = (event: string, ...who: string[]) => who.map((w) => ({ event_id: session[event]!, member_id: id[w]! }))
  await db()
    .insert(eventAttendance)
    .values([
      ...came('Edge out', 'Drifter', 'Banned'),
      ...came('Edge in', 'Always', 'Banned'),
      ...came('Op one', 'Always', 'Away', 'Banned'),
      ...came('Op two', 'Always', 'Banned'),
      ...came('Op three', 'Always', 'Newcomer', 'Banned'),
    ])
  await db()
    .insert(trainingSignups)
    .values([
      { training_id: session['Range day']!, member_id: id.Always! },
      { training_id: session['Range day']!, member_id: id.Newcomer! },
      { training_id: session['Not taken']!, member_id: id.Always! },
    ])
  await db()
    .insert(trainingAttendance)
    .values([{ training_id: session['Range day']!, member_id: id.Always! }])
  // Op one and Op two were linked to the ORBAT: who held a slot, from their frozen ORBATs.
  await db()
    .insert(eventOrbatSnapshots)
    .values([
      { event_id: session['Op one']!, squads: [], waitlist: [] },
      { event_id: session['Op two']!, squads: [], waitlist: [] },
    ])
  const slot = { team: 'Team 1', slot: 'Rifleman' }
  await db()
    .insert(eventOrbatHolders)
    .values([
      { event_id: session['Op one']!, member_id: id.Always!, squad: 'Alpha', ...slot },
      { event_id: session['Op one']!, member_id: id.Away!, squad: 'Bravo', ...slot },
      { event_id: session['Op two']!, member_id: id.Away!, squad: 'Bravo', ...slot },
    ])
  await db()
    .insert(leaves)
    .values([
      { member_id: id.Away!, start_date: d(7), end_date: d(9), reason: 'Travel', status: 'approved' },
      {
        member_id: id.Resting!,
        start_date: addDays(today, -2),
        end_date: addDays(today, 5),
        reason: 'Exams',
        status: 'approved',
      },
      // Denied and pending leave excuse nothing.
      { member_id: id.Newcomer!, start_date: d(14), end_date: d(16), reason: 'x', status: 'pending' },
    ])
})
afterAll(async () => {
  await t?.close()
})

const report = (weeks: string | number = 4) =>
  api<ActivityReport & { error?: string }>(admin.client, 'GET', `/api/activity?weeks=${weeks}`)
const row = (r: ActivityReport, name: string) => r.members.find((m) => m.ingame_name.replace('=', '') === name)

describe('GET /api/activity', () => {
  it('counts attended and possible exactly: join day, leave, banned, the window edge, trainings without attendance', async () => {
    const { status, body } = await report()
    expect(status).toBe(200)
    expect(body).toMatchObject({ weeks: 4, from, to: today, unit_size: 5 })
    expect(body.members.map((m) => m.ingame_name).sort()).toEqual(['=Drifter', 'Always', 'Away', 'Newcomer', 'Resting'])

    expect(row(body, 'Always')).toEqual<ActivityMember>({
      member_id: id.Always!,
      ingame_name: 'Always',
      squad: null,
      attended: 4,
      possible: 4,
      rate: 1,
      last_attended: expect.stringContaining(addDays(from, 15)) as unknown as string,
      on_loa: false,
      inactive: false,
      // Range day (signed up, came) and Op one (held a slot, came); "Not taken" had no attendance: not held.
      reliability: 1,
      // The previous window held Edge out, which Always missed.
      trend: 'up',
    })
    // Joined on day 10: only Op three was possible.
    expect(row(body, 'Newcomer')).toMatchObject({ attended: 1, possible: 1, rate: 1, reliability: 0, trend: null })
    // On leave for Op two: excused; held slots in Op one (came) and Op two (did not).
    expect(row(body, 'Away')).toMatchObject({ attended: 1, possible: 3, reliability: 0.5, inactive: false })
    expect(row(body, 'Away')!.rate).toBeCloseTo(1 / 3, 10)
    // Came only to Edge out, before the window's first midnight in New York (Monday 04:30 UTC).
    expect(row(body, 'Drifter')).toMatchObject({
      attended: 0,
      possible: 4,
      rate: 0,
      trend: 'down',
      inactive: true,
      reliability: null,
      on_loa: false,
    })
    expect(row(body, 'Drifter')!.last_attended).toBe(
      DateTime.fromJSDate(at(addDays(from, -1), '23:30'))
        .setZone(ZONE)
        .toISO({ suppressMilliseconds: true }),
    )
    // On leave today: not inactive though they never came.
    expect(row(body, 'Resting')).toMatchObject({ on_loa: true, inactive: false, last_attended: null, attended: 0 })
  })

  it('finds the last attendance of members who came to nothing in either window', async () => {
    // A week's report: its window and the week before cover neither Edge out (Drifter) nor Op one (Away).
    const { body } = await report(1)
    const instant = (day: string, time: string) =>
      DateTime.fromJSDate(at(day, time)).setZone(ZONE).toISO({ suppressMilliseconds: true })
    expect(row(body, 'Drifter')).toMatchObject({ attended: 0, last_attended: instant(addDays(from, -1), '23:30') })
    expect(row(body, 'Away')).toMatchObject({ attended: 0, last_attended: instant(addDays(from, 1), '20:00') })
    expect(row(body, 'Resting')!.last_attended).toBeNull()
  })

  it('lists the sessions of the window with who came and the roster that day, banned members left out', async () => {
    const { body } = await report()
    const byName = Object.fromEntries(body.sessions.map((s) => [s.name, s]))
    expect(body.sessions.map((s) => s.name)).toEqual([
      'Edge in',
      'Op one',
      'Range day',
      'Op two',
      'Not taken',
      'Op three',
    ])
    expect(byName['Edge in']).toMatchObject({ kind: 'event', attended: 1, roster_size: 4 })
    expect(byName['Op one']).toMatchObject({ attended: 2, roster_size: 4 })
    // Away was on leave that day.
    expect(byName['Op two']).toMatchObject({ attended: 1, roster_size: 3 })
    // Newcomer had joined.
    expect(byName['Op three']).toMatchObject({ attended: 2, roster_size: 5 })
    expect(byName['Range day']).toMatchObject({ kind: 'training', attended: 1 })
    expect(byName['Not taken']).toMatchObject({ kind: 'training', attended: 0 })
    expect(byName['Edge in']!.at).toBe(`${from}T00:30:00${byName['Edge in']!.at.slice(-6)}`)
  })

  it('turnout per squad follows the frozen ORBAT where there is one', async () => {
    const data = await computeActivity(db(), { weeks: 4 })
    expect(data.squads).toEqual([
      { squad: 'Alpha', attended: 1, possible: 1, rate: 1 },
      // Away's Op two was on leave: not possible, so it stays nowhere.
      { squad: 'Bravo', attended: 1, possible: 1, rate: 1 },
      { squad: null, attended: 4, possible: 14, rate: 4 / 14 },
    ])
    expect(data.members.find((m) => m.member_id === id.Drifter)).toMatchObject({ rate_halved: true })
  })

  it('the inactivity setting moves who is inactive', async () => {
    const put = (value: string) => api(admin.client, 'PUT', '/api/admin/settings', { key: 'inactivity_weeks', value })
    expect((await put('0')).status).toBe(400)
    expect((await put('53')).status).toBe(400)
    expect((await put('x')).body).toMatchObject({ error: 'Inactivity must be a whole number of weeks from 1 to 52.' })
    expect((await put('52')).status).toBe(200)
    expect(row((await report()).body, 'Drifter')!.inactive).toBe(false)
    expect((await put('')).status).toBe(200)
    expect(row((await report()).body, 'Drifter')!.inactive).toBe(true)
  })

  it('refuses bad weeks with 400 {error}, and anyone but an admin', async () => {
    for (const weeks of ['0', 'abc', '1000', '-1', '2.5', '53']) {
      const { status, body } = await report(weeks)
      expect(status, weeks).toBe(400)
      expect(body).toEqual({ error: 'weeks must be a whole number from 1 to 52.' })
    }
    expect((await report(26)).body.weeks).toBe(26)
    expect((await api(admin.client, 'GET', '/api/activity')).body).toMatchObject({ weeks: 12 })
    expect((await api(novak.client, 'GET', '/api/activity')).status).toBe(403)
    expect((await api(t.client(), 'GET', '/api/activity.csv')).status).toBe(401)
    expect((await api(admin.client, 'GET', '/api/activity.csv?weeks=abc')).status).toBe(400)
  })
})

describe('GET /api/activity.csv', () => {
  it('has a header row and one row per member, the same values as the JSON', async () => {
    const json = (await report()).body
    const response = await admin.client.fetch('/api/activity.csv?weeks=4')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-/)
    const lines = (await response.text()).trimEnd().split('\r\n')
    const header = lines[0]!.split(',')
    expect(header).toEqual([
      'member_id',
      'ingame_name',
      'squad',
      'attended',
      'possible',
      'rate',
      'last_attended',
      'on_loa',
      'inactive',
      'reliability',
      'trend',
    ])
    expect(lines).toHaveLength(json.members.length + 1)
    for (const [i, line] of lines.slice(1).entries()) {
      const m = json.members[i]!
      const expected = header.map((c) => {
        const v = m[c as keyof ActivityMember]
        if (v === null) return ''
        // A name a spreadsheet would run as a formula is kept as text.
        return typeof v === 'string' && v.startsWith('=') ? `'${v}` : String(v)
      })
      expect(line.split(',')).toEqual(expected)
    }
  })
})

describe('GET /api/roster/members/{id}/activity', () => {
  it("gives the member's row and sessions to the member and admins only", async () => {
    const own = await api<MemberActivity>(reyes.client, 'GET', `/api/roster/members/${id.Always}/activity?weeks=4`)
    expect(own.status).toBe(200)
    expect(own.body.member).toEqual(row((await report()).body, 'Always'))
    expect(own.body.sessions.map((s) => [s.name, s.attended])).toEqual([
      ['Edge in', true],
      ['Op one', true],
      ['Range day', true],
      ['Op two', true],
      ['Op three', true],
    ])
    const away = await api<MemberActivity>(admin.client, 'GET', `/api/roster/members/${id.Away}/activity?weeks=4`)
    expect(away.body.sessions.map((s) => [s.name, s.attended])).toEqual([
      ['Edge in', false],
      ['Op one', true],
      ['Op three', false],
    ])
    expect((await api(novak.client, 'GET', `/api/roster/members/${id.Always}/activity`)).status).toBe(403)
    expect((await api(t.client(), 'GET', `/api/roster/members/${id.Always}/activity`)).status).toBe(401)
    expect((await api(admin.client, 'GET', `/api/roster/members/999999/activity`)).status).toBe(404)
    expect((await api(admin.client, 'GET', `/api/roster/members/${id.Always}/activity?weeks=0`)).status).toBe(400)
  })
})
