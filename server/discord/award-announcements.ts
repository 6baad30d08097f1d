import type { AppServices } from '../context.ts'
import { translate } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'
import { chunkLines } from './activity-channel.ts'

// The roster's Discord side beyond roles: an award's grant may be posted in the promotion channel
// (docs/rules/personnel.md, Awards). Run by the award use case after its commit. (Promotion runs are announced by
// server/discord/promotion-announcements.ts, through the job runner.) The client never throws: a failed call is
// logged and recorded as a System audit entry (server/start.ts), so the grant stands.

/**
 * A grant posted in the promotion channel (the channel the grant read in its transaction). Nobody is pinged: a
 * citation is free text, and an @role or @everyone in it stays plain text.
 */
export async function announceAward(
  services: AppServices,
  channel: string,
  grant: { member: string; award: string; citation: string },
) {
  // In the unit's language (docs/rules/languages.md); the award's name and the citation stay as the unit wrote them.
  const language = await getUnitLanguage(services.db)
  const lines = [translate(language, 'channel.award', { member: grant.member, award: grant.award })]
  if (grant.citation) lines.push(`> ${grant.citation.replace(/\s*\n\s*/g, ' ')}`)
  for (const content of chunkLines(lines, 1900))
    await services.discord.sendMessage(channel, { content, allowedMentions: { parse: [] } })
}
