import type { LeaveItem } from '#contracts/leave.ts'
import type { AppServices } from '../context.ts'
import { getSetting } from '../unit/settings.ts'

// The leave channel (setting leave_channel_id; docs/rules/discord.md, Leave of absence): the member hears of an
// approval, a denial (with its reason) and an early end there, mentioned by their Discord id. Posted by the leave use
// cases after their commit, through the one Discord client, which retries and never throws: a failed post is a System
// audit entry, and the leave decision stands.

export interface LeaveNews {
  kind: 'approved' | 'denied' | 'ended'
  leave: LeaveItem
  discordId: string | null
}

/** The message, word for word (docs/rules/discord.md). */
export function leaveMessage({ kind, leave, discordId }: LeaveNews): string {
  const who = discordId ? `<@${discordId}> (**${leave.member_name}**)` : `**${leave.member_name}**`
  const dates = `from ${leave.start_date} to ${leave.end_date}`
  if (kind === 'approved') return `🏖️ Leave of absence ${dates} approved for ${who}.`
  if (kind === 'denied') return `Leave request ${dates} denied for ${who}. Reason: ${leave.deny_reason ?? ''}`
  return `Leave of absence ${dates} of ${who} ended early.`
}

/** Posts one leave decision to the leave channel, if one is set. Never throws. */
export async function announceLeave(services: AppServices, news: LeaveNews): Promise<void> {
  const channel = await getSetting(services.db, 'leave_channel_id')
  if (!channel) return
  await services.discord.sendMessage(channel, {
    content: leaveMessage(news).slice(0, 2000),
    // Only the member is pinged: a reason may contain text that reads as a mention.
    allowedMentions: { users: news.discordId ? [news.discordId] : [] },
  })
}
