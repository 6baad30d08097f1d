// Bad input (docs/reliability.md) over real HTTP on the seeded demo unit: a NUL byte in a text field, a date-time out
// of range and an oddly spelled id or number are refused with 400 (404 for an id in a URL) naming the field, by the
// /api routes and by the page forms alike, and nothing is stored. (Before: 500s from PostgreSQL, and '0xc9' signed up
// to slot 201.)
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrbatPayload } from '#contracts/orbat.ts'
import {
  awards,
  eligibleRoles,
  events,
  knowledgePackets,
  leaves,
  liveEvaluationSessions,
  members,
  orbatPresets,
  qualifications,
  slots,
  tests,
  trainings,
} from '#db/schema/index.ts'
import { seedDemoData } from '#db/seed/demo-unit.ts'
import { api } from './harness/admin.ts'
import { startTestApp, type TestApp, type TestClient } from './harness/app.ts'
import { stateFingerprint } from './harness/fingerprint.ts'
import { toSave } from './harness/orbat.ts'

let t: TestApp
let admin: TestClient
const db = () => t.database.db
const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows
  if (!row) throw new Error('the demo unit lacks a row this test needs')
  return row
}

beforeAll(async () => {
  t = await startTestApp()
  await seedDemoData(db())
  admin = await t.login('demo_admin')
})
afterAll(async () => {
  await t?.close()
})

/** A free slot anyone may take (no lock, no holder, not a heading). */
const openSlot = () =>
  first(
    db()
      .select({ id: slots.id })
      .from(slots)
      .where(
        and(
          isNull(slots.user_id),
          isNull(slots.manual_username),
          isNull(slots.required_role_id),
          sql`${slots.role} not like '---%'`,
        ),
      )
      .limit(1),
  )

