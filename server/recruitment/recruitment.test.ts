// Recruitment over real HTTP on real PostgreSQL with real Discord logins (docs/rules/recruitment.md): who may make
// each call (anonymous, the applicant, another user, a member, an admin), the form's rules, one open application per
// Discord account (also two at once), the cooldown after a rejection, banned members, the accept that creates exactly
// one member even when two admins press it at once (with its roles on Discord), the reason the rejected applicant
// reads without the recruiters' comments, the recruiters channel post and the applicant's DMs.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  RECRUITMENT_MESSAGES,
  type ApplicantApplication,
  type Application,
  type RecruitmentForm,
} from '#contracts/recruitment.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { applications, recruitmentForms } from '#db/schema/recruitment.ts'
import { members } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { DEMO_CHANNELS, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { addAndLoginUsers, addMember, auditEntries, loginDemos, type LoggedIn } from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, blake: LoggedIn
let applicant: LoggedIn, other: LoggedIn, third: LoggedIn

const db = () => t.database.db

const FORM = {
  open: true,
  closed_message: 'Recruiting again in spring.',
  intro: '<p>We are <strong>Task Force</strong>.</p><script>alert(1)</script>',
  questions: [
    { id: 'age', label: 'Age', kind: 'number', required: true },
    { id: 'why', label: 'Why do you want to join?', kind: 'textarea', required: true },
    { id: 'role', label: 'Preferred role', kind: 'choice', options: ['Rifleman', 'Medic'], required: false },
    { id: 'mic', label: 'Do you have a microphone?', kind: 'yesno', required: true },
  ],
}
const ANSWERS = { age: 21, why: 'Teamwork.', role: 'Medic', mic: true }

beforeAll(async () => {
  // With its job runner: the applicant's DMs are notifications it sends (docs/rules/notifications.md).
  t = await startTestApp({ jobs: true })
  ;[admin, reyes, blake] = await loginDemos(t, ['demo_admin', 'reyes', 'banned_blake'])
  const made = await addAndLoginUsers(t, 3, { prefix: 77, roles: [], namePrefix: 'recruit' })
  ;[applicant, other, third] = [made[0]!, made[1]!, made[2]!]
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await db().execute(sql`truncate ${applications}, ${recruitmentForms} cascade`)
  await db().execute(sql`delete from ${members}`)
  await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
  await addMember(db(), blake.discordId, { ingameName: 'Blake', banned: 'Griefing.' })
  expect((await api(admin.client, 'PUT', '/api/recruitment/form', FORM)).status).toBe(200)
})

const applyAs = (client: TestClient, answers: Record<string, unknown> = ANSWERS) =>
  api<{ id: number; error?: string; fields?: Record<string, string[]> }>(client, 'POST', '/api/applications', {
    answers,
  })
const move = (client: TestClient, id: number, status: string, reason?: string) =>
  api<{ application: Application; member_id: number | null; error?: string }>(
    client,
    'POST',
    `/api/applications/${id}/status`,
    { status, reason },
  )
async function applied(client: TestClient = applicant.client): Promise<number> {
  const answer = await applyAs(client)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.id
}

describe('the form', () => {
  it('is public, sanitised and kept in order; only an admin replaces it', async () => {
    const read = await api<RecruitmentForm>(t.client(), 'GET', '/api/recruitment/form')
    expect(read.status).toBe(200)
    expect(read.body.open).toBe(true)
    expect(read.body.intro_html).toContain('<strong>Task Force</strong>')
    expect(read.body.intro_html).not.toContain('script')
    expect(read.body.questions.map((q) => q.id)).toEqual(['age', 'why', 'role', 'mic'])
    expect(read.body.questions[2]).toEqual({
      id: 'role',
      label: 'Preferred role',
      kind: 'choice',
      options: ['Rifleman', 'Medic'],
      required: false,
    })
    for (const [client, status] of [
      [t.client(), 401],
      [reyes.client, 403],
      [applicant.client, 403],
    ] as const)
      expect((await api(client, 'PUT', '/api/recruitment/form', { ...FORM, open: false })).status).toBe(status)
    // A new question gets an id; bad input is 400 and changes nothing.
    const saved = await api<RecruitmentForm>(admin.client, 'PUT', '/api/recruitment/form', {
      ...FORM,
      questions: [...FORM.questions, { label: 'Timezone', kind: 'text' }],
    })
    expect(saved.body.questions[4]!.id).toMatch(/^q-[0-9a-f]{8}$/)
    for (const bad of [
      { ...FORM, questions: [{ label: 'Pick', kind: 'choice', options: ['One'] }] },
      { ...FORM, questions: [{ label: '', kind: 'text' }] },
      { ...FORM, questions: [{ label: 'x', kind: 'essay' }] },
      { ...FORM, open: 'yes' },
    ]) {
      const answer = await api<{ error: string }>(admin.client, 'PUT', '/api/recruitment/form', bad)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
    }
    expect((await api<RecruitmentForm>(t.client(), 'GET', '/api/recruitment/form')).body.questions).toHaveLength(5)
    expect(await auditEntries(db(), 'Recruitment form saved')).not.toHaveLength(0)
  })

  it('closed: nobody can apply, and the closed message says why', async () => {
    await api(admin.client, 'PUT', '/api/recruitment/form', { ...FORM, open: false })
    const answer = await applyAs(applicant.client)
    expect(answer.status).toBe(403)
    expect(answer.body.error).toBe('Recruiting again in spring.')
  })
})

describe('applying', () => {
  it('anonymous 401; members 409; banned members 403; a non-member 201', async () => {
    expect((await applyAs(t.client())).status).toBe(401)
    const member = await applyAs(reyes.client)
    expect([member.status, member.body.error]).toEqual([409, 'You are already a member of the unit.'])
    const banned = await applyAs(blake.client)
    expect([banned.status, banned.body.error]).toEqual([403, 'Banned members cannot apply.'])
    const id = await applied()
    const mine = await api<{ applications: ApplicantApplication[] }>(applicant.client, 'GET', '/api/applications/mine')
    expect(mine.body.applications.map((a) => [a.id, a.status])).toEqual([[id, 'submitted']])
    expect(mine.body.applications[0]!.answers.find((a) => a.question_id === 'mic')!.value).toBe(true)
    expect(mine.body.applications[0]!.history.map((h) => h.kind)).toEqual(['submitted'])
  })

  it('400 naming the question when an answer is missing or invalid; nothing stored', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...ANSWERS, why: '  ' }, 'why', 'Please answer "Why do you want to join?".'],
      [{ ...ANSWERS, age: 'old' }, 'age', 'The answer to "Age" must be a number.'],
      [{ ...ANSWERS, role: 'Pilot' }, 'role', 'Please pick one of the options for "Preferred role".'],
      [{ ...ANSWERS, mic: 'maybe' }, 'mic', 'Please answer yes or no to "Do you have a microphone?".'],
      [
        { ...ANSWERS, why: 'x'.repeat(4001) },
        'why',
        'The answer to "Why do you want to join?" is limited to 4000 characters.',
      ],
      [{ ...ANSWERS, nope: 'x' }, 'nope', 'There is no question nope on the form.'],
    ]
    for (const [answers, field, message] of cases) {
      const answer = await applyAs(applicant.client, answers)
      expect(answer.status, field).toBe(400)
      expect(answer.body.fields?.[field]).toEqual([message])
    }
    expect((await api(applicant.client, 'POST', '/api/applications', { answers: 'all' })).status).toBe(400)
    expect((await api(applicant.client, 'POST', '/api/applications', '{oops')).status).toBe(400)
    expect(await db().select().from(applications)).toEqual([])
  })

  it('one open application per Discord account, also when two arrive at once', async () => {
    const both = await Promise.all([applyAs(applicant.client), applyAs(applicant.client)])
    expect(both.map((a) => a.status).sort()).toEqual([201, 409])
    expect(both.find((a) => a.status === 409)!.body.error).toBe('You already have an open application.')
    expect(await db().select().from(applications)).toHaveLength(1)
  })

  it('a rejected applicant may apply again after the cooldown (30 days, or the setting)', async () => {
    const id = await applied()
    expect((await move(admin.client, id, 'rejected', 'Too young.')).status).toBe(200)
    const again = await applyAs(applicant.client)
    expect(again.status).toBe(409)
    expect(again.body.error).toMatch(/^You can apply again from \d{4}-\d{2}-\d{2}\.$/)
    // 29 days later: still waiting; 31 days later: welcome.
    const back = (days: number) =>
      db()
        .update(applications)
        .set({ decided_at: new Date(Date.now() - days * 86_400_000) })
        .where(eq(applications.id, id))
    await back(29)
    expect((await applyAs(applicant.client)).status).toBe(409)
    await back(31)
    const second = await applyAs(applicant.client)
    expect(second.status).toBe(201)
    // A unit setting of 0 days: apply again at once.
    await api(admin.client, 'POST', `/api/applications/${second.body.id}/status`, { status: 'rejected', reason: 'No.' })
    expect(
      (await api(admin.client, 'PUT', '/api/admin/settings', { key: 'recruitment_cooldown_days', value: '0' })).status,
    ).toBe(200)
    expect((await applyAs(applicant.client)).status).toBe(201)
    expect(
      (await api(admin.client, 'PUT', '/api/admin/settings', { key: 'recruitment_cooldown_days', value: '-1' })).status,
    ).toBe(400)
    await db().delete(settings).where(eq(settings.key, 'recruitment_cooldown_days'))
  })

  it('the applicant withdraws their own open application; nobody else can', async () => {
    const id = await applied()
    expect((await api(other.client, 'POST', `/api/applications/${id}/withdraw`)).status).toBe(404)
    expect((await api(t.client(), 'POST', `/api/applications/${id}/withdraw`)).status).toBe(401)
    const done = await api<{ application: ApplicantApplication }>(
      applicant.client,
      'POST',
      `/api/applications/${id}/withdraw`,
    )
    expect(done.status).toBe(200)
    expect(done.body.application.status).toBe('withdrawn')
    expect((await api(applicant.client, 'POST', `/api/applications/${id}/withdraw`)).status).toBe(409)
    // Withdrawn is not open, and no cooldown applies.
    expect((await applyAs(applicant.client)).status).toBe(201)
  })

  it('withdrawing and applying again is limited to 3 applications a day per Discord account: the 4th is 429', async () => {
    for (let i = 0; i < 3; i++) {
      const id = await applied(third.client)
      expect((await api(third.client, 'POST', `/api/applications/${id}/withdraw`)).status).toBe(200)
    }
    const fourth = await applyAs(third.client)
    expect(fourth.status).toBe(429)
    expect(fourth.body.error).toBe(RECRUITMENT_MESSAGES.tooManyToday)
    expect(await db().select().from(applications).where(eq(applications.discord_id, third.discordId))).toHaveLength(3)
    // A day later the account may apply again.
    await db()
      .update(applications)
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(applications.discord_id, third.discordId))
    expect((await applyAs(third.client)).status).toBe(201)
  })
})

