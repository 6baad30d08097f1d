// The roster use cases' own behaviour (server/roster/*.ts): what follows the commit (rank roles, the promotion
// announcement, a member's role sync) never turns a committed change into an error, whether Discord refuses the calls
// (recorded as System audit entries) or the side effect itself throws.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { members, promotionThresholds } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { users } from '#db/schema/users-sessions.ts'
import { SYSTEM_ACTOR } from '#server/audit/audit.ts'
import type { AppServices } from '#server/context.ts'
import type { DiscordClient } from '#server/discord/client.ts'
import { DEMO_CHANNELS, DEMO_GUILD_ID, DEMO_ROLES } from '#db/seed/demo-guild.ts'
import { editMember } from '#server/roster/members.ts'
import { runPromotions } from '#server/roster/promotions.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { addMember, auditEntries, demoUser, loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'

let t: TestApp
let admin: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin] = await loginDemos(t, ['demo_admin'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await truncateTables(t.database.db, [promotionThresholds, rankRoleMappings, members])
  t.discord.state.roleChanges.length = 0
  t.discord.state.failures.length = 0
})

const db = () => t.database.db
const PROMO_CHANNEL = DEMO_CHANNELS.announcements.id

/** One BMT (linked to kowalski's Discord account) due for JNCO, with mapped rank roles and an announcement channel. */
async function arrangeOnePromotion() {
  await db()
    .insert(settings)
    .values({ key: 'promotion_channel_id', value: PROMO_CHANNEL })
    .onConflictDoUpdate({ target: settings.key, set: { value: PROMO_CHANNEL } })
  await db()
    .insert(rankRoleMappings)
    .values([
      { rank_name: 'BMT', discord_role_id: DEMO_ROLES.rankBMT.id },
      { rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id },
    ])
  await db().insert(promotionThresholds).values({ from_rank: 'BMT', to_rank: 'JNCO', required_score: 0 })
  return addMember(db(), demoUser('kowalski').id, { ingameName: 'Alice' })
}

async function rankOf(id: number) {
  const [row] = await db().select({ rank: members.rank }).from(members).where(eq(members.id, id))
  return row?.rank
}

/** The app's services with Discord calls that throw (a bug, not a refusal: the client itself never throws). */
function servicesWithThrowingDiscord(): AppServices {
  const services = t.app.services
  const boom = () => Promise.reject(new Error('Discord exploded'))
  const discord: DiscordClient = {
    ...services.discord,
    addMemberRole: boom,
    removeMemberRole: boom,
    sendMessage: boom,
    getGuildMember: boom,
  }
  return { ...services, discord }
}

describe('roster use cases: side effects after the commit', () => {
  it('a promotion run answers success when Discord refuses the role changes and the announcement', async () => {
    const alice = await arrangeOnePromotion()
    const kowalski = demoUser('kowalski').id
    // On Discord he holds the BMT role his roster rank maps to.
    t.discord.state.addMemberRole(kowalski, DEMO_ROLES.rankBMT.id, 'BMT')
    t.discord.state.roleChanges.length = 0
    t.discord.state.failNext({ status: 403, count: 10, path: `/guilds/${DEMO_GUILD_ID}/members/${kowalski}/roles` })
    t.discord.state.failNext({ status: 403, count: 10, path: `/channels/${PROMO_CHANNEL}` })

    const run = await api<{ message: string; promotedMembers: unknown[] }>(
      admin.client,
      'POST',
      '/api/roster/promotions/run',
    )

    expect(run).toEqual({
      status: 200,
      body: { message: 'Promotions check complete.', promotedMembers: [{ name: 'Alice', from: 'BMT', to: 'JNCO' }] },
    })
    expect(await rankOf(alice.id)).toBe('JNCO')
    expect(t.discord.state.roleChanges).toEqual([])
    expect(t.discord.state.messagesIn(PROMO_CHANNEL)).toEqual([])
    // Each refused call is on record for the admins, as System.
    await expect
      .poll(
        async () =>
          (await auditEntries(db(), 'Discord call failed')).map((e) => `${e.actor}: ${e.details.split(':')[0]}`).sort(),
        { timeout: 5000 },
      )
      .toEqual([
        `System: add role ${DEMO_ROLES.rankJNCO.id} to member ${kowalski}`,
        `System: remove role ${DEMO_ROLES.rankBMT.id} from member ${kowalski}`,
        `System: send message to channel ${PROMO_CHANNEL}`,
      ])
    expect((await auditEntries(db(), 'Promotions run')).map((e) => e.details)).toEqual([
      expect.stringMatching(/^Promotion run \d+: 1 promoted\.$/),
    ])
  })

  it('a promotion run (the weekly job: System) resolves when the side effect itself throws', async () => {
    const alice = await arrangeOnePromotion()
    const run = await runPromotions(servicesWithThrowingDiscord(), SYSTEM_ACTOR)
    expect(run.promotedMembers).toEqual([{ name: 'Alice', from: 'BMT', to: 'JNCO' }])
    expect(await rankOf(alice.id)).toBe('JNCO')
    const [entry] = await auditEntries(db(), 'Promotions run')
    expect(entry).toMatchObject({
      actor: SYSTEM_ACTOR,
      details: expect.stringMatching(/^Promotion run \d+: 1 promoted\.$/),
    })
  })

  it('a member edit resolves when the role sync after it throws', async () => {
    const alice = await arrangeOnePromotion()
    const [adminUser] = await db().select().from(users).where(eq(users.username, 'demo_admin'))
    const member = await editMember(servicesWithThrowingDiscord(), adminUser!, alice.id, {
      ingame_name: 'Alice Edited',
      rank: 'NCO',
      join_date: '2024-01-01',
      notes: null,
      discord_id: alice.discord_id,
      bohemia_uuid: null,
      hidden_score: 0,
      attended_events_count: 0,
    })
    expect(member).toMatchObject({ ingame_name: 'Alice Edited', rank: 'NCO' })
    expect(await rankOf(alice.id)).toBe('NCO')
  })
})
