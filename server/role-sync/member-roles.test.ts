import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemberSchema } from '#contracts/roster.ts'
import { orbatSaveSchema } from '#contracts/orbat.ts'
import { auditLog } from '#db/schema/audit.ts'
import { rankRoleMappings, squadRoleMappings } from '#db/schema/discord.ts'
import { platoons, slots, squads, type Slot } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { DEMO_GUILD_ID, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import { startDiscordStandIn, type RunningDiscordStandIn } from '../discord-stand-in/index.ts'
import type { AppServices } from '../context.ts'
import { setLogLevel } from '../logger.ts'
import { leave, signUp } from '../orbat/sign-ups.ts'
import { saveOrbatLayout } from '../orbat/save.ts'
import { addMember, banMember, removeMember } from '../roster/members.ts'
import { createDiscordClient } from '../discord/client.ts'
import { roleSyncSettled } from './queue.ts'
import { applyReconcile, planReconcile } from './reconcile.ts'
import { createAgenda } from '#jobs/agenda.ts'
import { defineJobs, JOBS } from '#jobs/index.ts'

// Who holds which Discord role, kept true (docs/rules/discord.md, Managed roles and Role sync), against the standalone
// stand-in: the squad and platoon roles follow a member through sign-up, move, leave, a waitlist placement, an ORBAT
// save and a ban; the milsim role comes with Add Member and goes with a ban or a delete; a failing Discord leaves the
// app answering and writes a System audit entry; the reconcile heals a role removed by hand.

const BOT_TOKEN = 'member-roles-bot'
let database: TestDatabase
let discord: RunningDiscordStandIn
let services: AppServices
let admin: User
let alice: User
let bob: User
let alphaRole: string
let bravoRole: string
let alphaSlot: Slot
let bravoSlot: Slot
const platoonRole = DEMO_ROLES.platoon1.id
const milsimRole = DEMO_ROLES.milsim.id
const ALICE = '870000000000000001'
const BOB = '870000000000000002'
const CAROL = '870000000000000003'

const rolesOf = (id: string) => [...(discord.state.users.get(id)?.user.roles ?? [])].sort()
const sorted = (...ids: string[]) => [...ids].sort()
const systemEntries = async () =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'Discord call failed'), eq(auditLog.actor, SYSTEM_ACTOR)))
    .orderBy(auditLog.id)

beforeAll(async () => {
  setLogLevel('silent')
  discord = await startDiscordStandIn({ botToken: BOT_TOKEN })
  database = await createTestDatabase()
  const client = createDiscordClient({
    apiUrl: discord.apiUrl,
    botToken: BOT_TOKEN,
    guildId: DEMO_GUILD_ID,
    retryDelayMs: 20,
    timeoutMs: 2000,
    // As server/start.ts: a failed call is a System audit entry.
    onFailure: ({ action, error }) =>
      recordAudit(database.db, SYSTEM_ACTOR, 'Discord call failed', `${action}: ${error}`),
  })
  services = { db: database.db, discord: client, config: {} } as AppServices

  for (const [id, username] of [
    [ALICE, 'alice'],
    [BOB, 'bob'],
    [CAROL, 'carol'],
  ] as const) {
    discord.state.addUser({
      id,
      username,
      global_name: username,
      avatar: null,
      roles: [DEMO_ROLES.member.id],
      description: '',
    })
  }
  alphaRole = discord.state.createRole({ name: 'Alpha Squad' }).id
  bravoRole = discord.state.createRole({ name: 'Bravo Squad' }).id
  // The stand-in's reset() goes back to its initial guild: keep these users and roles for every test.
  ;[admin, alice, bob] = (await database.db
    .insert(users)
    .values([
      { discord_id: '870000000000000099', username: 'admin' },
      { discord_id: ALICE, username: 'alice' },
      { discord_id: BOB, username: 'bob' },
    ])
    .returning()) as [User, User, User]
  await database.db.insert(members).values([
    { ingame_name: 'Alice', join_date: '2024-01-01', discord_id: ALICE },
    { ingame_name: 'Bob', join_date: '2024-01-01', discord_id: BOB },
  ])
  const [platoon] = await database.db
    .insert(platoons)
    .values({ name: '1st Platoon', discord_role_id: platoonRole })
    .returning()
  const [alpha, bravo] = await database.db
    .insert(squads)
    .values([
      { name: 'Alpha', platoon_id: platoon!.id },
      { name: 'Bravo', platoon_id: null },
    ])
    .returning()
  await database.db.insert(squadRoleMappings).values([
    { squad_id: alpha!.id, discord_role_id: alphaRole },
    { squad_id: bravo!.id, discord_role_id: bravoRole },
  ])
  ;[alphaSlot, bravoSlot] = (await database.db
    .insert(slots)
    .values([
      { squad_id: alpha!.id, team: 'Alpha', role: 'Rifleman' },
      { squad_id: bravo!.id, team: 'Bravo', role: 'Medic' },
    ])
    .returning()) as [Slot, Slot]
  await database.db.insert(settings).values({ key: 'milsim_role_id', value: milsimRole })
  await database.db.insert(rankRoleMappings).values({ rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id })
})
afterAll(async () => {
  await discord?.close()
  await database?.drop()
  setLogLevel('info')
})

