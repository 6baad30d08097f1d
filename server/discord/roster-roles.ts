import { eq } from 'drizzle-orm'
import type { Rank } from '#contracts/roster.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import type { AppServices } from '../context.ts'
import { chunkLines } from '../orbat/actions.ts'
import type { Promotion } from '../roster/promotions.ts'
import { getSetting } from '../settings/settings.ts'

// The roster's Discord side (ARCHITECTURE §5: rank and qualification changes sync the mapped roles; promotions are
// announced in the promotion channel). Run by the roster use cases after their commit. The client never throws:
// a failed call is logged and recorded as a System audit entry (server/start.ts), so a roster change stands.

/**
 * Makes the member's Discord roles match the roster: the mapped role of their rank and of each qualification they
 * hold are added; other mapped rank roles and the roles of qualifications they no longer hold are removed. Roles
 * nobody mapped are never touched.
 */
export async function syncMemberDiscordRoles(services: AppServices, memberId: number): Promise<{ added: string[]; removed: string[] }> {
  const none = { added: [], removed: [] }
  const [member] = await services.db.select({ discord_id: members.discord_id, rank: members.rank, banned: members.is_banned }).from(members).where(eq(members.id, memberId))
  if (!member?.discord_id || member.banned || !services.discord.configured) return none
  const [rankMappings, allQualifications, held] = await Promise.all([
    services.db.select().from(rankRoleMappings),
    services.db.select({ id: qualifications.id, role: qualifications.discord_role_id }).from(qualifications),
    services.db.select({ id: memberQualifications.qualification_id }).from(memberQualifications).where(eq(memberQualifications.member_id, memberId)),
  ])
  const heldIds = new Set(held.map((h) => h.id))
  const wanted = new Set<string>()
  const managed = new Set<string>()
  for (const mapping of rankMappings) {
    managed.add(mapping.discord_role_id)
    if (mapping.rank_name === member.rank) wanted.add(mapping.discord_role_id)
  }
  for (const q of allQualifications) {
    if (!q.role) continue
    managed.add(q.role)
    if (heldIds.has(q.id)) wanted.add(q.role)
  }
  if (!managed.size) return none
  const current = await services.discord.getGuildMember(member.discord_id)
  if (!current.ok) return none
  const has = new Set(current.data.roles)
  const added = [...wanted].filter((r) => !has.has(r))
  const removed = [...managed].filter((r) => has.has(r) && !wanted.has(r))
  for (const role of added) await services.discord.addMemberRole(member.discord_id, role, 'Roster sync')
  for (const role of removed) await services.discord.removeMemberRole(member.discord_id, role, 'Roster sync')
  return { added, removed }
}

/** Swaps the mapped Discord rank roles of the promoted members; with `announce`, posts to the promotion channel. */
export async function syncPromotions(services: AppServices, promotions: Promotion[], options: { announce: boolean }): Promise<void> {
  if (!promotions.length) return
  const mappings = new Map<Rank, string>((await services.db.select().from(rankRoleMappings)).map((m) => [m.rank_name, m.discord_role_id]))
  for (const p of promotions) {
    if (!p.discordId) continue
    const oldRole = mappings.get(p.from)
    const newRole = mappings.get(p.to)
    if (oldRole && oldRole !== newRole) await services.discord.removeMemberRole(p.discordId, oldRole, `Promoted to ${p.to}`)
    if (newRole) await services.discord.addMemberRole(p.discordId, newRole, `Promoted to ${p.to}`)
  }
  if (options.announce) await announcePromotions(services, promotions)
}

/** One message per 1,900 characters in the promotion channel; a blank channel means no announcement. */
async function announcePromotions(services: AppServices, promotions: Promotion[]) {
  const channel = await getSetting(services.db, 'promotion_channel_id')
  if (!channel) return
  const lines = ['🎖️ **Promotions**', ...promotions.map((p) => `**${p.name}** has been promoted from ${p.from} to ${p.to}.`)]
  for (const content of chunkLines(lines, 1900)) await services.discord.sendMessage(channel, { content })
}
