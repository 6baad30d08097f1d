// Leave of absence over real HTTP on real PostgreSQL (docs/rules/personnel.md, Leave of absence): who may make each
// call (anonymous, the member, another member, an admin), every refusal of bad input (400 naming the field, nothing
// changed), every wrong state (409), overlapping requests (also two at the same moment), the LOA badge's on_loa on the
// roster, a member's record and the ORBAT, the page forms without JavaScript, the leave channel and the leave role on
// Discord, the daily job, and the days on leave that activity reports read.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addDays, LEAVE_MAX_PENDING, LEAVE_MESSAGES, type LeaveItem } from '#contracts/leave.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { PublicMember, RosterMember } from '#contracts/roster-types.ts'
import { leaves } from '#db/schema/personnel.ts'
import { members } from '#db/schema/roster.ts'
import { pendingRoleSyncs } from '#db/schema/role-syncs.ts'
import { settings } from '#db/schema/settings.ts'
import { DEMO_CHANNELS, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'
import {
  addMember,
  addSquad,
  assignSlot,
  auditEntries,
  loginDemos,
  resetOrbat,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { roleSyncSettled } from '#server/role-sync/queue.ts'
import { isOnLeave, leaveDaysByMember, leaveSpansByMember, unitDayEndsAt } from './days.ts'
import { turnLeaveDay } from './leave.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn, lee: LoggedIn
let reyesId: number, novakId: number

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak, lee] = await loginDemos(t, ['demo_admin', 'reyes', 'novak', 'recruit_lee'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await db().execute(sql`truncate ${pendingRoleSyncs}`)
  reyesId = (await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })).id
  novakId = (await addMember(db(), novak.discordId, { ingameName: 'Novak' })).id
  await addMember(db(), admin.discordId, { ingameName: 'Miller' })
})

const db = () => t.database.db

/** A calendar day in the unit's zone, `offset` days from today (the unit's zone is America/New_York unless set). */
function unitDay(offset = 0, zone = 'America/New_York'): string {
  return addDays(new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()), offset)
}

type LeaveAnswer = { leave: LeaveItem; error?: string; fields?: Record<string, string[]> }
const ask = (client: TestClient, body: Record<string, unknown>) => api<LeaveAnswer>(client, 'POST', '/api/loa', body)
describe('the request body', () => {
  it('is strict: keys the call does not take (status, member_id) are 400 naming them, and nothing is stored', async () => {
    const answer = await ask(reyes.client, { ...request(5, 6), status: 'approved', member_id: novakId })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('Unknown fields: status, member_id.')
    expect(Object.keys(answer.body.fields ?? {}).sort()).toEqual(['member_id', 'status'])
    expect(await db().select().from(leaves)).toEqual([])
  })
})

describe('pending requests', () => {
  it('are 3 at the most per member: 24 one-day requests at once store 3, the rest 409 with the reason', async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => ask(novak.client, request(40 + i, 40 + i))))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LEAVE_MAX_PENDING)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused.map((a) => [a.status, a.body.error])).toEqual(
      Array(24 - LEAVE_MAX_PENDING).fill([409, LEAVE_MESSAGES.tooManyPending]),
    )
    // One decided frees a place.
    const [first] = await db().select().from(leaves).where(eq(leaves.member_id, novakId)).limit(1)
    expect((await api(admin.client, 'POST', `/api/loa/${first!.id}/approve`)).status).toBe(200)
    expect((await ask(novak.client, request(70, 70))).status).toBe(201)
  })
})

const request = (from: number, to: number, reason = 'Family holiday.') => ({
  start_date: unitDay(from),
  end_date: unitDay(to),
  reason,
})