describe('the squad and platoon roles follow the member', () => {
  it('sign-up gives the squad role and its platoon role (with the milsim and rank roles of an active member)', async () => {
    await signUp(services, alice, alphaSlot.id)
    await roleSyncSettled()
    expect(rolesOf(ALICE)).toEqual(
      sorted(DEMO_ROLES.member.id, alphaRole, platoonRole, milsimRole, DEMO_ROLES.rankBMT.id),
    )
  })

  it('a move swaps them: the new squad role, the old squad and platoon roles gone', async () => {
    await signUp(services, alice, bravoSlot.id)
    await roleSyncSettled()
    expect(rolesOf(ALICE)).toEqual(sorted(DEMO_ROLES.member.id, bravoRole, milsimRole, DEMO_ROLES.rankBMT.id))
  })

  it('leaving takes the squad role; the waitlist placement into the freed slot gives it to the next member', async () => {
    await signUp(services, alice, alphaSlot.id)
    await database.db.insert(waitlistEntries).values({ user_id: bob.id, squad_id: null })
    await leave(services, alice, alphaSlot.id)
    await roleSyncSettled()
    expect(rolesOf(ALICE)).toEqual(sorted(DEMO_ROLES.member.id, milsimRole, DEMO_ROLES.rankBMT.id))
    expect(rolesOf(BOB)).toEqual(
      sorted(DEMO_ROLES.member.id, alphaRole, platoonRole, milsimRole, DEMO_ROLES.rankBMT.id),
    )
  })

  it('an ORBAT save that moves a member moves their roles', async () => {
    const [alpha] = await database.db.select().from(squads).where(eq(squads.id, alphaSlot.squad_id))
    const [bravo] = await database.db.select().from(squads).where(eq(squads.id, bravoSlot.squad_id))
    const input = orbatSaveSchema.parse({
      squads: [alpha, bravo].map((s) => ({ id: s!.id, name: s!.name, pos_x: 0, pos_y: 0, platoon_id: s!.platoon_id })),
      slots: [
        { id: alphaSlot.id, squadName: 'Alpha', team: 'Alpha', role: 'Rifleman', user_id: null, base_user_id: bob.id },
        { id: bravoSlot.id, squadName: 'Bravo', team: 'Bravo', role: 'Medic', user_id: bob.id, base_user_id: null },
      ],
      base_slots: [
        { id: alphaSlot.id, user_id: bob.id },
        { id: bravoSlot.id, user_id: null },
      ],
    })
    await saveOrbatLayout(services, admin, input)
    await expect
      .poll(() => rolesOf(BOB), { timeout: 10_000 })
      .toEqual(sorted(DEMO_ROLES.member.id, bravoRole, milsimRole, DEMO_ROLES.rankBMT.id))
  })

  it('a ban takes the squad, milsim and rank roles', async () => {
    const [bobMember] = await database.db.select().from(members).where(eq(members.discord_id, BOB))
    const ban = await banMember(services, admin, bobMember!.id, 'Testing bans')
    expect(ban.freedSlot).toBe('Medic (Bravo)')
    await roleSyncSettled()
    expect(rolesOf(BOB)).toEqual([DEMO_ROLES.member.id])
  })
})

