// The lists that grow with a unit's history, over real HTTP on real PostgreSQL
// (docs/decisions/033-stored-counts-and-keyset-pages.md): the stored counts follow whatever adds or removes rows and
// are what the lists read; the /api lists answer whole, or by pages (limit, before) that join up; the pages show the
// upcoming records and one page of the past with Show older (a link: this file reads the HTML a browser without
// JavaScript gets), a member's page the newest of their events; and a page costs as many statements for 60 records as
// for 3.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { EventItem } from '#contracts/events.ts'
import type { PublicTraining, TrainingItem } from '#contracts/trainings.ts'
import { events, members, trainings } from '#db/schema/roster.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { addMember, demoUser, getJson, loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'
import { statementsOf } from '#tests/harness/statements.ts'

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
  await truncateTables(t.database.db, [events, trainings, members])
})

const db = () => t.database.db
const idArray = (ids: number[]) => `{${ids.join(',')}}`

/** `n` members on the roster (no Discord account). */
async function addMembers(n: number): Promise<number[]> {
  const rows = await db().execute<{ id: number }>(sql`
    insert into members (ingame_name, join_date)
    select 'Trooper ' || g, '2024-01-01' from generate_series(1, ${n}::int) g
    returning id`)
  return rows.map((r) => r.id)
}

/**
 * `n` records named `{prefix} 1`..`{prefix} n`, `step` days apart (a week back by default), the first `firstDays` days
 * from now (negative: in the past), on the minute.
 */
async function addDated(
  table: 'events' | 'trainings',
  n: number,
  firstDays: number,
  { step = -7, prefix = table === 'events' ? 'Event' : 'Training' } = {},
): Promise<number[]> {
  const rows = await db().execute<{ id: number }>(sql`
    insert into ${sql.identifier(table)} (name, date)
    select ${prefix}::text || ' ' || g,
           date_trunc('minute', now()) + ((${firstDays}::int + (g - 1) * ${step}::int) * interval '1 day')
      from generate_series(1, ${n}::int) g
    returning id`)
  return rows.map((r) => r.id)
}

/** Each record's stored count beside a count of its rows. */
async function storedAndCounted() {
  const rows = await db().execute<{ kind: string; id: number; stored: number; counted: number }>(sql`
    select 'event' as kind, e.id, e.attendance_count as stored,
           (select count(*)::int from event_attendance a where a.event_id = e.id) as counted
      from events e
    union all
    select 'training', t.id, t.signup_count, (select count(*)::int from training_signups s where s.training_id = t.id)
      from trainings t
     order by 1, 2`)
  return rows.map((r) => ({ ...r }))
}

async function text(client: TestClient, path: string): Promise<string> {
  const response = await client.get(path)
  expect(response.status, path).toBe(200)
  return response.text()
}

const rowsOf = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1
/** The Show older link's address in a page's HTML, or null. */
function olderHref(html: string): string | null {
  const tag = /<a[^>]*data-testid="show-older"[^>]*>/.exec(html)?.[0]
  const href = tag ? /href="([^"]*)"/.exec(tag)?.[1] : undefined
  return href ? href.replaceAll('&amp;', '&') : null
}