async function created(client: TestClient, body: Record<string, unknown>): Promise<LeaveItem> {
  const answer = await ask(client, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.leave
}

async function approved(client: TestClient, body: Record<string, unknown>): Promise<LeaveItem> {
  const leave = await created(client, body)
  const answer = await api<LeaveAnswer>(admin.client, 'POST', `/api/loa/${leave.id}/approve`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.leave
}

const rosterOnLoa = async () =>
  Object.fromEntries(
    (await api<{ members: RosterMember[] }>(t.client(), 'GET', '/api/roster?limit=100')).body.members.map((m) => [
      m.ingame_name,
      m.on_loa,
    ]),
  )

describe('asking for leave', () => {
  it('a member on the roster asks (201 {leave}, pending, audited); GET /api/loa lists it', async () => {
    const answer = await ask(reyes.client, { ...request(2, 15), reason: '  New job: training on site.  ' })
    expect(answer.status).toBe(201)
    expect(answer.body.leave).toMatchObject({
      member_id: reyesId,
      member_name: 'Reyes',
      start_date: unitDay(2),
      end_date: unitDay(15),
      days: 14,
      reason: 'New job: training on site.',
      status: 'pending',
      phase: 'pending',
      decided_at: null,
      decided_by: null,
      deny_reason: null,
      ended_at: null,
    })
    expect((await auditEntries(db(), 'Leave requested')).map((e) => [e.actor, e.details])).toEqual([
      ['Sgt. Reyes', `Reyes: ${unitDay(2)} to ${unitDay(15)}`],
    ])
    const mine = await api<{ leaves: LeaveItem[] }>(reyes.client, 'GET', '/api/loa')
    expect(mine.body.leaves.map((l) => l.id)).toEqual([answer.body.leave.id])
  })

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    await t.database.db.insert(settings).values({ key: 'leave_max_days', value: '30' })
    const before = await stateFingerprint(t)
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...request(5, 4) }, 'end_date', LEAVE_MESSAGES.endBeforeStart],
      [{ ...request(0, 3), end_date: '12345-01-01' }, 'end_date', LEAVE_MESSAGES.invalidDate],
      [{ ...request(0, 3), start_date: '12345' }, 'start_date', LEAVE_MESSAGES.invalidDate],
      [{ ...request(0, 3), start_date: '2026-02-30' }, 'start_date', LEAVE_MESSAGES.invalidDate],
      [{ ...request(0, 3), reason: 'x'.repeat(501) }, 'reason', LEAVE_MESSAGES.reasonTooLong],
      [{ ...request(0, 3), reason: '   ' }, 'reason', LEAVE_MESSAGES.reasonRequired],
      [{ ...request(0, 3), reason: 'a\u0000b' }, 'reason', 'reason contains a NUL character, which cannot be stored.'],
      [{ start_date: unitDay(0), reason: 'x' }, 'end_date', LEAVE_MESSAGES.endRequired],
      [{ ...request(0, 3), start_date: 20260101 }, 'start_date', LEAVE_MESSAGES.startRequired],
      [request(1, 31), 'end_date', LEAVE_MESSAGES.tooLong(30)],
      [request(-8, 2), 'start_date', LEAVE_MESSAGES.startTooEarly],
    ]
    for (const [body, field, message] of cases) {
      const answer = await ask(reyes.client, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error, JSON.stringify(body)).toBe(message)
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toEqual([field])
    }
    expect((await api(reyes.client, 'POST', '/api/loa', '{"start_date":')).status).toBe(400)
    expect((await api(reyes.client, 'POST', '/api/loa', '[]')).status).toBe(400)
    expect(await stateFingerprint(t)).toBe(before)
    // The edges are allowed: exactly leave_max_days days, and a start exactly 7 days ago.
    expect((await ask(reyes.client, request(1, 30))).status).toBe(201)
    expect((await ask(novak.client, request(-7, -7))).status).toBe(201)
  })

  it('reads today in the unit time zone: the 7 days back count from the unit day, not the server day', async () => {
    // Kiritimati (UTC+14) is a day ahead of Pago Pago (UTC-11) at every moment.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await db()
        .insert(settings)
        .values({ key: 'unit_time_zone', value: zone })
        .onConflictDoUpdate({ target: settings.key, set: { value: zone } })
      const early = { start_date: unitDay(-8, zone), end_date: unitDay(-8, zone), reason: 'Away.' }
      expect((await ask(reyes.client, early)).body.error, zone).toBe(LEAVE_MESSAGES.startTooEarly)
      const leave = await created(reyes.client, {
        ...early,
        start_date: unitDay(-7, zone),
        end_date: unitDay(-7, zone),
      })
      expect((await api<LeaveAnswer>(reyes.client, 'DELETE', `/api/loa/${leave.id}`)).status, `${zone} withdraw`).toBe(
        200,
      )
    }
  })

  it('refuses a person who is not on the roster, and a banned member (403)', async () => {
    const notOnRoster = await ask(lee.client, request(1, 2))
    expect(notOnRoster).toEqual({ status: 403, body: { error: LEAVE_MESSAGES.notOnRoster } })
    await db().update(members).set({ is_banned: true, ban_reason: 'x' }).where(eq(members.id, novakId))
    expect(await ask(novak.client, request(1, 2))).toEqual({ status: 403, body: { error: LEAVE_MESSAGES.banned } })
    expect(await api(t.client(), 'POST', '/api/loa', request(1, 2))).toEqual({
      status: 401,
      body: { error: 'You must be logged in.' },
    })
    expect(await db().select().from(leaves)).toEqual([])
  })

  it('refuses a leave that overlaps a pending or approved one (409); withdrawn, denied and ended-early days are free', async () => {
    const pending = await created(reyes.client, request(10, 20))
    const clash = await ask(reyes.client, request(20, 25))
    expect(clash).toEqual({ status: 409, body: { error: LEAVE_MESSAGES.overlap(unitDay(10), unitDay(20)) } })
    // Another member's leave on the same days is no clash.
    await created(novak.client, request(10, 20))
    // Withdrawn: its days are free again.
    await api(reyes.client, 'DELETE', `/api/loa/${pending.id}`)
    const approvedOne = await approved(reyes.client, request(10, 20))
    expect((await ask(reyes.client, request(0, 10))).status).toBe(409)
    // Denied requests hold no days.
    const denied = await created(reyes.client, request(25, 26))
    await api(admin.client, 'POST', `/api/loa/${denied.id}/deny`, { reason: 'Op week.' })
    expect((await ask(reyes.client, request(25, 27))).status).toBe(201)
    // An upcoming leave ended (cancelled) before it began holds none of its days.
    await api(reyes.client, 'POST', `/api/loa/${approvedOne.id}/end`)
    expect((await ask(reyes.client, request(12, 14))).status).toBe(201)
  })

  it('two overlapping requests at the same moment: one is stored, the other refused (the member row is locked)', async () => {
    for (let round = 0; round < 6; round++) {
      const from = 30 + round * 10
      const answers = await Promise.all([
        ask(reyes.client, request(from, from + 3, 'First tab.')),
        ask(reyes.client, request(from + 2, from + 5, 'Second tab.')),
      ])
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([201, 409])
      // Decided, so the next round's requests are not held back by the limit of pending ones.
      await db().update(leaves).set({ status: 'withdrawn' }).where(eq(leaves.member_id, reyesId))
    }
    const stored = await db().select().from(leaves).where(eq(leaves.member_id, reyesId))
    expect(stored).toHaveLength(6)
  })
})