describe('a NUL byte in a text field', () => {
  it('is refused with 400 naming the field, on every route the issue lists, and nothing is stored', async () => {
    const id = async (
      table:
        | typeof events
        | typeof trainings
        | typeof qualifications
        | typeof knowledgePackets
        | typeof members
        | typeof eligibleRoles,
    ) => (await first(db().select({ id: table.id }).from(table).limit(1))).id
    const preset = await first(
      db()
        .insert(orbatPresets)
        .values({ name: 'Base', layout: { squads: [], edges: [], waypoints: [], pax_counters: [] } })
        .returning({ id: orbatPresets.id }),
    )
    const [event, training, qualification, packet, member, role] = await Promise.all([
      id(events),
      id(trainings),
      id(qualifications),
      id(knowledgePackets),
      id(members),
      id(eligibleRoles),
    ])
    const session = await first(db().select({ id: liveEvaluationSessions.id }).from(liveEvaluationSessions).limit(1))
    const pendingLeave = await first(
      db().select({ id: leaves.id }).from(leaves).where(eq(leaves.status, 'pending')).limit(1),
    )
    const test = await first(db().select({ id: tests.id, qualification: tests.qualification_id }).from(tests).limit(1))
    const orbat = (await api<OrbatPayload>(admin, 'GET', '/api/orbat')).body
    const saveBody = (slot: Record<string, unknown>) => {
      const body = toSave(orbat)
      return { ...body, slots: [...body.slots, slot] }
    }
    const nul = 'Bad\u0000name'
    const ping = { channelId: '1', pingTime: '2031-03-01T18:00:00Z', rolesToPing: ['2'] }
    const member_ = { ingame_name: 'Fresh', join_date: '2030-01-02' }
    const question = { question_text: '<p>North?</p>', options: ['a', 'b', 'c', 'd'], correct_answer_index: 0 }
    const award = await first(db().select({ id: awards.id }).from(awards).limit(1))
    const grant = { award_id: award.id, date: '2030-01-02' }
    const cases: Array<[method: string, path: string, body: Record<string, unknown>, field: string]> = [
      ['POST', '/api/admin/orbat/presets', { name: nul }, 'name'],
      ['PUT', `/api/admin/orbat/presets/${preset.id}`, { name: nul }, 'name'],
      ['POST', '/api/admin/platoons', { name: nul, discord_role_id: '1' }, 'name'],
      ['POST', '/api/admin/waitlist-roles', { role_name: nul, role_id: '1' }, 'role_name'],
      ['PUT', `/api/admin/waitlist-roles/${role}`, { role_name: nul, role_id: '1' }, 'role_name'],
      ['POST', '/api/knowledge', { name: nul, google_doc_url: 'https://example.com/d' }, 'name'],
      [
        'PUT',
        `/api/knowledge/${packet}`,
        { name: 'Doc', google_doc_url: 'https://example.com/\u0000' },
        'google_doc_url',
      ],
      ['POST', '/api/roster/events', { name: nul, date: '2031-03-01' }, 'name'],
      [
        'PUT',
        `/api/roster/events/${event}`,
        { name: 'Op', date: '2031-03-01', orbat_image_url: 'https://example.com/\u0000.png' },
        'orbat_image_url',
      ],
      ['POST', '/api/roster/qualifications', { name: nul }, 'name'],
      ['PUT', `/api/roster/qualifications/${qualification}`, { name: 'Medic', description: nul }, 'description'],
      ['POST', '/api/roster/trainings', { name: nul, date: '2031-03-01T18:00:00Z' }, 'name'],
      [
        'PUT',
        `/api/roster/trainings/${training}`,
        { name: 'Drill', description: nul, date: '2031-03-01T18:00:00Z' },
        'description',
      ],
      ['POST', '/api/roster/members', { ...member_, ingame_name: nul }, 'ingame_name'],
      ['PUT', `/api/roster/members/${member}`, { ...member_, notes: nul }, 'notes'],
      ['POST', `/api/roster/members/${member}/ban`, { reason: nul }, 'reason'],
      ['POST', `/api/roster/events/${event}/ping`, { ...ping, messageContent: nul }, 'messageContent'],
      ['POST', `/api/roster/trainings/${training}/ping`, { ...ping, messageContent: nul }, 'messageContent'],
      ['PUT', '/api/admin/orbat/save', saveBody({ squadName: orbat.squads[0]!.name, team: 'HQ', role: nul }), 'role'],
      [
        'PUT',
        '/api/admin/orbat/save',
        saveBody({ squadName: orbat.squads[0]!.name, team: 'HQ', role: 'Guest', manual_username: nul }),
        'manual_username',
      ],
      ['POST', '/api/waitlist/join', { squad_preference: nul }, 'squad_preference'],
      ['POST', '/api/tests', { name: nul, qualification_id: test.qualification }, 'name'],
      [
        'PUT',
        `/api/tests/${test.id}`,
        {
          name: 'Medic test',
          qualification_id: test.qualification,
          questions: [{ ...question, question_text: '<p>No\u0000rth?</p>' }],
        },
        'question_text',
      ],
      ['POST', `/api/admin/evaluations/live/${session.id}/submit`, { notes: nul }, 'notes'],
      ['POST', '/api/awards', { name: nul }, 'name'],
      ['PUT', `/api/awards/${award.id}`, { name: 'Valor', description: nul }, 'description'],
      ['POST', `/api/roster/members/${member}/awards`, { ...grant, citation: nul }, 'citation'],
      ['POST', '/api/loa', { start_date: '2031-03-01', end_date: '2031-03-02', reason: nul }, 'reason'],
      ['POST', `/api/loa/${pendingLeave.id}/deny`, { reason: nul }, 'reason'],
      ['PUT', '/api/recruitment/form', { open: true, closed_message: nul, questions: [] }, 'closed_message'],
      ['POST', '/api/applications/1/comments', { text: nul }, 'text'],
      ['POST', '/api/applications/1/status', { status: 'rejected', reason: nul }, 'reason'],
    ]
    const before = await stateFingerprint(t)
    for (const [method, path, body, field] of cases) {
      const response = await api<{ error: string; fields?: Record<string, string[]> }>(admin, method, path, body)
      expect(response.status, `${method} ${path} ${field}`).toBe(400)
      expect(response.body.error, `${method} ${path}`).toMatch(
        new RegExp(`\\b${field} contains a NUL character, which cannot be stored\\.$`),
      )
      expect(Object.keys(response.body.fields ?? {}).length, `${method} ${path} names the field`).toBe(1)
    }
    expect(await stateFingerprint(t)).toBe(before)
  })

  it('is refused inline by the page forms (no JavaScript), and nothing is stored', async () => {
    const before = await stateFingerprint(t)
    const forms: Array<[path: string, fields: Record<string, string>]> = [
      ['/admin/settings/platoons', { intent: 'create-platoon', name: 'Bad\u0000', discord_role_id: '1' }],
      ['/admin/settings/presets', { intent: 'save-preset', name: 'Bad\u0000' }],
      ['/admin/knowledge', { intent: 'save-packet', name: 'Bad\u0000', google_doc_url: 'https://example.com/d' }],
      [
        '/admin/roster/members',
        { intent: 'add-member', ingame_name: 'Fresh', join_date: '2030-01-02', notes: 'Bad\u0000' },
      ],
      ['/admin/roster/qualifications', { intent: 'save-qualification', name: 'Bad\u0000' }],
      ['/admin/roster/awards', { intent: 'save-award', name: 'Bad\u0000' }],
      ['/account', { intent: 'request-leave', start_date: '2031-03-01', end_date: '2031-03-02', reason: 'Bad\u0000' }],
    ]
    for (const [path, fields] of forms) {
      const response = await admin.postForm(path, fields)
      expect(response.status, path).toBe(400)
      expect(await response.text(), path).toContain('contains a NUL character, which cannot be stored.')
    }
    expect(await stateFingerprint(t)).toBe(before)
  })
})

