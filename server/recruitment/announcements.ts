import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '#contracts/recruitment.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { getSetting } from '../settings/settings.ts'

// Recruitment's Discord messages (docs/rules/discord.md, Recruitment), sent by the use cases after their commit through
// the one Discord client, which retries and never throws: a failed post is a System audit entry, and the application
// stands. A new application goes to the recruiters channel (setting recruitment_channel_id); every status change is a
// direct message to the applicant, which Discord refuses when they share no server with the bot or closed their DMs.

/** The recruiters channel's post, word for word. */
export function newApplicationMessage(
  appUrl: string,
  id: number,
  user: Pick<User, 'discord_id' | 'username' | 'display_name'>,
) {
  const name = user.display_name ?? user.username
  return `📨 New application #${id} from <@${user.discord_id}> (**${name}**): ${appUrl}/admin/recruitment?application=${id}`
}

/** The applicant's direct message, word for word. */
export function statusMessage(appUrl: string, status: ApplicationStatus, reason: string | null): string {
  if (status === 'accepted')
    return `🎉 Your application was accepted: welcome to the unit! You are on the roster as BMT. ${appUrl}/account`
  if (status === 'rejected') return `Your application was rejected. Reason: ${reason ?? ''}`
  return `Your application is now: ${APPLICATION_STATUS_LABELS[status]}. ${appUrl}/account`
}

export async function announceApplication(
  services: AppServices,
  id: number,
  user: Pick<User, 'discord_id' | 'username' | 'display_name'>,
): Promise<void> {
  const channel = await getSetting(services.db, 'recruitment_channel_id')
  if (!channel) return
  await services.discord.sendMessage(channel, {
    content: newApplicationMessage(services.config.appUrl, id, user).slice(0, 2000),
    // The applicant is named, not pinged: the recruiters read the channel.
    allowedMentions: { parse: [] },
  })
}

export async function tellApplicant(
  services: AppServices,
  discordId: string,
  status: ApplicationStatus,
  reason: string | null,
): Promise<void> {
  await services.discord.sendDirectMessage(discordId, {
    content: statusMessage(services.config.appUrl, status, reason).slice(0, 2000),
    allowedMentions: { parse: [] },
  })
}