describe('who may make each call', () => {
  it('anonymous 401, members 403 on admin calls and on others’ leave; the owner and admins as the rules say', async () => {
    const leave = await created(reyes.client, request(1, 5))
    const anonymous: Array<[string, string, unknown?]> = [
      ['GET', '/api/loa'],
      ['POST', '/api/loa', request(1, 2)],
      ['DELETE', `/api/loa/${leave.id}`],
      ['POST', `/api/loa/${leave.id}/approve`],
      ['POST', `/api/loa/${leave.id}/deny`, { reason: 'No.' }],
      ['POST', `/api/loa/${leave.id}/end`],
    ]
    const before = await stateFingerprint(t)
    for (const [method, path, body] of anonymous) {
      const answer = await api(t.client(), method, path, body)
      expect(answer, `${method} ${path}`).toEqual({ status: 401, body: { error: expect.any(String) } })
    }
    // Members: the admin calls are refused, for their own leave too.
    for (const client of [reyes.client, novak.client]) {
      expect(await api(client, 'POST', `/api/loa/${leave.id}/approve`)).toEqual({
        status: 403,
        body: { error: 'Admin access required.' },
      })
      expect((await api(client, 'POST', `/api/loa/${leave.id}/deny`, { reason: 'No.' })).status).toBe(403)
    }
    // Another member may not withdraw or end it, nor see it.
    expect(await api(novak.client, 'DELETE', `/api/loa/${leave.id}`)).toEqual({
      status: 403,
      body: { error: LEAVE_MESSAGES.notYours },
    })
    expect((await api<{ leaves: LeaveItem[] }>(novak.client, 'GET', '/api/loa')).body.leaves).toEqual([])
    // An admin may not withdraw someone else's request: they deny it.
    expect((await api(admin.client, 'DELETE', `/api/loa/${leave.id}`)).status).toBe(403)
    expect(await stateFingerprint(t)).toBe(before)

    // The admin sees everyone's; the owner and an admin may end an approved leave.
    const all = await api<{ leaves: LeaveItem[] }>(admin.client, 'GET', '/api/loa')
    expect(all.body.leaves.map((l) => l.member_name)).toEqual(['Reyes'])
    await api(admin.client, 'POST', `/api/loa/${leave.id}/approve`)
    expect((await api(novak.client, 'POST', `/api/loa/${leave.id}/end`)).status).toBe(403)
    const ended = await api<LeaveAnswer>(admin.client, 'POST', `/api/loa/${leave.id}/end`)
    expect(ended.body.leave).toMatchObject({ phase: 'ended_early', ended_by: 'Cpt. Miller' })
    const own = await approved(novak.client, request(8, 9))
    expect((await api<LeaveAnswer>(novak.client, 'POST', `/api/loa/${own.id}/end`)).body.leave.ended_by).toBe(
      'Pvt. Novak',
    )
    // Unknown and malformed ids: 404.
    for (const id of ['999999', '0x1', 'abc'])
      expect((await api(admin.client, 'POST', `/api/loa/${id}/approve`)).status).toBe(404)
  })
})

