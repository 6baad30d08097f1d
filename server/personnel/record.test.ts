// The service record and public profile over real HTTP on real PostgreSQL (docs/rules/personnel.md): who may read
// what, admin notes, the history the triggers keep whatever path changes a member (with how and by whom), and what
// the public part leaves out.
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { tests, testAttempts } from '#db/schema/assessments.ts'
import { memberHistory, memberNotes } from '#db/schema/personnel.ts'
import { events, eventAttendance, members, qualifications } from '#db/schema/roster.ts'
import type { MemberProfile, MemberRecord } from '#contracts/personnel.ts'
import type { AdminMember } from '#contracts/roster-types.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await truncateTables(t.database.db, [members, events, qualifications, tests])
})

const db = () => t.database.db

/** A member linked to Reyes's Discord account, so Reyes reads it as their own. */
async function reyesMember(fields: Record<string, unknown> = {}) {
  const response = await api<{ member: AdminMember }>(admin.client, 'POST', '/api/roster/members', {
    ingame_name: 'Reyes',
    join_date: '2024-01-15',
    discord_id: reyes.discordId,
    ...fields,
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.member
}

const record = (client: LoggedIn['client'], id: number) =>
  api<MemberRecord & { error?: string }>(client, 'GET', `/api/roster/members/${id}/record`)
const profile = (id: number) =>
  api<MemberProfile & { error?: string }>(t.client(), 'GET', `/api/roster/members/${id}/profile`)

describe('who reads a service record', () => {
  it('the full record: admins with notes, the member without; others 403, anonymous 401', async () => {
    const m = await reyesMember()
    const added = await api(admin.client, 'POST', `/api/roster/members/${m.id}/notes`, {
      text: 'Good radio discipline.',
    })
    expect(added.status).toBe(201)

    const asAdmin = await record(admin.client, m.id)
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.entries.find((e) => e.kind === 'note')).toMatchObject({
      text: 'Good radio discipline.',
      by: 'Cpt. Miller',
    })
    const asSelf = await record(reyes.client, m.id)
    expect(asSelf.status).toBe(200)
    expect(asSelf.body.entries.some((e) => e.kind === 'note')).toBe(false)
    expect(asSelf.body.entries.at(-1)).toMatchObject({ kind: 'joined', date_only: true })

    expect((await record(novak.client, m.id)).status).toBe(403)
    expect((await record(novak.client, m.id)).body.error).toBe(
      'Only admins and the member themselves can read this service record.',
    )
    expect((await record(t.client(), m.id)).status).toBe(401)
    expect((await record(admin.client, 999999)).status).toBe(404)
  })

  it('notes are admin-only, need text, and a refused note changes nothing', async () => {
    const m = await reyesMember()
    const before = await stateFingerprint(t)
    expect((await api(t.client(), 'POST', `/api/roster/members/${m.id}/notes`, { text: 'x' })).status).toBe(401)
    expect((await api(reyes.client, 'POST', `/api/roster/members/${m.id}/notes`, { text: 'x' })).status).toBe(403)
    expect((await api(admin.client, 'POST', `/api/roster/members/${m.id}/notes`, { text: '  ' })).body).toMatchObject({
      error: 'Note text is required.',
    })
    expect(
      (await api(admin.client, 'POST', `/api/roster/members/${m.id}/notes`, { text: 'x'.repeat(2001) })).body,
    ).toMatchObject({ error: 'Note text must be at most 2,000 characters.' })
    expect((await api(admin.client, 'POST', '/api/roster/members/999999/notes', { text: 'x' })).status).toBe(404)
    expect(await stateFingerprint(t)).toBe(before)
    expect(await db().select().from(memberNotes)).toEqual([])
  })

  it('the public profile needs no login, leaves out notes, bans, failed tests and scores, and a banned member has none', async () => {
    const m = await reyesMember()
    await api(admin.client, 'POST', `/api/roster/members/${m.id}/notes`, { text: 'Private.' })
    const [qual] = await db().insert(qualifications).values({ name: 'Marksman' }).returning()
    const [failed, passed] = await db()
      .insert(tests)
      .values([
        { name: 'Radio Test', qualification_id: qual!.id },
        { name: 'Marksman Test', qualification_id: qual!.id },
      ])
      .returning()
    await db()
      .insert(testAttempts)
      .values([
        {
          test_id: failed!.id,
          member_id: m.id,
          score: 40,
          passed: false,
          created_at: new Date('2025-01-01T12:00:00Z'),
        },
        { test_id: passed!.id, member_id: m.id, score: 90, passed: true, created_at: new Date('2025-01-02T12:00:00Z') },
      ])
    await api(admin.client, 'POST', `/api/roster/members/${m.id}/ban`, { reason: 'Teamkilling' })
    await api(admin.client, 'POST', `/api/roster/members/${m.id}/unban`)

    const full = await record(admin.client, m.id)
    expect(full.body.entries.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        'Banned: Teamkilling',
        'Unbanned',
        'Failed the Radio Test test (40%)',
        'Passed the Marksman Test test (90%)',
      ]),
    )
    const open = await profile(m.id)
    expect(open.status).toBe(200)
    const texts = open.body.entries.map((e) => e.text)
    expect(texts).toContain('Passed the Marksman Test test')
    expect(JSON.stringify(open.body)).not.toMatch(/Teamkilling|Banned|Private\.|Failed|90|"score"/)
    expect(open.body.member).toMatchObject({ ingame_name: 'Reyes', on_loa: false, slot: null })
    expect(open.body.attendance.weeks).toHaveLength(12)

    await api(admin.client, 'POST', `/api/roster/members/${m.id}/ban`, { reason: 'Again' })
    expect((await profile(m.id)).status).toBe(404)
  })
})

