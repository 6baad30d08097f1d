import type { AppServices } from '../context.ts'
import { logger } from '../logger.ts'
import { waitAtMost } from '../transaction.ts'
import { listChannels, listRoles } from './guild.ts'
import { describeError } from '../error-text.ts'

// Names for Discord ids in audit entries ('#orbat-activity (1234)', '@Milsim (5678)'), so the log reads as what an
// admin chose rather than raw ids. Looked up before a use case's transaction (never inside it) and given at most a
// moment: when Discord cannot say in time, or does not know the id, the entry keeps the bare id.

const LOOKUP_MS = 1500

interface DiscordNames {
  channel: (id: string) => string
  role: (id: string) => string
}

export async function discordNames(
  services: AppServices,
  needs: { channels?: boolean; roles?: boolean },
): Promise<DiscordNames> {
  const channels = new Map<string, string>()
  const roles = new Map<string, string>()
  const lookup = Promise.all([
    needs.channels
      ? listChannels(services.discord).then((list) => list.forEach((c) => channels.set(c.id, c.name)))
      : null,
    needs.roles ? listRoles(services.discord).then((list) => list.forEach((r) => roles.set(r.id, r.name))) : null,
  ]).catch((error: unknown) =>
    logger.warn({ msg: 'Discord names for the audit log unavailable', error: describeError(error) }),
  )
  await waitAtMost(lookup, LOOKUP_MS)
  return {
    channel: (id) => (channels.has(id) ? `#${channels.get(id)} (${id})` : id),
    role: (id) => (roles.has(id) ? `@${roles.get(id)} (${id})` : id),
  }
}
