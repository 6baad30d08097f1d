// Promotions over real HTTP on real PostgreSQL with the job runner on: thresholds (integers only), a run (one rank
// per run, banned skipped, announced, rank roles synced through the stand-in), BMT graduation, and the weekly job's
// schedule (Mondays 01:00 America/New_York).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { members, promotionRuns, promotionThresholds } from '#db/schema/roster.ts'
import { JOBS } from '#jobs/index.ts'
import type { ThresholdItem } from '#contracts/roster-types.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import {
  addMember,
  auditEntries,
  demoUser,
  getJson,
  loginDemos,
  resetOrbat,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { settings } from '#db/schema/settings.ts'
import { DEMO_CHANNELS, DEMO_ROLES } from '#db/seed/demo-guild.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp({ jobs: true })
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${promotionThresholds}, ${rankRoleMappings}, ${promotionRuns} cascade`)
  t.discord.state.roleChanges.length = 0
})

const db = () => t.database.db
const PROMO_CHANNEL = DEMO_CHANNELS.announcements.id

async function setScore(id: number, attended: number, hidden = 0) {
  await db()
    .update(members)
    .set({ attended_events_count: attended, hidden_score: hidden })
    .where(sql`${members.id} = ${id}`)
}

describe('promotions', () => {
  it('every call is admin-only', async () => {
    await expectAdminOnly(t, reyes.client, 'GET', '/api/roster/promotions/thresholds')
    await expectAdminOnly(t, reyes.client, 'PUT', '/api/roster/promotions/thresholds', [
      { from_rank: 'BMT', required_score: 1 },
    ])
    await expectAdminOnly(t, reyes.client, 'POST', '/api/roster/promotions/run')
    await expectAdminOnly(t, reyes.client, 'POST', '/api/roster/bmt-graduate', {
      memberIds: [1],
      completionDate: '2026-01-01',
    })
    expect(await db().select().from(promotionThresholds)).toEqual([])
  })

  it('thresholds accept integers only, one per rank below TEAM; blank removes one', async () => {
    const initial = await getJson<ThresholdItem[]>(admin.client, '/api/roster/promotions/thresholds')
    expect(initial.body.map((r) => [r.from_rank, r.to_rank, r.required_score])).toEqual([
      ['BMT', 'JNCO', null],
      ['JNCO', 'NCO', null],
      ['NCO', 'SNCO', null],
      ['SNCO', 'JOFC', null],
      ['JOFC', 'OFC', null],
      ['OFC', 'SOFC', null],
      ['SOFC', 'TEAM', null],
    ])
    for (const bad of ['1.5', '-1', 'ten', 2.5]) {
      const response = await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [
        { from_rank: 'JNCO', required_score: bad },
      ])
      expect(response).toEqual({
        status: 400,
        body: {
          error: 'Thresholds must be whole numbers (0 or more).',
          fields: { thresholds: ['Thresholds must be whole numbers (0 or more).'] },
        },
      })
    }
    expect(
      (await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'TEAM', required_score: 1 }]))
        .status,
    ).toBe(400)
    const saved = await api<{ thresholds: ThresholdItem[] }>(admin.client, 'PUT', '/api/roster/promotions/thresholds', {
      thresholds: [
        { from_rank: 'JNCO', required_score: '10' },
        { from_rank: 'NCO', required_score: 25 },
      ],
    })
    expect(saved.status).toBe(200)
    expect(
      saved.body.thresholds.filter((r) => r.required_score !== null).map((r) => [r.from_rank, r.required_score]),
    ).toEqual([
      ['JNCO', 10],
      ['NCO', 25],
    ])
    await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'NCO', required_score: '' }])
    expect((await db().select().from(promotionThresholds)).map((r) => r.from_rank)).toEqual(['JNCO'])
  })

  it('a run promotes each eligible active member one rank, skips the banned, announces and syncs rank roles', async () => {
    await db().insert(settings).values({ key: 'promotion_channel_id', value: PROMO_CHANNEL })
    await db()
      .insert(rankRoleMappings)
      .values([
        { rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id },
        { rank_name: 'NCO', discord_role_id: DEMO_ROLES.rankNCO.id },
      ])
    await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [
      { from_rank: 'JNCO', required_score: 10 },
      { from_rank: 'NCO', required_score: 12 },
    ])
    const alice = await addMember(db(), demoUser('kowalski').id, { ingameName: 'Alice' })
    const bob = await addMember(db(), demoUser('recruit_lee').id, { ingameName: 'Bob' })
    const carl = await addMember(db(), '900000000000000003', { ingameName: 'Carl', banned: 'Cheating' })
    const dana = await addMember(db(), '900000000000000004', { ingameName: 'Dana' })
    await db()
      .update(members)
      .set({ rank: 'JNCO' })
      .where(sql`${members.id} in (${alice.id}, ${bob.id}, ${carl.id}, ${dana.id})`)
    await setScore(alice.id, 20) // meets JNCO and NCO thresholds: still one rank per run
    await setScore(bob.id, 9, 1) // 9 + 1 = 10 meets it exactly
    await setScore(carl.id, 50) // banned: skipped
    await setScore(dana.id, 9, 0.99) // 9.99 does not

    // On Discord the two hold the JNCO role their roster rank maps to.
    for (const user of ['kowalski', 'recruit_lee'])
      t.discord.state.addMemberRole(demoUser(user).id, DEMO_ROLES.rankJNCO.id, 'JNCO')
    t.discord.state.roleChanges.length = 0

    const run = await api<{ promotedMembers: unknown[]; message: string }>(
      admin.client,
      'POST',
      '/api/roster/promotions/run',
    )
    expect(run.status).toBe(200)
    expect(run.body.promotedMembers).toEqual([
      { name: 'Alice', from: 'JNCO', to: 'NCO' },
      { name: 'Bob', from: 'JNCO', to: 'NCO' },
    ])
    const ranks = Object.fromEntries((await db().select().from(members)).map((m) => [m.ingame_name, m.rank]))
    expect(ranks).toEqual({ Alice: 'NCO', Bob: 'NCO', Carl: 'JNCO', Dana: 'JNCO' })
    // The rank roles follow after the commit (the role-sync queue), one person after another.
    await expect
      .poll(() => t.discord.state.roleChanges.map((c) => [c.userId, c.roleId, c.action]).sort(), { timeout: 5000 })
      .toEqual([
        [demoUser('kowalski').id, DEMO_ROLES.rankJNCO.id, 'remove'],
        [demoUser('kowalski').id, DEMO_ROLES.rankNCO.id, 'add'],
        [demoUser('recruit_lee').id, DEMO_ROLES.rankJNCO.id, 'remove'],
        [demoUser('recruit_lee').id, DEMO_ROLES.rankNCO.id, 'add'],
      ])
    await expect
      .poll(() => t.discord.state.messagesIn(PROMO_CHANNEL).map((m) => m.content), { timeout: 5000 })
      .toEqual([
        '🎖️ **Promotions**\n**Alice** has been promoted from JNCO to NCO.\n**Bob** has been promoted from JNCO to NCO.',
      ])

    // The next run moves Alice one more rank (20 >= 12); Bob (10) stays.
    const second = await api<{ promotedMembers: unknown[] }>(admin.client, 'POST', '/api/roster/promotions/run')
    expect(second.body.promotedMembers).toEqual([{ name: 'Alice', from: 'NCO', to: 'SNCO' }])
    await db().update(members).set({ rank: 'TEAM' })
    const none = await api<{ promotedMembers: unknown[]; message: string }>(
      admin.client,
      'POST',
      '/api/roster/promotions/run',
    )
    expect(none.body).toEqual({ message: 'No members were eligible for promotion.', promotedMembers: [] })
    // The audit entries name the run and the count; the run's row lists who moved.
    const runs = await db().select().from(promotionRuns).orderBy(promotionRuns.id)
    expect((await auditEntries(db(), 'Promotions run')).map((e) => e.details)).toEqual([
      `Promotion run ${runs[0]!.id}: 2 promoted.`,
      `Promotion run ${runs[1]!.id}: 1 promoted.`,
      'No members were eligible for promotion.',
    ])
    expect(runs.map((r) => [r.promoted_count, r.promotions.map((p) => `${p.name}: ${p.from} -> ${p.to}`)])).toEqual([
      [2, ['Alice: JNCO -> NCO', 'Bob: JNCO -> NCO']],
      [1, ['Alice: NCO -> SNCO']],
    ])
  })

  it('a blank promotion channel disables announcements', async () => {
    await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'BMT', required_score: 0 }])
    await addMember(db(), '900000000000000005', { ingameName: 'Eve' })
    expect(
      (await api<{ promotedMembers: unknown[] }>(admin.client, 'POST', '/api/roster/promotions/run')).body
        .promotedMembers,
    ).toHaveLength(1)
    expect(t.discord.state.messages).toEqual([])
  })

  it('answers before the announcement goes out: a Discord that takes its time has the message after the answer', async () => {
    await db().insert(settings).values({ key: 'promotion_channel_id', value: PROMO_CHANNEL })
    await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'BMT', required_score: 0 }])
    await addMember(db(), '900000000000000008', { ingameName: 'Hana' })
    t.discord.state.delayNext({ delayMs: 4000, count: 1, path: `/channels/${PROMO_CHANNEL}` })
    const started = performance.now()
    const run = await api<{ promotedMembers: unknown[] }>(admin.client, 'POST', '/api/roster/promotions/run')
    const answeredMs = performance.now() - started
    expect(run.body.promotedMembers).toEqual([{ name: 'Hana', from: 'BMT', to: 'JNCO' }])
    // The request used to wait up to 3 s for the announcement; now it waits for nothing after its commit.
    expect(answeredMs).toBeLessThan(1500)
    expect(t.discord.state.messagesIn(PROMO_CHANNEL)).toEqual([])
    const [queued] = await db().select().from(promotionRuns)
    expect(queued).toMatchObject({ announcement: 'pending', announcement_channel_id: PROMO_CHANNEL, promoted_count: 1 })
    await expect
      .poll(() => t.discord.state.messagesIn(PROMO_CHANNEL).map((m) => m.content), { timeout: 10_000 })
      .toEqual(['🎖️ **Promotions**\n**Hana** has been promoted from BMT to JNCO.'])
    await expect
      .poll(async () => (await db().select().from(promotionRuns))[0]!.announcement, { timeout: 5000 })
      .toBe('sent')
  })

  it('a run of 150 is one audit entry and one summary message, sent once after Discord failed the first time', async () => {
    await db().insert(settings).values({ key: 'promotion_channel_id', value: PROMO_CHANNEL })
    await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'JNCO', required_score: 3 }])
    await db().execute(sql`
      insert into members (ingame_name, rank, join_date, attended_events_count)
      select 'Trooper ' || lpad(g::text, 3, '0'), 'JNCO', '2024-01-01', 5 from generate_series(1, 150) g`)
    // Discord answers 500 to every attempt of the first send (the client tries 3 times): the run waits for the job
    // runner's next pass.
    t.discord.state.failNext({ status: 500, count: 3, path: `/channels/${PROMO_CHANNEL}` })
    const run = await api<{ promotedMembers: unknown[]; message: string }>(
      admin.client,
      'POST',
      '/api/roster/promotions/run',
    )
    expect(run.body.message).toBe('Promotions check complete.')
    expect(run.body.promotedMembers).toHaveLength(150)
    const [row] = await db().select().from(promotionRuns)
    expect((await auditEntries(db(), 'Promotions run')).map((e) => e.details)).toEqual([
      `Promotion run ${row!.id}: 150 promoted.`,
    ])
    await expect
      .poll(async () => (await db().select().from(promotionRuns))[0]!.announcement_attempts, { timeout: 5000 })
      .toBe(1)
    await expect
      .poll(async () => (await db().select().from(promotionRuns))[0]!.announcement, { timeout: 30_000, interval: 500 })
      .toBe('sent')
    const messages = t.discord.state.messagesIn(PROMO_CHANNEL).map((m) => m.content)
    expect(messages).toHaveLength(1)
    expect(messages[0]!.length).toBeLessThanOrEqual(2000)
    expect(messages[0]).toMatch(
      /^🎖️ \*\*Promotions\*\*\n\*\*150\*\* members have been promoted\.\n\*\*JNCO to NCO\*\*: 150 \(Trooper 001, Trooper 002, .* and \d+ more\)\.$/,
    )
  })

  it('two runs at once promote each member once, with one run record and one announcement', async () => {
    await db().insert(settings).values({ key: 'promotion_channel_id', value: PROMO_CHANNEL })
    await api(admin.client, 'PUT', '/api/roster/promotions/thresholds', [{ from_rank: 'BMT', required_score: 2 }])
    await db().execute(sql`
      insert into members (ingame_name, join_date, attended_events_count)
      select 'Recruit ' || g, '2024-01-01', 2 from generate_series(1, 20) g`)
    const [a, b] = await Promise.all([
      api<{ promotedMembers: unknown[] }>(admin.client, 'POST', '/api/roster/promotions/run'),
      api<{ promotedMembers: unknown[] }>(admin.client, 'POST', '/api/roster/promotions/run'),
    ])
    expect([a.body.promotedMembers.length, b.body.promotedMembers.length].sort()).toEqual([0, 20])
    expect((await db().select({ rank: members.rank }).from(members)).every((m) => m.rank === 'JNCO')).toBe(true)
    expect(await db().select().from(promotionRuns)).toHaveLength(1)
    await expect.poll(() => t.discord.state.messagesIn(PROMO_CHANNEL).length, { timeout: 5000 }).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(t.discord.state.messagesIn(PROMO_CHANNEL)).toHaveLength(1)
  })

  it('graduates selected BMTs to JNCO; refuses an empty selection and members who are not BMT', async () => {
    const a = await addMember(db(), '900000000000000006', { ingameName: 'Finn' })
    const b = await addMember(db(), '900000000000000007', { ingameName: 'Gus' })
    expect(
      (await api(admin.client, 'POST', '/api/roster/bmt-graduate', { memberIds: [], completionDate: '2026-11-01' }))
        .body,
    ).toMatchObject({
      error: 'Please select at least one BMT to graduate.',
    })
    expect((await api(admin.client, 'POST', '/api/roster/bmt-graduate', { memberIds: [a.id] })).body).toMatchObject({
      error: 'Please enter the completion date.',
    })
    await db()
      .update(members)
      .set({ rank: 'NCO' })
      .where(sql`${members.id} = ${b.id}`)
    expect(
      (
        await api(admin.client, 'POST', '/api/roster/bmt-graduate', {
          memberIds: [a.id, b.id],
          completionDate: '2026-11-01',
        })
      ).body,
    ).toEqual({
      error: 'Only active BMT members can graduate: Gus.',
    })
    const done = await api(admin.client, 'POST', '/api/roster/bmt-graduate', {
      memberIds: [a.id],
      completionDate: '2026-11-01',
    })
    expect(done.body).toEqual({ message: 'Members promoted to JNCO!', graduated: ['Finn'] })
    expect((await auditEntries(db(), 'BMT graduation'))[0]!.details).toBe(
      'Finn graduated to JNCO (completed 2026-11-01).',
    )
  })

  it('the weekly run is scheduled for Mondays 01:00 America/New_York', async () => {
    const { jobs } = await t.app.jobs!.agenda.queryJobs({ name: JOBS.weeklyPromotions })
    expect(jobs).toHaveLength(1)
    const job = jobs[0]!
    expect(job.repeatInterval).toBe('0 1 * * 1')
    expect(job.repeatTimezone).toBe('America/New_York')
    const next = new Date(job.nextRunAt!)
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next)
    expect(local).toBe('Mon 01:00')
    expect(next.getTime()).toBeGreaterThan(Date.now())
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000 + 3600_000)
  })
})