describe("an ORBAT slot holder's profile link", () => {
  it('leads from the user to their roster member; a user who is no member, or a banned one, finds none', async () => {
    const m = await reyesMember()
    const open = (userId: number | string) => t.client().fetch(`/roster/by-user/${userId}`)
    const found = await open(reyes.id)
    expect(found.status).toBe(302)
    expect(found.headers.get('location')).toBe(`/roster/${m.id}`)
    expect((await open(novak.id)).status).toBe(404)
    expect((await open('abc')).status).toBe(404)
    await api(admin.client, 'POST', `/api/roster/members/${m.id}/ban`, { reason: 'Gone' })
    expect((await open(reyes.id)).status).toBe(404)
  })
})

describe('attendance over the last 12 weeks', () => {
  it("puts each event in its week on the unit's clock, edges included", async () => {
    const m = await reyesMember()
    const zone = 'America/New_York'
    const lastMonday = DateTime.now().setZone(zone).startOf('week').minus({ weeks: 1 })
    const [justAfter, justBefore, old] = await db()
      .insert(events)
      .values([
        { name: 'Monday just after midnight', date: lastMonday.plus({ minutes: 30 }).toJSDate() },
        { name: 'Sunday just before midnight', date: lastMonday.minus({ minutes: 30 }).toJSDate() },
        { name: 'Before the window', date: lastMonday.minus({ weeks: 11 }).toJSDate() },
      ])
      .returning()
    // An event counts as held once attendance is recorded for it: someone else came to the Sunday one.
    const [other] = await db().insert(members).values({ ingame_name: 'Other', join_date: '2024-01-01' }).returning()
    await db()
      .insert(eventAttendance)
      .values([
        ...[justAfter!, old!].map((e) => ({ event_id: e.id, member_id: m.id })),
        { event_id: justBefore!.id, member_id: other!.id },
      ])
    const { attendance } = (await profile(m.id)).body
    expect(attendance.weeks[10]).toEqual({ week_start: lastMonday.toISODate(), held: 1, attended: 1 })
    expect(attendance.weeks[9]).toMatchObject({ held: 1, attended: 0 })
    expect(attendance).toMatchObject({ held: 2, attended: 1 })
  })
})

describe('the history the database keeps', () => {
  it('records rank changes and qualifications with how and by whom, whatever path made them', async () => {
    const m = await reyesMember({ rank: 'BMT' })
    const [qual] = await db().insert(qualifications).values({ name: 'Combat Medic' }).returning()
    const graduated = await api(admin.client, 'POST', '/api/roster/bmt-graduate', {
      memberIds: [m.id],
      completionDate: '2025-02-01',
    })
    expect(graduated.status, JSON.stringify(graduated.body)).toBe(200)
    const edited = await api(admin.client, 'PUT', `/api/roster/members/${m.id}`, {
      ingame_name: 'Reyes',
      join_date: '2024-01-15',
      discord_id: reyes.discordId,
      rank: 'NCO',
      qualifications: [qual!.id],
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    await api(admin.client, 'PUT', `/api/roster/members/${m.id}`, {
      ingame_name: 'Reyes',
      join_date: '2024-01-15',
      discord_id: reyes.discordId,
      rank: 'NCO',
      qualifications: [],
    })
    // A change made outside any use case is still recorded, by nobody in particular.
    await db().execute(sql`update members set rank = 'JNCO' where id = ${m.id}`)

    const entries = (await record(reyes.client, m.id)).body.entries
    const lines = entries.filter((e) => e.kind !== 'joined').map((e) => [e.kind, e.text, e.by])
    expect(lines).toEqual([
      ['rank', 'Reduced from NCO to JNCO', null],
      ['qualification', 'Qualification removed: Combat Medic', 'Cpt. Miller'],
      ['qualification', 'Qualified: Combat Medic', 'Cpt. Miller'],
      ['rank', 'Promoted from JNCO to NCO', 'Cpt. Miller'],
      ['rank', 'Promoted from BMT to JNCO', 'BMT graduation'],
    ])
  })

  it('a deleted member takes their history and notes along', async () => {
    const m = await reyesMember()
    const [qual] = await db().insert(qualifications).values({ name: 'Pilot' }).returning()
    await db()
      .insert(events)
      .values({ name: 'Op', date: new Date('2025-03-01T20:00:00Z') })
    const [event] = await db().select().from(events)
    await db().insert(eventAttendance).values({ event_id: event!.id, member_id: m.id })
    await api(admin.client, 'PUT', `/api/roster/members/${m.id}`, {
      ingame_name: 'Reyes',
      join_date: '2024-01-15',
      qualifications: [qual!.id],
    })
    await api(admin.client, 'POST', `/api/roster/members/${m.id}/notes`, { text: 'Note' })
    expect((await db().select().from(memberHistory)).length).toBeGreaterThan(0)
    expect((await api(admin.client, 'DELETE', `/api/roster/members/${m.id}`)).status).toBe(200)
    expect(await db().select().from(memberHistory)).toEqual([])
    expect(await db().select().from(memberNotes)).toEqual([])
  })
})