describe('the pipeline', () => {
  it('reads: admin everything; the applicant their own without comments; anyone else 404 or 403', async () => {
    const id = await applied()
    await api(admin.client, 'POST', `/api/applications/${id}/comments`, { text: 'Seems keen.' })
    const full = await api<{ application: Application }>(admin.client, 'GET', `/api/applications/${id}`)
    expect(full.body.application.comments.map((c) => c.text)).toEqual(['Seems keen.'])
    expect(full.body.application.applicant).toMatchObject({
      discord_id: applicant.discordId,
      username: applicant.username,
    })
    expect(full.body.application.applicant.account_age_days).toBeGreaterThanOrEqual(0)
    const own = await api<{ application: Record<string, unknown> }>(applicant.client, 'GET', `/api/applications/${id}`)
    expect(own.status).toBe(200)
    expect(own.body.application).not.toHaveProperty('comments')
    expect(own.body.application).not.toHaveProperty('assignee')
    for (const [client, status] of [
      [t.client(), 401],
      [other.client, 404],
      [reyes.client, 404],
    ] as const)
      expect((await api(client, 'GET', `/api/applications/${id}`)).status).toBe(status)
    for (const [client, status] of [
      [t.client(), 401],
      [applicant.client, 403],
      [reyes.client, 403],
    ] as const) {
      expect((await api(client, 'GET', '/api/applications')).status).toBe(status)
      expect((await api(client, 'POST', `/api/applications/${id}/status`, { status: 'reviewing' })).status).toBe(status)
      expect((await api(client, 'POST', `/api/applications/${id}/comments`, { text: 'x' })).status).toBe(status)
      expect((await api(client, 'POST', `/api/applications/${id}/assign`, { user_id: admin.id })).status).toBe(status)
    }
    expect((await api(t.client(), 'GET', '/api/applications/mine')).status).toBe(401)
    const list = await api<{ applications: Application[] }>(admin.client, 'GET', '/api/applications?status=submitted')
    expect(list.body.applications.map((a) => a.id)).toEqual([id])
    expect((await api(admin.client, 'GET', '/api/applications?status=lost')).status).toBe(400)
    expect((await api(admin.client, 'GET', '/api/applications/999999')).status).toBe(404)
  })

  it('assigns an admin (not a member), moves through interview, and keeps the history', async () => {
    const id = await applied()
    expect((await api(admin.client, 'POST', `/api/applications/${id}/assign`, { user_id: reyes.id })).status).toBe(400)
    const assigned = await api<{ application: Application }>(admin.client, 'POST', `/api/applications/${id}/assign`, {
      user_id: admin.id,
    })
    expect(assigned.body.application.assignee).toEqual({ user_id: admin.id, name: 'Cpt. Miller' })
    expect((await move(admin.client, id, 'reviewing')).status).toBe(200)
    expect((await move(admin.client, id, 'reviewing')).status).toBe(409)
    expect((await move(admin.client, id, 'withdrawn')).status).toBe(400)
    const rejectNoReason = await move(admin.client, id, 'rejected')
    expect(rejectNoReason.status).toBe(400)
    const interview = await move(admin.client, id, 'interview')
    expect(interview.body.application.history.map((h) => [h.kind, h.to_status])).toEqual([
      ['submitted', 'submitted'],
      ['assigned', null],
      ['status', 'reviewing'],
      ['status', 'interview'],
    ])
    // The applicant's history leaves the assignment out.
    const own = await api<{ application: ApplicantApplication }>(applicant.client, 'GET', `/api/applications/${id}`)
    expect(own.body.application.history.map((h) => h.to_status)).toEqual(['submitted', 'reviewing', 'interview'])
  })

  it('accepting creates exactly one BMT member linked by Discord id, even when two admins press Accept at once', async () => {
    await db().insert(rankRoleMappings).values({ rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id })
    const id = await applied()
    const [admin2] = await addAndLoginUsers(t, 1, { prefix: 78, roles: [DEMO_ROLES.admin.id] })
    const both = await Promise.all([move(admin.client, id, 'accepted'), move(admin2!.client, id, 'accepted')])
    expect(both.map((a) => a.status).sort()).toEqual([200, 409])
    const won = both.find((a) => a.status === 200)!
    expect(both.find((a) => a.status === 409)!.body.error).toBe('This application is already accepted.')
    const rows = await db().select().from(members).where(eq(members.discord_id, applicant.discordId))
    expect(rows).toHaveLength(1)
    expect(won.body.member_id).toBe(rows[0]!.id)
    expect(rows[0]!.rank).toBe('BMT')
    expect(rows[0]!.join_date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()),
    )
    expect(won.body.application.member_id).toBe(rows[0]!.id)
    // An admin's roster read carries the Discord id (the public one leaves it out).
    const roster = await api(admin.client, 'GET', `/api/roster?type=discord_id&term=${applicant.discordId}`)
    expect(JSON.stringify(roster.body)).toContain(`"discord_id":"${applicant.discordId}"`)
    // The role sync gives the rank role on Discord; the applicant hears of it by DM.
    const holds = () => t.discord.state.users.get(applicant.discordId)!.user.roles.includes(DEMO_ROLES.rankBMT.id)
    await expect.poll(holds, { timeout: 5000 }).toBe(true)
    await expect
      .poll(() =>
        t.discord.state.messages.filter((m) => m.channelName === `@${applicant.username}`).map((m) => m.content),
      )
      .toContainEqual(expect.stringContaining('Your application was accepted'))
    // The recruiters read what reached the applicant, and the new member's name.
    const read = async () =>
      (await api<{ application: Application }>(admin.client, 'GET', `/api/applications/${id}`)).body.application
    await expect
      .poll(async () => {
        const a = await read()
        return [a.applicant_told?.discord, a.discord_roles?.state]
      })
      .toEqual(['sent', 'given'])
    expect(await read()).toMatchObject({
      member_name: rows[0]!.ingame_name,
      applicant_told: { status: 'accepted', discord: 'sent', discord_error: null },
    })
    await db().delete(rankRoleMappings)
  })

  it('an applicant whose direct messages are closed: the recruiters see the message did not reach them', async () => {
    const id = await applied(other.client)
    t.discord.state.closedDms.add(other.discordId)
    try {
      expect((await move(admin.client, id, 'reviewing')).status).toBe(200)
      const told = async () =>
        (await api<{ application: Application }>(admin.client, 'GET', `/api/applications/${id}`)).body.application
          .applicant_told
      await expect.poll(async () => (await told())?.discord, { timeout: 10_000 }).toBe('failed')
      expect(await told()).toMatchObject({ status: 'reviewing', discord_error: expect.any(String) })
    } finally {
      t.discord.state.closedDms.delete(other.discordId)
    }
  })

  it('refuses to accept when the Discord account is already on the roster', async () => {
    const id = await applied()
    await addMember(db(), applicant.discordId, { ingameName: 'Added By Hand' })
    const answer = await move(admin.client, id, 'accepted')
    expect([answer.status, answer.body.error]).toEqual([
      409,
      'Added By Hand is already on the roster with this Discord account.',
    ])
    const [row] = await db().select().from(applications).where(eq(applications.id, id))
    expect(row!.status).toBe('submitted')
  })

  it('a rejected applicant sees the reason but not the comments, and is told by DM', async () => {
    const id = await applied(other.client)
    await api(admin.client, 'POST', `/api/applications/${id}/comments`, { text: 'Rude in voice.' })
    const rejected = await move(admin.client, id, 'rejected', 'We are full for now.')
    expect(rejected.status).toBe(200)
    const mine = await api<{ applications: ApplicantApplication[] }>(other.client, 'GET', '/api/applications/mine')
    expect(mine.body.applications[0]).toMatchObject({ status: 'rejected', reason: 'We are full for now.' })
    expect(JSON.stringify(mine.body)).not.toContain('Rude in voice.')
    expect((await move(admin.client, id, 'accepted')).status).toBe(409)
    await expect
      .poll(() => t.discord.state.messages.filter((m) => m.channelName === `@${other.username}`).map((m) => m.content))
      .toContainEqual('Your application was rejected. Reason: We are full for now.')
  })

  it('posts a new application to the recruiters channel when one is set', async () => {
    await db()
      .insert(settings)
      .values({ key: 'recruitment_channel_id', value: DEMO_CHANNELS.announcements.id })
      .onConflictDoUpdate({ target: settings.key, set: { value: DEMO_CHANNELS.announcements.id } })
    const id = await applied(third.client)
    await expect
      .poll(() => t.discord.state.messagesIn(DEMO_CHANNELS.announcements.id).map((m) => m.content))
      .toContainEqual(expect.stringContaining(`New application #${id} from <@${third.discordId}>`))
    await db().delete(settings).where(eq(settings.key, 'recruitment_channel_id'))
  })
})
