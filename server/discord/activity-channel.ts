import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { translate, type CatalogText } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'
import { getSetting } from '../unit/settings.ts'
import { singleton } from '../singleton.ts'

// The ORBAT activity channel: who signed up, left or was placed from the waitlist, posted in batches after the commit,
// in the unit's language (docs/rules/languages.md; names, roles and squads as the unit wrote them).

/** Activity lines are batched: a burst of sign-ups becomes a few messages, within Discord's per-channel limits. */
export const ACTIVITY_BATCH_MS = 1000

const DISCORD_MESSAGE_LIMIT = 2000

const activity = singleton('orbat:activity', () => ({
  lines: [] as CatalogText[],
  timer: null as NodeJS.Timeout | null,
}))

/** Posts to the ORBAT activity channel, if one is set. Never throws, never delays the member's request. */
export function postActivity(services: AppServices, lines: CatalogText[]) {
  if (lines.length === 0) return
  activity.lines.push(...lines)
  if (activity.timer) return
  activity.timer = setTimeout(() => {
    activity.timer = null
    const batch = activity.lines.splice(0)
    void flushActivity(services, batch).catch((error) =>
      logger.warn({ msg: 'activity post failed', error: describeError(error) }),
    )
  }, ACTIVITY_BATCH_MS)
  activity.timer.unref()
}

async function flushActivity(services: AppServices, lines: CatalogText[]) {
  const channelId = await getSetting(services.db, 'orbat_activity_channel_id')
  if (!channelId) return
  const language = await getUnitLanguage(services.db)
  const said = lines.map((line) => translate(language, line.key, line.values))
  for (const content of chunkLines(said, DISCORD_MESSAGE_LIMIT)) {
    await services.discord.sendMessage(channelId, { content, allowedMentions: { parse: [] } })
  }
}

/** Joins lines into messages no longer than `limit` characters (a single overlong line is cut). */
export function chunkLines(lines: string[], limit: number): string[] {
  const messages: string[] = []
  let current = ''
  for (const raw of lines) {
    const line = raw.length > limit ? raw.slice(0, limit) : raw
    if (current && current.length + 1 + line.length > limit) {
      messages.push(current)
      current = ''
    }
    current = current ? `${current}\n${line}` : line
  }
  if (current) messages.push(current)
  return messages
}
