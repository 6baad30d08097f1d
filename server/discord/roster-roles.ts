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