describe('decisions and states', () => {
  it('approve, deny (with a reason), end and withdraw only from the right state (409 otherwise)', async () => {
    const one = await created(reyes.client, request(0, 5))
    const two = await created(novak.client, request(1, 3))
    const deny = (id: number, body: unknown) => api<LeaveAnswer>(admin.client, 'POST', `/api/loa/${id}/deny`, body)
    expect((await deny(two.id, {})).body).toEqual({
      error: LEAVE_MESSAGES.denyReasonRequired,
      fields: { reason: [LEAVE_MESSAGES.denyReasonRequired] },
    })
    expect((await deny(two.id, { reason: 'x'.repeat(501) })).status).toBe(400)
    // End a pending one: 409.
    expect(await api(reyes.client, 'POST', `/api/loa/${one.id}/end`)).toEqual({
      status: 409,
      body: { error: LEAVE_MESSAGES.endNotApproved('pending') },
    })
    const denied = await deny(two.id, { reason: '  The op week.  ' })
    expect(denied.body.leave).toMatchObject({
      status: 'denied',
      phase: 'denied',
      deny_reason: 'The op week.',
      decided_by: 'Cpt. Miller',
    })
    // Approve a denied one, deny it again: 409.
    expect(await api(admin.client, 'POST', `/api/loa/${two.id}/approve`)).toEqual({
      status: 409,
      body: { error: LEAVE_MESSAGES.notPending('denied') },
    })
    expect((await deny(two.id, { reason: 'Again.' })).status).toBe(409)
    // The member reads the reason.
    const novakList = await api<{ leaves: LeaveItem[] }>(novak.client, 'GET', '/api/loa')
    expect(novakList.body.leaves[0]).toMatchObject({ phase: 'denied', deny_reason: 'The op week.' })

    const approvedOne = await api<LeaveAnswer>(admin.client, 'POST', `/api/loa/${one.id}/approve`)
    expect(approvedOne.body.leave).toMatchObject({ status: 'approved', phase: 'active', decided_by: 'Cpt. Miller' })
    // Withdraw an approved one: 409.
    expect(await api(reyes.client, 'DELETE', `/api/loa/${one.id}`)).toEqual({
      status: 409,
      body: { error: LEAVE_MESSAGES.withdrawNotPending('on leave') },
    })
    expect((await api(admin.client, 'POST', `/api/loa/${one.id}/approve`)).status).toBe(409)
    const ended = await api<LeaveAnswer>(reyes.client, 'POST', `/api/loa/${one.id}/end`)
    expect(ended.body.leave).toMatchObject({ status: 'approved', phase: 'ended_early', ended_by: 'Sgt. Reyes' })
    expect(await api(reyes.client, 'POST', `/api/loa/${one.id}/end`)).toEqual({
      status: 409,
      body: { error: LEAVE_MESSAGES.alreadyEnded },
    })
    // A leave over by the calendar cannot be ended.
    const past = await approved(novak.client, request(-6, -2))
    expect(past.phase).toBe('over')
    expect(await api(novak.client, 'POST', `/api/loa/${past.id}/end`)).toEqual({
      status: 409,
      body: { error: LEAVE_MESSAGES.alreadyOver },
    })
    // Withdrawn stays on record.
    const third = await created(novak.client, request(30, 31))
    const withdrawn = await api<LeaveAnswer>(novak.client, 'DELETE', `/api/loa/${third.id}`)
    expect(withdrawn.body.leave).toMatchObject({ status: 'withdrawn', phase: 'withdrawn' })
    expect((await api(novak.client, 'DELETE', `/api/loa/${third.id}`)).status).toBe(409)

    expect(
      (await auditEntries(db())).map((e) => [e.actor, e.action]).filter(([, a]) => a !== 'Leave requested'),
    ).toEqual([
      ['Cpt. Miller', 'Leave denied'],
      ['Cpt. Miller', 'Leave approved'],
      ['Sgt. Reyes', 'Leave ended early'],
      ['Cpt. Miller', 'Leave approved'],
      ['Pvt. Novak', 'Leave withdrawn'],
    ])
  })

  it('filters: a status or active; an unknown status is 400 naming it', async () => {
    const active = await approved(reyes.client, request(-1, 3))
    const upcoming = await approved(novak.client, request(4, 6))
    const pending = await created(novak.client, request(10, 12))
    const list = async (query: string) =>
      (await api<{ leaves: LeaveItem[] }>(admin.client, 'GET', `/api/loa${query}`)).body.leaves.map((l) => l.id)
    expect(await list('?status=active')).toEqual([active.id])
    expect(await list('?status=approved')).toEqual([upcoming.id, active.id])
    expect(await list('?status=pending')).toEqual([pending.id])
    expect(await list('?status=denied')).toEqual([])
    expect(await list('')).toEqual([pending.id, upcoming.id, active.id])
    const bad = await api<{ error: string; fields: Record<string, string[]> }>(admin.client, 'GET', '/api/loa?status=x')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields)).toEqual(['status'])
    // A member's filter narrows their own.
    expect(
      (await api<{ leaves: LeaveItem[] }>(novak.client, 'GET', '/api/loa?status=pending')).body.leaves.map((l) => l.id),
    ).toEqual([pending.id])
  })

  it('deleting a member deletes their leave', async () => {
    await created(reyes.client, request(1, 2))
    await api(admin.client, 'DELETE', `/api/roster/members/${reyesId}`)
    expect(await db().select().from(leaves)).toEqual([])
  })
})

