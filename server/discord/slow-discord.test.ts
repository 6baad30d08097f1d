import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POST_TRAINING_FAILED } from '#contracts/trainings.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { members, trainings } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import { DEMO_CHANNELS, DEMO_GUILD_ID, DEMO_ROLES, DEMO_USERS } from '#db/seed/demo-guild.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'

// Discord never blocks a request (docs/rules/discord.md, When Discord fails), against the real app and a stand-in
// Discord that answers late or never: a member whose roles are due for a refresh gets their page at once with the roles
// known (the refresh lands in the background); a member edit answers at once and its role sync, failed during the
// outage, is applied once Discord is back; Post Training on Discord gives up within its budget with the failure's text.

const FAST_MS = 2000
const idOf = (username: string) => DEMO_USERS.find((u) => u.username === username)!.id

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

describe('with bot calls that give up after 1 s (DISCORD_TIMEOUT_MS) and the job runner on', () => {
  let t: TestApp
  const rolesOf = (id: string) => [...(t.discord.state.users.get(id)?.user.roles ?? [])]
  const memberPath = (id: string) => `/guilds/${DEMO_GUILD_ID}/members/${id}`
  const makeStale = (ids: string[]) =>
    t.database.db
      .update(users)
      .set({ roles_refreshed_at: sql`now() - interval '11 minutes'` })
      .where(inArray(users.discord_id, ids))

  beforeAll(async () => {
    t = await startTestApp({ jobs: true, env: { DISCORD_TIMEOUT_MS: '1000' } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('a page request by a member due for a role refresh answers at once with the known roles, and later sees the new ones', async () => {
    const kowalski = await t.login('kowalski')
    t.discord.state.setUserRoles(idOf('kowalski'), [DEMO_ROLES.member.id, DEMO_ROLES.admin.id])
    await makeStale([idOf('kowalski')])
    t.discord.state.delayNext({ delayMs: 20_000, count: 1000, path: memberPath(idOf('kowalski')) })

    const page = await timed(() => kowalski.get('/'))
    expect(page.value.status).toBe(200)
    expect(page.ms).toBeLessThan(FAST_MS)
    const user = await timed(async () => (await kowalski.get('/auth/user')).json())
    expect(user.ms).toBeLessThan(FAST_MS)
    expect(user.value).toMatchObject({ username: 'kowalski', isAdmin: false })

    // Discord is back: the refresh's next attempt gets the new roles, and a later request sees them.
    t.discord.state.latencies.length = 0
    await expect
      .poll(async () => (await (await kowalski.get('/auth/user')).json()).isAdmin, { timeout: 10_000, interval: 200 })
      .toBe(true)
  })

  it('five members due at once do not queue behind each other while Discord does not answer', async () => {
    const names = ['reyes', 'novak', 'recruit_lee', 'banned_blake', 'kowalski']
    const clients: TestClient[] = []
    for (const name of names) clients.push(await t.login(name))
    await makeStale(names.map(idOf))
    t.discord.state.delayNext({ delayMs: 'never', count: 1000, path: '/guilds' })
    try {
      const pages = await Promise.all(clients.map((client) => timed(() => client.get('/'))))
      expect(pages.map((p) => p.value.status)).toEqual(names.map(() => 200))
      expect(Math.max(...pages.map((p) => p.ms))).toBeLessThan(FAST_MS)
    } finally {
      t.discord.state.latencies.length = 0
    }
  })

  it('PUT /api/roster/members/{id} answers at once; its role sync, failed during the outage, is applied when Discord is back', async () => {
    const lee = idOf('recruit_lee')
    await t.database.db.insert(rankRoleMappings).values([
      { rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id },
      { rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id },
    ])
    const [member] = await t.database.db
      .insert(members)
      .values({ ingame_name: 'Lee', join_date: '2024-01-01', discord_id: lee, rank: 'BMT' })
      .returning()
    t.discord.state.setUserRoles(lee, [DEMO_ROLES.rankBMT.id])
    const admin = await t.login('demo_admin')

    // Discord stops answering any guild call.
    t.discord.state.delayNext({ delayMs: 'never', count: 1000, path: '/guilds' })
    const edit = await timed(() =>
      api(admin, 'PUT', `/api/roster/members/${member!.id}`, {
        ingame_name: 'Lee',
        rank: 'JNCO',
        join_date: '2024-01-01',
        discord_id: lee,
      }),
    )
    expect(edit.value.status).toBe(200)
    expect(edit.ms).toBeLessThan(FAST_MS)

    // The sync tried and gave up (the client's three attempts went unanswered)...
    const unanswered = () =>
      t.discord.state.requests.filter(
        (r) => r.method === 'GET' && r.path === memberPath(lee) && r.status === 'abandoned',
      ).length
    await expect.poll(unanswered, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(3)
    expect(rolesOf(lee)).toEqual([DEMO_ROLES.rankBMT.id])

    // ...and once Discord answers again, the retry brings the roles in line with the roster.
    t.discord.state.latencies.length = 0
    await expect.poll(() => rolesOf(lee).sort(), { timeout: 30_000, interval: 250 }).toEqual([DEMO_ROLES.rankJNCO.id])
  }, 60_000)
})

describe('with the default bot timeouts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('Post Training on Discord answers within 10 s with the failure when Discord does not answer', async () => {
    const [training] = await t.database.db
      .insert(trainings)
      .values({ name: 'Night Navigation', date: new Date(Date.now() + 86_400_000) })
      .returning()
    const admin = await t.login('demo_admin')
    const body = { channelId: DEMO_CHANNELS.trainings.id, cadreRoleIds: [DEMO_ROLES.cadre.id] }
    t.discord.state.delayNext({ delayMs: 'never', count: 1000, path: '/channels' })

    const post = await timed(() =>
      api<{ error: string }>(admin, 'POST', `/api/roster/trainings/${training!.id}/post-to-discord`, body),
    )
    expect(post.ms).toBeLessThan(10_000)
    expect(post.value.status).toBe(502)
    expect(post.value.body.error).toMatch(
      new RegExp(`^${POST_TRAINING_FAILED.replace('.', '\\.')} Discord did not answer within \\d+ ms$`),
    )
    expect(t.discord.state.messages).toHaveLength(0)

    // Discord is back: the same post goes out.
    t.discord.state.latencies.length = 0
    const again = await api(admin, 'POST', `/api/roster/trainings/${training!.id}/post-to-discord`, body)
    expect(again).toMatchObject({ status: 200, body: { message: 'Training posted to Discord.' } })
    expect(t.discord.state.messages).toHaveLength(1)
  }, 45_000)
})
