import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '#contracts/recruitment.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { getSetting } from '../unit/settings.ts'

// Recruitment's messages (docs/rules/discord.md, Recruitment). A new application goes to the recruiters channel
// (setting recruitment_channel_id), posted after the commit through the one Discord client, which retries and never
// throws: a failed post is a System audit entry, and the application stands. Every status change is told to the
// applicant as an `applications` notification (docs/rules/notifications.md): by Discord message, word for word as
// below, or by push once they subscribe a device; Discord refuses a message to someone who shares no server with the
// bot or closed their DMs.

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

/** The applicant's notification of a status change: the push's title and body, and the DM word for word. */
export function statusNotice(
  appUrl: string,
  status: ApplicationStatus,
  reason: string | null,
): { title: string; body: string; discord: string } {
  const discord = statusMessage(appUrl, status, reason).slice(0, 2000)
  if (status === 'accepted')
    return { title: 'Application accepted', body: 'Welcome to the unit! You are on the roster as BMT.', discord }
  if (status === 'rejected') return { title: 'Application rejected', body: `Reason: ${reason ?? ''}`, discord }
  return { title: 'Your application', body: `Your application is now: ${APPLICATION_STATUS_LABELS[status]}.`, discord }
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