describe('a date-time', () => {
  it.each(['12345', '2031-02-30T18:00:00Z', '12345-01-01T00:00:00Z', '1899-01-01T00:00:00Z'])(
    'of %j is refused with 400 on pingTime, nothing scheduled',
    async (pingTime) => {
      const event = await first(db().select({ id: events.id }).from(events).limit(1))
      const before = await stateFingerprint(t)
      const response = await api<{ error: string; fields?: Record<string, string[]> }>(
        admin,
        'POST',
        `/api/roster/events/${event.id}/ping`,
        {
          channelId: '1',
          pingTime,
          messageContent: 'Op tonight.',
          rolesToPing: ['2'],
        },
      )
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        error: 'Please enter a valid date and time.',
        fields: { pingTime: ['Please enter a valid date and time.'] },
      })
      expect(await stateFingerprint(t)).toBe(before)
    },
  )
})

describe('a calendar day', () => {
  it.each(['12345', '12345-01-01', '2031-02-30', '1899-12-31'])(
    "of %j is refused with 400 on the award grant's date, by the API and the member sheet's form; nothing granted",
    async (date) => {
      const member = await first(db().select({ id: members.id }).from(members).limit(1))
      const award = await first(db().select({ id: awards.id }).from(awards).limit(1))
      const before = await stateFingerprint(t)
      const response = await api<{ error: string; fields?: Record<string, string[]> }>(
        admin,
        'POST',
        `/api/roster/members/${member.id}/awards`,
        { award_id: award.id, date, citation: 'For the record.' },
      )
      expect(response.status).toBe(400)
      expect(response.body).toEqual({
        error: 'Please enter a valid date (YYYY-MM-DD).',
        fields: { date: ['Please enter a valid date (YYYY-MM-DD).'] },
      })
      const form = await admin.postForm('/admin/roster/members', {
        intent: 'grant-award',
        member_id: String(member.id),
        award_id: String(award.id),
        date,
      })
      expect(form.status).toBe(400)
      expect(await stateFingerprint(t)).toBe(before)
    },
  )
})