describe('the milsim role', () => {
  it('comes with Add Member and goes with Delete', async () => {
    const member = await addMember(
      services,
      admin,
      createMemberSchema.parse({ ingame_name: 'Carol', join_date: '2024-02-01', discord_id: CAROL }),
    )
    await roleSyncSettled()
    expect(rolesOf(CAROL)).toEqual(sorted(DEMO_ROLES.member.id, milsimRole, DEMO_ROLES.rankBMT.id))
    await removeMember(services, admin, member.id)
    await roleSyncSettled()
    expect(rolesOf(CAROL)).toEqual([DEMO_ROLES.member.id])
  })
})

describe('a failing Discord', () => {
  it('never fails or holds up the member’s request; each failed call is a System audit entry', async () => {
    const before = (await systemEntries()).length
    // Every guild call fails for a while (500 three times per call: the client gives up after its 3 attempts).
    discord.state.failNext({ status: 500, count: 3, path: '/guilds' })
    const started = Date.now()
    const result = await signUp(services, alice, alphaSlot.id)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(result.slotId).toBe(alphaSlot.id)
    await roleSyncSettled()
    const entries = await systemEntries()
    expect(entries.length).toBeGreaterThan(before)
    expect(entries.at(-1)!.details).toMatch(new RegExp(`get guild member ${ALICE}: Discord answered 500`))
    // The sign-up stands; Discord did not get the role.
    expect((await database.db.select().from(slots).where(eq(slots.id, alphaSlot.id)))[0]!.user_id).toBe(alice.id)
    expect(rolesOf(ALICE)).not.toContain(alphaRole)
  })
})

describe('reconcile', () => {
  it('lists who gains and loses which role, heals it, and then has nothing left to do', async () => {
    // The failed sync above left Alice without her squad roles; someone also gives Carol a squad role by hand.
    discord.state.addMemberRole(CAROL, bravoRole, 'by hand')
    const plan = await planReconcile(services)
    const byName = new Map(plan.changes.map((c) => [c.name, c]))
    expect(byName.get('Alice')).toMatchObject({
      add: expect.arrayContaining([
        { id: alphaRole, name: 'Alpha Squad' },
        { id: platoonRole, name: '1st Platoon' },
      ]),
      remove: [],
    })
    expect(byName.get('carol')).toMatchObject({ add: [], remove: [{ id: bravoRole, name: 'Bravo Squad' }] })
    expect(plan.managedRoles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Alpha Squad', 'Bravo Squad', '1st Platoon', 'Milsim', 'BMT']),
    )

    const result = await applyReconcile(services)
    expect(result).toMatchObject({ failed: 0, done: plan.calls, changed: plan.changes.length })
    expect(rolesOf(ALICE)).toEqual(
      sorted(DEMO_ROLES.member.id, alphaRole, platoonRole, milsimRole, DEMO_ROLES.rankBMT.id),
    )
    expect(rolesOf(CAROL)).toEqual([DEMO_ROLES.member.id])

    // Idempotent: nothing to do the second time.
    expect((await planReconcile(services)).changes).toEqual([])
    expect(await applyReconcile(services)).toMatchObject({ done: 0, failed: 0, changed: 0 })
  })

  it('heals a squad role removed by hand in Discord', async () => {
    discord.state.removeMemberRole(ALICE, alphaRole, 'by hand')
    expect(rolesOf(ALICE)).not.toContain(alphaRole)
    expect(await applyReconcile(services)).toMatchObject({ done: 1, failed: 0, changed: 1 })
    expect(rolesOf(ALICE)).toContain(alphaRole)
  })

  it('runs nightly as a job: the same reconcile, as System', async () => {
    discord.state.removeMemberRole(ALICE, platoonRole, 'by hand')
    const runner = createAgenda({ databaseUrl: database.url, name: 'reconcile-test', processEvery: 200 })
    defineJobs(runner.agenda, services)
    await runner.agenda.start()
    try {
      await runner.agenda.now(JOBS.reconcileRoles)
      await expect.poll(() => rolesOf(ALICE), { timeout: 15_000 }).toContain(platoonRole)
      await expect
        .poll(
          async () =>
            (await database.db.select().from(auditLog).where(eq(auditLog.action, 'Discord roles reconciled'))).at(-1)
              ?.details,
        )
        .toMatch(/^Nightly role reconcile: 1 role change for 1 of \d+ members\.$/)
    } finally {
      await runner.stop()
    }
  })
})
