import { eq } from 'drizzle-orm'
import type { Rank } from '#contracts/roster.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { members } from '#db/schema/roster.ts'
import { syncRolesNow, type ApplyCounts } from './member-roles.ts'
import type { AppServices } from '../context.ts'
import { chunkLines } from '../orbat/actions.ts'
import type { Promotion } from '../roster/promotions.ts'
import { getSetting } from '../settings/settings.ts'

// The roster's Discord side (ARCHITECTURE §5: rank and qualification changes sync the mapped roles; promotions are
// announced in the promotion channel). Run by the roster use cases after their commit. The client never throws:
// a failed call is logged and recorded as a System audit entry (server/start.ts), so a roster change stands.

/** Makes one roster member's managed Discord roles match the roster (server/discord/member-roles.ts). */
export async function syncMemberDiscordRoles(services: AppServices, memberId: number): Promise<ApplyCounts> {
  const [member] = await services.db.select({ discord_id: members.discord_id }).from(members).where(eq(members.id, memberId))
  return syncRolesNow(services, [member?.discord_id])
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
