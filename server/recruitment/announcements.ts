import type { ApplicationStatus } from '#contracts/recruitment.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { LanguageCode, PageLanguage } from '#contracts/languages.ts'
import type { AppServices } from '../context.ts'
import { translate } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'
import { inEveryLanguage, type Localized } from '../notifications/texts.ts'
import { getSetting } from '../unit/settings.ts'

// Recruitment's messages (docs/rules/discord.md, Recruitment). A new application goes to the recruiters channel
// (setting recruitment_channel_id), posted after the commit through the one Discord client, which retries and never
// throws: a failed post is a System audit entry, and the application stands. Every status change is told to the
// applicant as an `applications` notification (docs/rules/notifications.md): by Discord message, word for word as
// below, or by push once they subscribe a device; Discord refuses a message to someone who shares no server with the
// bot or closed their DMs.

/**
 * The recruiters channel's post, in the unit's language; in English word for word: "📨 New application #{id} from
 * <@{discord id}> (**{name}**): {app}/admin/recruitment?application={id}".
 */
export function newApplicationMessage(
  appUrl: string,
  id: number,
  user: Pick<User, 'discord_id' | 'username' | 'display_name'>,
  language: PageLanguage,
) {
  return translate(language, 'channel.newApplication', {
    id,
    mention: `<@${user.discord_id}>`,
    name: user.display_name ?? user.username,
    url: `${appUrl}/admin/recruitment?application=${id}`,
  })
}

/**
 * The applicant's notification of a status change: the push's title and body, and the DM, in every language (each
 * applicant reads theirs: docs/rules/languages.md). The English DM, word for word: "🎉 Your application was accepted:
 * welcome to the unit! You are on the roster as BMT. <url>", "Your application was rejected. Reason: <reason>", or "Your
 * application is now: <status>. <url>".
 */
export function statusNotice(
  appUrl: string,
  status: ApplicationStatus,
  reason: string | null,
): { title: Localized; body: Localized; discord: Localized } {
  const url = `${appUrl}/account`
  const cut = (text: Localized) =>
    Object.fromEntries(Object.entries(text).map(([language, value]) => [language, value.slice(0, 2000)])) as Localized
  if (status === 'accepted')
    return {
      title: inEveryLanguage('notifications.application.acceptedTitle'),
      body: inEveryLanguage('notifications.application.acceptedBody'),
      discord: cut(inEveryLanguage('notifications.application.dmAccepted', { url })),
    }
  if (status === 'rejected')
    return {
      title: inEveryLanguage('notifications.application.rejectedTitle'),
      body: inEveryLanguage('notifications.application.rejectedBody', { reason: reason ?? '' }),
      discord: cut(inEveryLanguage('notifications.application.dmRejected', { reason: reason ?? '' })),
    }
  // The status as the applicant's own pages name it, in their language.
  const named = (language: LanguageCode) => ({ status: translate(language, `applications.status.${status}`), url })
  return {
    title: inEveryLanguage('notifications.application.title'),
    body: inEveryLanguage('notifications.application.body', named),
    discord: cut(inEveryLanguage('notifications.application.dm', named)),
  }
}

export async function announceApplication(
  services: AppServices,
  id: number,
  user: Pick<User, 'discord_id' | 'username' | 'display_name'>,
): Promise<void> {
  const channel = await getSetting(services.db, 'recruitment_channel_id')
  if (!channel) return
  await services.discord.sendMessage(channel, {
    content: newApplicationMessage(services.config.appUrl, id, user, await getUnitLanguage(services.db)).slice(0, 2000),
    // The applicant is named, not pinged: the recruiters read the channel.
    allowedMentions: { parse: [] },
  })
}
