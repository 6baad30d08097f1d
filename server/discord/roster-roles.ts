import type { AppServices } from '../context.ts'
import { chunkLines } from '../orbat/activity.ts'
import type { Promotion } from '../roster/promotions.ts'
import { getSetting } from '../settings/settings.ts'

// The roster's Discord side beyond roles: promotions are announced in the promotion channel (docs/rules/roster.md). Run
// by the roster use cases after their commit; their rank and qualification roles follow through the role-sync queue.
// The client never throws: a failed call is logged and recorded as a System audit entry (server/start.ts), so a roster
// change stands.

/** One message per 1,900 characters in the promotion channel; a blank channel (or nobody promoted) means none. */
export async function announcePromotions(services: AppServices, promotions: Promotion[]) {
  if (!promotions.length) return
  const channel = await getSetting(services.db, 'promotion_channel_id')
  if (!channel) return
  const lines = [
    '🎖️ **Promotions**',
    ...promotions.map((p) => `**${p.name}** has been promoted from ${p.from} to ${p.to}.`),
  ]
  for (const content of chunkLines(lines, 1900)) await services.discord.sendMessage(channel, { content })
}

/**
 * A grant posted in the promotion channel (the channel the grant read in its transaction). Nobody is pinged: a
 * citation is free text, and an @role or @everyone in it stays plain text.
 */
export async function announceAward(
  services: AppServices,
  channel: string,
  grant: { member: string; award: string; citation: string },
) {
  const lines = [`🎖️ **${grant.member}** has been awarded the **${grant.award}**.`]
  if (grant.citation) lines.push(`> ${grant.citation.replace(/\s*\n\s*/g, ' ')}`)
  for (const content of chunkLines(lines, 1900))
    await services.discord.sendMessage(channel, { content, allowedMentions: { parse: [] } })
}