describe('stored counts', () => {
  it('events and trainings keep their attendance and sign-up counts, whatever adds or removes the rows', async () => {
    const people = await addMembers(5)
    const [e1, e2] = await addDated('events', 2, -3)
    const [t1, t2] = await addDated('trainings', 2, 3, { step: 1 })
    // Attendance saved whole through the API, and rows written straight (a game server's players, a seed).
    await api(admin.client, 'POST', `/api/roster/events/${e1}/attendance`, { memberIds: people.slice(0, 4) })
    await db().execute(
      sql`insert into event_attendance (event_id, member_id) select ${e2}, unnest(${idArray(people)}::int[])`,
    )
    // A member's own sign-up and leave, and rows written straight.
    const me = await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${t1}/signup`)).status).toBe(200)
    await db().execute(
      sql`insert into training_signups (training_id, member_id) select t, unnest(${idArray(people)}::int[]) from unnest(${idArray([t1!, t2!])}::int[]) t`,
    )
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${t1}/leave`)).status).toBe(200)
    expect((await api(reyes.client, 'POST', `/api/roster/trainings/${t2}/signup`)).status).toBe(200)
    let counts = await storedAndCounted()
    expect(counts.map((c) => c.stored)).toEqual([4, 5, 5, 6])
    expect(counts.every((c) => c.stored === c.counted)).toBe(true)

    // A smaller list, a deleted member (cascading through every event and training), a deleted sign-up.
    await api(admin.client, 'POST', `/api/roster/events/${e1}/attendance`, { memberIds: people.slice(0, 2) })
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${people[0]}`)).status).toBe(200)
    expect((await api(admin.client, 'DELETE', `/api/roster/trainings/${t2}/signups/${me.id}`)).status).toBe(200)
    counts = await storedAndCounted()
    expect(counts.map((c) => c.stored)).toEqual([1, 4, 4, 4])
    expect(counts.every((c) => c.stored === c.counted)).toBe(true)

    // A purge (TRUNCATE fires no row triggers): every count goes back to 0.
    await db().execute(sql`truncate event_attendance, training_signups`)
    expect((await storedAndCounted()).map((c) => c.stored)).toEqual([0, 0, 0, 0])
  })

  it('the lists read the stored counts: none of them counts attendance or sign-up rows', async () => {
    const [event] = await addDated('events', 1, -1)
    const [training] = await addDated('trainings', 1, 2)
    // Counts no rows would give: only a list that reads the stored column shows them.
    await db().execute(sql`update events set attendance_count = 4242 where id = ${event}`)
    await db().execute(sql`update trainings set signup_count = 4343 where id = ${training}`)
    expect((await getJson<EventItem[]>(admin.client, '/api/roster/events')).body[0]!.attendance_count).toBe(4242)
    expect((await text(admin.client, '/admin/roster/events')).includes('>4242<')).toBe(true)
    expect((await getJson<TrainingItem[]>(admin.client, '/api/roster/trainings')).body[0]!.signup_count).toBe(4343)
    expect((await getJson<PublicTraining[]>(t.client(), '/api/roster/trainings/public')).body[0]!.signup_count).toBe(
      4343,
    )
    expect(await text(t.client(), '/trainings')).toContain('>4343 signed up<')
  })
})

describe('GET /api/roster/events and /api/roster/trainings: whole, or by pages', () => {
  /** Follows the Link headers from `path`: every page's items. */
  async function walk<T>(path: string): Promise<T[][]> {
    const pages: T[][] = []
    for (let next: string | null = path; next;) {
      const response = await admin.client.get(next)
      expect(response.status, next).toBe(200)
      pages.push((await response.json()) as T[])
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null
    }
    return pages
  }

  it('events: every one without limit or before; with them, pages newest first that join up at equal starts', async () => {
    await addDated('events', 5, 10)
    // Two events at the very same start: a page may end between them.
    await db().execute(sql`insert into events (name, date) select name, date from events order by id limit 2`)
    const whole = await getJson<EventItem[]>(admin.client, '/api/roster/events')
    expect(whole.headers.get('link')).toBeNull()
    expect(whole.body).toHaveLength(7)
    const starts = whole.body.map((e) => Date.parse(e.date))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))

    const pages = await walk<EventItem>('/api/roster/events?limit=2')
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1])
    expect(pages.flat()).toEqual(whole.body)

    // The cursor as a client writes it from the last item (its date as answered, any offset), or a bare instant.
    const third = whole.body[2]!
    const afterThird = await getJson<EventItem[]>(
      admin.client,
      `/api/roster/events?before=${encodeURIComponent(`${third.date}_${third.id}`)}`,
    )
    expect(afterThird.body).toEqual(whole.body.slice(3))
    const unencoded = await getJson<EventItem[]>(admin.client, `/api/roster/events?before=${third.date}_${third.id}`)
    expect(unencoded.body).toEqual(whole.body.slice(3))
    const beforeInstant = await getJson<EventItem[]>(
      admin.client,
      `/api/roster/events?limit=50&before=${new Date(whole.body[0]!.date).toISOString()}`,
    )
    expect(beforeInstant.body).toEqual(whole.body.filter((e) => Date.parse(e.date) < Date.parse(whole.body[0]!.date)))
  })

  it('trainings: every one soonest first without limit or before; with them, pages newest first', async () => {
    await addDated('trainings', 6, 20, { step: -4 })
    const whole = await getJson<TrainingItem[]>(admin.client, '/api/roster/trainings')
    const starts = whole.body.map((e) => Date.parse(e.date))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    const pages = await walk<TrainingItem>('/api/roster/trainings?limit=4')
    expect(pages.map((p) => p.length)).toEqual([4, 2])
    expect(pages.flat()).toEqual([...whole.body].reverse())
  })

  it('a malformed limit or before is a 400 that names it', async () => {
    for (const path of ['/api/roster/events', '/api/roster/trainings']) {
      for (const query of ['limit=0', 'limit=501', 'limit=ten', 'limit=2.5', 'before=yesterday', 'before=2030-13-01']) {
        const response = await api<{ error: string }>(admin.client, 'GET', `${path}?${query}`)
        expect(response.status, `${path}?${query}`).toBe(400)
        expect(response.body.error).toMatch(query.startsWith('limit') ? /^limit must be/ : /^before must be/)
      }
    }
  })
})

describe('the pages show what is coming and one page of the past', () => {
  it('the Events tab: every upcoming event, 25 past ones, Show older (a link) to the next 25, then Newest', async () => {
    await addDated('events', 3, 30, { step: 1, prefix: 'Coming' })
    await addDated('events', 60, -1, { prefix: 'Past' })
    const first = await text(admin.client, '/admin/roster/events')
    expect(rowsOf(first, 'event-row')).toBe(28)
    expect(first).toContain('63 events.')
    expect(first).toContain('>Past 25<')
    expect(first).not.toContain('>Past 26<')
    const second = await text(admin.client, olderHref(first)!)
    expect(rowsOf(second, 'event-row')).toBe(28)
    expect(second).toContain('>Past 26<')
    expect(second).toContain('>Newest<')
    const third = await text(admin.client, olderHref(second)!)
    expect(rowsOf(third, 'event-row')).toBe(3 + 10)
    expect(olderHref(third)).toBeNull()
    // A dialog about an event on no page shown still opens (the loader looks it up).
    const [old] = await db().execute<{ id: number }>(sql`select id from events where name = 'Past 60'`)
    expect(await text(admin.client, `/admin/roster/events?dialog=edit&event=${old!.id}`)).toContain('value="Past 60"')
  })

  it('the Trainings tab: upcoming BMT and general trainings, 20 past ones, Show older', async () => {
    const upcoming = await addDated('trainings', 2, 5, { step: 1 })
    await db().execute(sql`update trainings set is_bmt_training = true where id = ${upcoming[0]}`)
    await addDated('trainings', 30, -1)
    const first = await text(admin.client, '/admin/roster/trainings')
    expect(rowsOf(first, 'training-row')).toBe(2 + 20)
    const second = await text(admin.client, olderHref(first)!)
    expect(rowsOf(second, 'training-row')).toBe(2 + 10)
    expect(olderHref(second)).toBeNull()
  })

  it('/trainings: the upcoming trainings, 5 past ones with Show older, and the first names of each list', async () => {
    const [soon] = await addDated('trainings', 2, 2, { step: 1 })
    const [hidden] = await addDated('trainings', 1, 3)
    await db().execute(sql`update trainings set is_hidden = true where id = ${hidden}`)
    await addDated('trainings', 12, -1)
    const people = await addMembers(9)
    await db().execute(
      sql`insert into training_signups (training_id, member_id) select ${soon}, unnest(${idArray(people)}::int[])`,
    )
    const first = await text(t.client(), '/trainings')
    expect(rowsOf(first, 'training')).toBe(2 + 5)
    expect(first).toContain('Past Trainings')
    expect(first).not.toContain('>Show all upcoming trainings<')
    // Nine signed up: five names, and the way to the rest.
    expect(first).toContain('>Trooper 5<')
    expect(first).not.toContain('>Trooper 6<')
    const showAll = /href="([^"]*signups=[^"]*)"/.exec(first)![1]!.replaceAll('&amp;', '&')
    const all = await text(t.client(), showAll)
    expect(all).toContain('>Trooper 9<')
    expect(all).toMatch(new RegExp(`id="training-${soon}"[^]*?<details[^>]* open=""`))
    const older = await text(t.client(), olderHref(first)!)
    expect(rowsOf(older, 'training')).toBe(2 + 5)
    const oldest = await text(t.client(), olderHref(older)!)
    expect(rowsOf(oldest, 'training')).toBe(2 + 2)
    expect(olderHref(oldest)).toBeNull()
  })

  it('/trainings: ten upcoming trainings at first, the rest behind Show all upcoming trainings', async () => {
    await addDated('trainings', 13, 1, { step: 1 })
    const first = await text(t.client(), '/trainings')
    expect(rowsOf(first, 'training')).toBe(10)
    expect(first).toContain('>Training 10<')
    expect(first).not.toContain('>Training 11<')
    const all = await text(t.client(), /href="([^"]*upcoming=all[^"]*)"/.exec(first)![1]!.replaceAll('&amp;', '&'))
    expect(rowsOf(all, 'training')).toBe(13)
    expect(all).not.toContain('>Show all upcoming trainings<')
  })
})

describe('a member page', () => {
  it('lists the newest 25 of a member’s events, with Show all', async () => {
    const [member] = await addMembers(1)
    await addDated('events', 30, -1, { prefix: 'Past' })
    await db().execute(sql`insert into event_attendance (event_id, member_id) select id, ${member} from events`)
    const page = await text(t.client(), `/roster/${member}?tab=events`)
    expect(page).toContain('>Past 25<')
    expect(page).not.toContain('>Past 26<')
    const showAll = /href="([^"]*all=events[^"]*)"/.exec(page)![1]!.replaceAll('&amp;', '&')
    expect(page).toContain('Show all 30 events')
    expect(await text(t.client(), showAll)).toContain('>Past 30<')
  })
})

describe('a page costs the same statements whatever the history', () => {
  /** Each page and call measured twice, the fewer kept (a background refresh may land in one). */
  async function measure() {
    const anonymous = t.client()
    const calls: Record<string, [TestClient, string]> = {
      'admin events': [admin.client, '/admin/roster/events'],
      'events api': [admin.client, '/api/roster/events'],
      'events api page': [admin.client, '/api/roster/events?limit=10'],
      'admin trainings': [admin.client, '/admin/roster/trainings'],
      'trainings api': [admin.client, '/api/roster/trainings'],
      'trainings page (member)': [reyes.client, '/trainings'],
      'trainings page (anonymous)': [anonymous, '/trainings'],
      'public trainings api': [reyes.client, '/api/roster/trainings/public'],
      'unit calendar': [anonymous, '/calendar/unit.ics'],
      'admin hub': [admin.client, '/admin'],
      'audit log api': [admin.client, '/api/admin/audit-log'],
    }
    const counts: Record<string, number> = {}
    for (const [name, [client, path]] of Object.entries(calls)) {
      const once = () => statementsOf(t, () => client.get(path))
      counts[name] = Math.min(await once(), await once())
    }
    return counts
  }

  async function arrange(n: number) {
    const people = await addMembers(12)
    await addDated('events', n, 20, { step: -3 })
    const ids = await addDated('trainings', n, 20, { step: -2 })
    await db().execute(sql`
      insert into training_signups (training_id, member_id)
      select t, m from unnest(${idArray(ids)}::int[]) t, unnest(${idArray(people)}::int[]) m`)
    await db().execute(sql`
      insert into event_attendance (event_id, member_id)
      select e.id, m from events e, unnest(${idArray(people)}::int[]) m`)
  }

  it('for 60 events and trainings (with their attendance and sign-ups) as for 3', async () => {
    await addMember(db(), demoUser('reyes').id, { ingameName: 'Reyes' })
    await arrange(3)
    const few = await measure()
    await arrange(60)
    const many = await measure()
    expect(many).toEqual(few)
  })
})
