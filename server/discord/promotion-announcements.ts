import { promotionRuns, type PromotionRecord, type PromotionRun } from '#db/schema/roster.ts'
import type { PageLanguage } from '#contracts/languages.ts'
import type { AppServices } from '../context.ts'
import { translate } from '../lib/i18n.ts'
import { getUnitLanguage } from '../unit/language.ts'
import { chunkLines } from './activity-channel.ts'
import { channelPostSender } from './channel-posts.ts'

// The promotion channel hears of a run after its commit (docs/rules/roster.md, Promotions;
// docs/decisions/034-promotion-runs-and-their-announcement.md). The run's promotion_runs row is the queue: it commits
// with the run, 'pending'; the announcer sends its messages in the background (woken by the run, and every few seconds
// by the job runner on every instance) and marks it sent, or failed. No request waits for it.
// Exactly once as the members see it: the row is a queue of channel posts (server/discord/channel-posts.ts).

/** Up to this many messages of one line per member; a longer run is announced in one summary message. */
export const ANNOUNCEMENT_MAX_MESSAGES = 3
/** Discord's limit is 2,000 characters a message; a margin for what clients count differently. */
const MESSAGE_CHARS = 1900
/** How long a claim holds a run for its sender, who renews it every third of that while Discord is called. */
const LEASE_S = 30

/**
 * What the channel reads, in the unit's language (docs/rules/languages.md): "🎖️ **Promotions**" and a line "**{name}**
 * has been promoted from {rank} to {rank}." per member, in as many messages as it takes up to
 * ANNOUNCEMENT_MAX_MESSAGES; past that one message that says how many moved, then per step (BMT to JNCO, ...) how many
 * and the first names that fit.
 */
export function announcementMessages(
  promotions: ReadonlyArray<Pick<PromotionRecord, 'name' | 'from' | 'to'>>,
  language: PageLanguage = 'en',
) {
  const say = (key: string, values?: Record<string, string | number>) =>
    translate(language, `channel.promotions.${key}`, values)
  const lines = promotions.map((p) => say('line', { name: p.name, from: p.from, to: p.to }))
  const messages = chunkLines([say('title'), ...lines], MESSAGE_CHARS)
  if (messages.length <= ANNOUNCEMENT_MAX_MESSAGES) return messages
  return [summaryOf(promotions, say)]
}

function summaryOf(
  promotions: ReadonlyArray<Pick<PromotionRecord, 'name' | 'from' | 'to'>>,
  say: (key: string, values?: Record<string, string | number>) => string,
): string {
  const steps = new Map<string, { from: string; to: string; names: string[] }>()
  for (const p of promotions) {
    const key = `${p.from}\u0000${p.to}`
    const step = steps.get(key) ?? { from: p.from, to: p.to, names: [] }
    step.names.push(p.name)
    steps.set(key, step)
  }
  const head = [say('title'), say('total', { count: promotions.length })]
  const budget = Math.floor((MESSAGE_CHARS - head.join('\n').length) / steps.size) - 1
  const stepLines = [...steps.values()].map(({ from, to, names }) => {
    const step = say('step', { from, to, count: names.length })
    let shown = 0
    const line = (n: number) => {
      const rest = names.length - n
      const listed = names.slice(0, n).join(', ')
      if (!n) return say('stepOnly', { step })
      return rest ? say('stepNamesMore', { step, names: listed, rest }) : say('stepNames', { step, names: listed })
    }
    while (shown < names.length && line(shown + 1).length <= budget) shown++
    return line(shown)
  })
  return [...head, ...stepLines].join('\n')
}

const announcer = channelPostSender<PromotionRun>({
  what: 'promotion announcement',
  table: promotionRuns,
  columns: {
    key: promotionRuns.id,
    status: promotionRuns.announcement,
    partsSent: promotionRuns.announcement_parts_sent,
    attempts: promotionRuns.announcement_attempts,
    dueAt: promotionRuns.announcement_due_at,
    claimedUntil: promotionRuns.announcement_claimed_until,
    attemptedAt: promotionRuns.announcement_attempted_at,
    sentAt: promotionRuns.announced_at,
    error: promotionRuns.announcement_error,
  },
  leaseS: LEASE_S,
  posts: async (run, services) => ({
    channelId: run.announcement_channel_id!,
    messages: announcementMessages(run.promotions, await getUnitLanguage(services.db)),
    nonce: (part) => `promo-${run.id}-${part}`,
  }),
})

/** After a run's commit: its announcement goes out in the background. Returns at once; never throws. */
export function wakePromotionAnnouncer(services: AppServices): void {
  void announcer.sendDue(services)
}

/** Sends every pending announcement whose turn has come (the job runner's tick and wakePromotionAnnouncer). */
export function announceDueRuns(services: AppServices): Promise<void> {
  return announcer.sendDue(services)
}