describe('a leave day', () => {
  it.each(['12345-01-01', '12345', '2031-02-30', '1899-12-31', '2031-03-01T00:00:00Z'])(
    'of %j is refused with 400 naming the field, nothing stored',
    async (day) => {
      const before = await stateFingerprint(t)
      for (const field of ['start_date', 'end_date']) {
        const body = { start_date: '2031-03-01', end_date: '2031-03-02', reason: 'Away.', [field]: day }
        const response = await api<{ error: string; fields?: Record<string, string[]> }>(
          admin,
          'POST',
          '/api/loa',
          body,
        )
        expect(response.status, `${field} ${day}`).toBe(400)
        expect(response.body).toEqual({
          error: 'Please enter a valid date (YYYY-MM-DD).',
          fields: { [field]: ['Please enter a valid date (YYYY-MM-DD).'] },
        })
      }
      expect(await stateFingerprint(t)).toBe(before)
    },
  )
})

describe('an oddly spelled id or number', () => {
  const oddSpellings = (id: number) => [
    `0x${id.toString(16)}`,
    `${id}.0`,
    `+${id}`,
    `%20${id}`,
    `${id / 1000}e3`,
    `0${id}`,
  ]

  it('never reaches a slot: sign-up and leave answer 400 Invalid slot id., by the API and the ORBAT page form', async () => {
    const slot = await openSlot()
    for (const odd of oddSpellings(slot.id)) {
      for (const action of ['signup', 'leave']) {
        const response = await api(admin, 'POST', `/api/slot/${odd}/${action}`)
        expect(response.status, `${action} ${odd}`).toBe(400)
        expect(response.body).toEqual({ error: 'Invalid slot id.' })
      }
      const page = await admin.postForm('/orbat', { intent: 'signup', slotId: decodeURIComponent(odd) })
      expect(page.status, `form ${odd}`).toBeLessThan(500)
    }
    expect((await first(db().select({ user: slots.user_id }).from(slots).where(eq(slots.id, slot.id)))).user).toBeNull()
  })

  it('answers 404 on the other id routes, like an unknown id', async () => {
    const packet = await first(db().select({ id: knowledgePackets.id }).from(knowledgePackets).limit(1))
    const member = await first(db().select({ id: members.id }).from(members).limit(1))
    const before = await stateFingerprint(t)
    for (const odd of oddSpellings(packet.id)) {
      expect(
        (await api(admin, 'PUT', `/api/knowledge/${odd}`, { name: 'Renamed', google_doc_url: 'https://example.com/x' }))
          .status,
        odd,
      ).toBe(404)
    }
    for (const odd of oddSpellings(member.id))
      expect((await api(admin, 'DELETE', `/api/roster/members/${odd}`)).status, odd).toBe(404)
    expect(await stateFingerprint(t)).toBe(before)
  })

  it('is refused in a body: hidden_score "0x10" is a 400, not 16', async () => {
    const member = await first(db().select().from(members).limit(1))
    const body = {
      ingame_name: member.ingame_name,
      rank: member.rank,
      join_date: member.join_date,
      hidden_score: '0x10',
    }
    const response = await api<{ error: string; fields?: Record<string, string[]> }>(
      admin,
      'PUT',
      `/api/roster/members/${member.id}`,
      body,
    )
    expect(response.status).toBe(400)
    expect(response.body.fields).toEqual({ hidden_score: ['The hidden score must be a number.'] })
    for (const odd of ['1e1', ' 5', '+5', '', [5], true]) {
      expect(
        (await api(admin, 'PUT', `/api/roster/members/${member.id}`, { ...body, hidden_score: odd })).status,
        JSON.stringify(odd),
      ).toBe(400)
    }
    expect(
      (await api(admin, 'POST', `/api/roster/events/1/attendance`, { memberIds: [`0x${member.id.toString(16)}`] }))
        .status,
    ).toBe(400)
    const form = await admin.postForm('/admin/roster/members', {
      intent: 'edit-member',
      id: String(member.id),
      ingame_name: member.ingame_name,
      join_date: member.join_date,
      hidden_score: '0x10',
    })
    expect(form.status).toBe(400)
    expect(
      (await first(db().select({ hidden: members.hidden_score }).from(members).where(eq(members.id, member.id))))
        .hidden,
    ).toBe(member.hidden_score)
  })
})
