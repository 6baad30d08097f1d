import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '#db/schema/audit.ts'
import { rankRoleMappings, squadRoleMappings } from '#db/schema/discord.ts'
import { platoons, slots, squads } from '#db/schema/orbat.ts'
import { memberQualifications, members, qualifications, RANKS } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { users } from '#db/schema/users-sessions.ts'
import { DEMO_GUILD_ID, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '../discord-stand-in/index.ts'
import type { AppServices } from '../context.ts'
import { setLogLevel } from '../logger.ts'
import { createDiscordClient } from '../discord/client.ts'
import { desiredRoles } from './member-roles.ts'
import { applyReconcile, planReconcile } from './reconcile.ts'

// The reconcile bench: a 300-member unit with mixed drift, against the stand-in limiting role changes as Discord does
// (a bucket of 25 per 250 ms, then 429 with Retry-After) plus a few injected 429s. The reconcile must finish with 0
// failed calls, heal everything (a second plan is empty), and not storm: the 429s it sees stay a small fraction of its
// calls. Prints calls made, 429s seen and the time.

const BOT_TOKEN = 'reconcile-bench-bot'
const MEMBERS = 300
let database: TestDatabase
let discord: RunningDiscordStandIn
let services: AppServices

const discordIdOf = (i: number) => String(880000000000000000n + BigInt(i))

beforeAll(async () => {
  setLogLevel('silent')
  discord = await startDiscordStandIn({ botToken: BOT_TOKEN })
  database = await createTestDatabase()
  services = {
    db: database.db,
    config: {},
    discord: createDiscordClient({
      apiUrl: discord.apiUrl,
      botToken: BOT_TOKEN,
      guildId: DEMO_GUILD_ID,
      retryDelayMs: 20,
      onFailure: ({ action, error }) =>
        recordAudit(database.db, SYSTEM_ACTOR, 'Discord call failed', `${action}: ${error}`),
    }),
  } as AppServices

  const db = database.db
  const squadRoles = Array.from({ length: 8 }, (_, i) => discord.state.createRole({ name: `Squad ${i + 1}` }).id)
  const platoonRoles = [DEMO_ROLES.platoon1.id, discord.state.createRole({ name: '2nd Platoon' }).id]
  const qualRole = DEMO_ROLES.medic.id
  const [p1, p2] = await db
    .insert(platoons)
    .values([
      { name: '1st Platoon', discord_role_id: platoonRoles[0]! },
      { name: '2nd Platoon', discord_role_id: platoonRoles[1]! },
    ])
    .returning()
  const squadRows = await db
    .insert(squads)
    .values(squadRoles.map((_, i) => ({ name: `Squad ${i + 1}`, platoon_id: i < 4 ? p1!.id : i < 7 ? p2!.id : null })))
    .returning()
  await db
    .insert(squadRoleMappings)
    .values(squadRows.map((s, i) => ({ squad_id: s.id, discord_role_id: squadRoles[i]! })))
  await db.insert(settings).values({ key: 'milsim_role_id', value: DEMO_ROLES.milsim.id })
  const rankRoles: string[] = RANKS.map((rank) => DEMO_ROLES[`rank${rank}` as keyof typeof DEMO_ROLES].id)
  await db
    .insert(rankRoleMappings)
    .values(RANKS.map((rank, i) => ({ rank_name: rank, discord_role_id: rankRoles[i]! })))
  const [medic] = await db
    .insert(qualifications)
    .values({ name: 'Combat Medic', discord_role_id: qualRole })
    .returning()

  const people = Array.from({ length: MEMBERS }, (_, i) => i)
  for (const i of people) {
    discord.state.addUser({
      id: discordIdOf(i),
      username: `m${i}`,
      global_name: `m${i}`,
      avatar: null,
      roles: [DEMO_ROLES.member.id],
      description: '',
    })
  }
  const userRows = await db
    .insert(users)
    .values(people.map((i) => ({ discord_id: discordIdOf(i), username: `m${i}` })))
    .returning()
  const memberRows = await db
    .insert(members)
    .values(
      people.map((i) => ({
        ingame_name: `Member ${i}`,
        join_date: '2024-01-01',
        discord_id: discordIdOf(i),
        rank: RANKS[i % RANKS.length]!,
        // Every 30th member is banned: they should hold no managed role.
        ...(i % 30 === 29 ? { is_banned: true, banned_date: new Date(), ban_reason: 'bench' } : {}),
      })),
    )
    .returning()
  await db
    .insert(memberQualifications)
    .values(memberRows.filter((_, i) => i % 4 === 0).map((m) => ({ member_id: m.id, qualification_id: medic!.id })))
  // 270 hold a slot (not the banned ones), spread over the squads.
  await db.insert(slots).values(
    userRows
      .filter((_, i) => i < 270 && i % 30 !== 29)
      .map((u, i) => ({
        squad_id: squadRows[i % squadRows.length]!.id,
        team: 'Alpha',
        role: 'Rifleman',
        slot_order: i,
        user_id: u.id,
      })),
  )

  // Mixed drift: start from what the roster says, then disturb it.
  const { byDiscordId } = await desiredRoles(db)
  for (const i of people) {
    const id = discordIdOf(i)
    const want = [...(byDiscordId.get(id) ?? [])]
    let roles: string[]
    switch (i % 6) {
      case 0: // in sync
        roles = want
        break
      case 1: // lost everything the app manages
        roles = []
        break
      case 2: // a stale squad and platoon role from an old slot
        roles = [...want, squadRoles[(i + 3) % squadRoles.length]!, platoonRoles[1]!]
        break
      case 3: // missing the milsim role
        roles = want.filter((r) => r !== DEMO_ROLES.milsim.id)
        break
      case 4: // the wrong rank role and a qualification they do not hold
        roles = [...want.filter((r) => !rankRoles.includes(r)), rankRoles[(i + 1) % rankRoles.length]!, qualRole]
        break
      default: // in sync
        roles = want
    }
    discord.state.setUserRoles(id, [DEMO_ROLES.member.id, ...roles])
  }
})
afterAll(async () => {
  await discord?.close()
  await database?.drop()
  setLogLevel('info')
})

describe('reconcile of 300 members with mixed drift', () => {
  it('heals every member with 0 failed calls, within the rate limit, and then has nothing to do', async () => {
    const plan = await planReconcile(services)
    expect(plan.changes.length).toBeGreaterThan(150)
    // Discord-like limits: a bucket of 25 role changes per 250 ms, plus 5 injected 429s on the first guild calls.
    discord.state.roleRateLimit = { limit: 25, windowMs: 250 }
    discord.state.failNext({ status: 429, count: 5, retryAfter: 0.05, path: '/guilds' })
    const before = { ...discord.state.roleCallStats }

    const started = performance.now()
    const result = await applyReconcile(services)
    const seconds = (performance.now() - started) / 1000

    const stats = discord.state.roleCallStats
    const requests = stats.requests - before.requests + 5
    const limited = stats.limited - before.limited + 5
    const figures = {
      members: result.members,
      membersChanged: result.changed,
      roleCallsPlanned: plan.calls,
      roleCallsDone: result.done,
      failed: result.failed,
      requestsMade: requests,
      '429sSeen': limited,
      seconds: Number(seconds.toFixed(2)),
    }
    console.log(`reconcile bench: ${JSON.stringify(figures)}`)

    expect(result.failed).toBe(0)
    expect(result.done).toBe(plan.calls)
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'Discord call failed'))).toEqual([])
    // No storm: the client waits out each limit instead of hammering; 429s stay a small share of the calls.
    expect(limited).toBeLessThan(plan.calls / 5)
    // Healed and idempotent.
    discord.state.roleRateLimit = null
    expect((await planReconcile(services)).changes).toEqual([])
  }, 120_000)
})