describe('the LOA badge', () => {
  it('on_loa on /api/roster, the member record and /api/orbat while the leave is active; false at once when ended', async () => {
    const { slot } = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman' }, { role: 'Medic' }] })
    await assignSlot(db(), slot('Rifleman').id, reyes.id)
    await assignSlot(db(), slot('Medic').id, novak.id)
    const orbatLoa = async () =>
      Object.fromEntries(
        (await api<OrbatPayload>(t.client(), 'GET', '/api/orbat')).body.slots.map((s) => [s.role, s.on_loa]),
      )
    expect(await rosterOnLoa()).toEqual({ Miller: false, Novak: false, Reyes: false })

    // Upcoming: not yet.
    await approved(novak.client, request(1, 4))
    const leave = await approved(reyes.client, request(0, 4))
    await expect.poll(rosterOnLoa, { timeout: 3000 }).toEqual({ Miller: false, Novak: false, Reyes: true })
    expect(await orbatLoa()).toEqual({ Rifleman: true, Medic: false })
    expect((await api<PublicMember>(t.client(), 'GET', `/api/roster/member/${reyesId}`)).body.on_loa).toBe(true)
    expect((await api<PublicMember>(t.client(), 'GET', `/api/roster/member/${novakId}`)).body.on_loa).toBe(false)
    // The roster page shows the badge.
    const page = await (await t.client().get('/roster')).text()
    expect(page.match(/data-testid="loa-badge"/g)).toHaveLength(1)

    await api(reyes.client, 'POST', `/api/loa/${leave.id}/end`)
    expect(await orbatLoa()).toEqual({ Rifleman: false, Medic: false })
    await expect.poll(rosterOnLoa, { timeout: 3000 }).toEqual({ Miller: false, Novak: false, Reyes: false })
    expect((await api<PublicMember>(t.client(), 'GET', `/api/roster/member/${reyesId}`)).body.on_loa).toBe(false)
  })

  it('the ORBAT snapshot is kept no longer than the end of the unit day it was built on', () => {
    const at = Date.parse('2026-03-07T12:00:00Z')
    expect(new Date(unitDayEndsAt('America/New_York', at)).toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(new Date(unitDayEndsAt('Europe/Berlin', at)).toISOString()).toBe('2026-03-07T23:00:00.000Z')
  })
})

describe('Discord: the leave channel and the leave role', () => {
  it('posts approvals, denials and early ends to the leave channel, naming the member', async () => {
    await db().insert(settings).values({ key: 'leave_channel_id', value: DEMO_CHANNELS.announcements.id })
    const one = await approved(reyes.client, request(0, 2))
    const two = await created(novak.client, request(3, 4))
    await api(admin.client, 'POST', `/api/loa/${two.id}/deny`, { reason: 'Op week.' })
    await api(admin.client, 'POST', `/api/loa/${one.id}/end`)
    await expect
      .poll(() => t.discord.state.messages.filter((m) => m.channelId === DEMO_CHANNELS.announcements.id).length)
      .toBe(3)
    expect(t.discord.state.messages.map((m) => m.content)).toEqual([
      `🏖️ Leave of absence from ${unitDay(0)} to ${unitDay(2)} approved for <@${reyes.discordId}> (**Reyes**).`,
      `Leave request from ${unitDay(3)} to ${unitDay(4)} denied for <@${novak.discordId}> (**Novak**). Reason: Op week.`,
      `Leave of absence from ${unitDay(0)} to ${unitDay(2)} of <@${reyes.discordId}> (**Reyes**) ended early.`,
    ])
  })

  it('a post Discord refuses changes nothing of the decision', async () => {
    await db().insert(settings).values({ key: 'leave_channel_id', value: '999999999999999999' })
    const leave = await approved(reyes.client, request(0, 2))
    expect(leave.status).toBe('approved')
  })

  it('the leave role follows an active leave: given on approval, taken when it ends; the daily job queues the calendar turns', async () => {
    const role = DEMO_ROLES.onLeave.id
    await db().insert(settings).values({ key: 'leave_role_id', value: role })
    const holds = () => t.discord.state.users.get(reyes.discordId)!.user.roles.includes(role)
    expect(holds()).toBe(false)
    const leave = await approved(reyes.client, request(0, 3))
    await expect.poll(holds, { timeout: 5000 }).toBe(true)
    await api(reyes.client, 'POST', `/api/loa/${leave.id}/end`)
    await expect.poll(holds, { timeout: 5000 }).toBe(false)

    // By the calendar: a leave starting today and one that ended yesterday are queued; others are not.
    await roleSyncSettled()
    await db().execute(sql`truncate ${pendingRoleSyncs}`)
    await db()
      .insert(leaves)
      .values([
        { member_id: reyesId, start_date: unitDay(0), end_date: unitDay(3), reason: 'x', status: 'approved' },
        { member_id: novakId, start_date: unitDay(-5), end_date: unitDay(-1), reason: 'x', status: 'approved' },
        { member_id: novakId, start_date: unitDay(1), end_date: unitDay(2), reason: 'x', status: 'approved' },
      ])
    expect(await turnLeaveDay(t.app.services)).toBe(2)
    await expect.poll(holds, { timeout: 5000 }).toBe(true)
  })
})

describe('days on leave (for activity reports)', () => {
  it('counts approved days in a period, clipped, in one query; an early end frees the days from the day it was ended', async () => {
    const services = t.app.services
    await db()
      .insert(leaves)
      .values([
        { member_id: reyesId, start_date: '2026-01-01', end_date: '2026-01-10', reason: 'x', status: 'approved' },
        { member_id: reyesId, start_date: '2026-01-20', end_date: '2026-01-31', reason: 'x', status: 'pending' },
        {
          member_id: novakId,
          start_date: '2026-01-05',
          end_date: '2026-01-25',
          reason: 'x',
          status: 'denied',
          deny_reason: 'No.',
        },
        {
          member_id: novakId,
          start_date: '2026-01-08',
          end_date: '2026-01-20',
          reason: 'x',
          status: 'approved',
          // Noon on the 12th in New York: the 8th to the 11th stay leave days.
          ended_at: new Date('2026-01-12T17:00:00Z'),
        },
      ])
    const days = await leaveDaysByMember(services.db, [reyesId, novakId], '2026-01-05', '2026-01-31')
    expect(Object.fromEntries(days)).toEqual({ [reyesId]: 6, [novakId]: 4 })
    expect(
      Object.fromEntries(await leaveSpansByMember(services.db, [reyesId, novakId], '2026-01-05', '2026-01-31')),
    ).toEqual({
      [reyesId]: [{ from: '2026-01-05', to: '2026-01-10' }],
      [novakId]: [{ from: '2026-01-08', to: '2026-01-11' }],
    })
    expect(await isOnLeave(services.db, novakId, '2026-01-11')).toBe(true)
    expect(await isOnLeave(services.db, novakId, '2026-01-12')).toBe(false)
    expect(await isOnLeave(services.db, reyesId, '2026-01-20')).toBe(false)
    expect((await leaveDaysByMember(services.db, [], '2026-01-01', '2026-12-31')).size).toBe(0)
  })
})

describe('the page forms without JavaScript', () => {
  it('/account: ask (inline errors on a bad form, 409 inline on an overlap), withdraw and end after the confirm step', async () => {
    const form = (fields: Record<string, string>) =>
      reyes.client.postForm('/account', { intent: 'request-leave', _form: 'leave', ...fields })
    const bad = await form({ start_date: unitDay(3), end_date: unitDay(1), reason: 'Away.' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain(LEAVE_MESSAGES.endBeforeStart)
    const noReason = await form({ start_date: unitDay(1), end_date: unitDay(3), reason: '' })
    expect(noReason.status).toBe(400)
    expect(await noReason.text()).toContain(LEAVE_MESSAGES.reasonRequired)
    const tooEarly = await form({ start_date: unitDay(-9), end_date: unitDay(3), reason: 'Away.' })
    expect(tooEarly.status).toBe(400)
    expect(await tooEarly.text()).toContain(LEAVE_MESSAGES.startTooEarly)

    const ok = await reyes.client.postForm('/account', {
      intent: 'request-leave',
      _form: 'leave',
      ...request(1, 3, 'Wedding.'),
    })
    expect(ok.status).toBe(302)
    const [stored] = await db().select().from(leaves)
    expect(stored).toMatchObject({ reason: 'Wedding.', status: 'pending' })
    const overlap = await reyes.client.postForm('/account', {
      intent: 'request-leave',
      _form: 'leave',
      ...request(2, 3, 'Again.'),
    })
    expect(overlap.status).toBe(409)
    expect(await overlap.text()).toContain('You already have a leave from')

    const page = await (await reyes.client.get('/account')).text()
    expect(page).toContain('Wedding.')
    expect(page).toContain('Pending')

    // Withdraw: first the confirm step, then done.
    const ask1 = await reyes.client.postForm('/account', { intent: 'withdraw-leave', id: String(stored!.id) })
    expect(ask1.headers.get('location')).toBe(`/account?confirm=withdraw-leave-${stored!.id}`)
    const done = await reyes.client.postForm('/account', {
      intent: 'withdraw-leave',
      id: String(stored!.id),
      confirmed: 'yes',
    })
    expect(done.status).toBe(302)
    expect((await db().select().from(leaves))[0]!.status).toBe('withdrawn')

    // End an approved leave: the confirm step, then it ends at once.
    const leave = await approved(reyes.client, request(0, 4))
    const ask2 = await reyes.client.postForm('/account', { intent: 'end-leave', id: String(leave.id) })
    expect(ask2.headers.get('location')).toBe(`/account?confirm=end-leave-${leave.id}`)
    expect(await (await reyes.client.get(ask2.headers.get('location')!)).text()).toContain('End your leave now?')
    await reyes.client.postForm('/account', { intent: 'end-leave', id: String(leave.id), confirmed: 'yes' })
    expect((await db().select().from(leaves).where(eq(leaves.id, leave.id)))[0]!.ended_at).not.toBeNull()

    // A member not on the roster reads why they cannot ask.
    expect(await (await lee.client.get('/account')).text()).toContain(LEAVE_MESSAGES.notOnRoster)
  })

  it('the Leave tab: lists pending requests, approves, denies with a reason (inline without one), ends', async () => {
    const one = await created(reyes.client, request(0, 2, 'Exams.'))
    const two = await created(novak.client, request(1, 2, 'Holiday.'))
    const tab = await (await admin.client.get('/admin/roster/leave')).text()
    expect(tab).toContain('Exams.')
    expect(tab).toContain('Holiday.')
    expect((await reyes.client.get('/admin/roster/leave')).status).toBe(403)
    expect(
      (await reyes.client.postForm('/admin/roster/leave', { intent: 'approve-leave', id: String(one.id) })).status,
    ).toBe(403)

    expect(
      (await admin.client.postForm('/admin/roster/leave', { intent: 'approve-leave', id: String(one.id) })).status,
    ).toBe(302)
    const noReason = await admin.client.postForm('/admin/roster/leave?dialog=deny&leave=' + two.id, {
      intent: 'deny-leave',
      _form: `deny-leave-${two.id}`,
      id: String(two.id),
      reason: ' ',
    })
    expect(noReason.status).toBe(400)
    expect(await noReason.text()).toContain(LEAVE_MESSAGES.denyReasonRequired)
    await admin.client.postForm('/admin/roster/leave', { intent: 'deny-leave', id: String(two.id), reason: 'Op.' })
    const rows = await db().select().from(leaves).orderBy(leaves.id)
    expect(rows.map((r) => [r.status, r.deny_reason])).toEqual([
      ['approved', null],
      ['denied', 'Op.'],
    ])
    expect(await (await admin.client.get('/admin/roster/leave?status=active')).text()).toContain('Exams.')
    // The admin hub counts the pending requests.
    await created(novak.client, request(5, 6, 'Later.'))
    expect(await (await admin.client.get('/admin')).text()).toMatch(/data-testid="pending-leave"[^>]*>1 pending</)

    const confirm = await admin.client.postForm('/admin/roster/leave', { intent: 'end-leave', id: String(one.id) })
    expect(confirm.headers.get('location')).toBe(`/admin/roster/leave?confirm=end-leave-${one.id}`)
    await admin.client.postForm('/admin/roster/leave', { intent: 'end-leave', id: String(one.id), confirmed: 'yes' })
    expect((await db().select().from(leaves).where(eq(leaves.id, one.id)))[0]!.ended_at).not.toBeNull()
  })

  it('General settings: the longest leave, 1 to 365 days', async () => {
    const bad = await admin.client.postForm('/admin/settings/general', {
      intent: 'save-leave-max-days',
      _form: 'leave-max-days',
      leave_max_days: '0x10',
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain(LEAVE_MESSAGES.maxDaysInvalid)
    expect(
      (
        await admin.client.postForm('/admin/settings/general', {
          intent: 'save-leave-max-days',
          leave_max_days: '14',
        })
      ).status,
    ).toBe(302)
    expect((await ask(reyes.client, request(1, 15))).body.error).toBe(LEAVE_MESSAGES.tooLong(14))
    const put = await api(admin.client, 'PUT', '/api/admin/settings', { key: 'leave_max_days', value: '366' })
    expect(put.status).toBe(400)
  })
})
