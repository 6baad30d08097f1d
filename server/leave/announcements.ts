import type { LeaveItem } from '#contracts/leave.ts'
import type { LanguageCode } from '#contracts/languages.ts'
import type { AppServices } from '../context.ts'
import { translate } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'
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

const KEYS = { approved: 'channel.leaveApproved', denied: 'channel.leaveDenied', ended: 'channel.leaveEnded' } as const

/** The message in the unit's language; in English word for word as docs/rules/discord.md gives it. */
export function leaveMessage({ kind, leave, discordId }: LeaveNews, language: LanguageCode = 'en'): string {
  const who = discordId ? `<@${discordId}> (**${leave.member_name}**)` : `**${leave.member_name}**`
  return translate(language, KEYS[kind], {
    who,
    start: leave.start_date,
    end: leave.end_date,
    reason: leave.deny_reason ?? '',
  })
}

/** Posts one leave decision to the leave channel, if one is set. Never throws. */
export async function announceLeave(services: AppServices, news: LeaveNews): Promise<void> {
  const channel = await getSetting(services.db, 'leave_channel_id')
  if (!channel) return
  await services.discord.sendMessage(channel, {
    content: leaveMessage(news, await getUnitLanguage(services.db)).slice(0, 2000),
    // Only the member is pinged: a reason may contain text that reads as a mention.
    allowedMentions: { users: news.discordId ? [news.discordId] : [] },
  })
}
