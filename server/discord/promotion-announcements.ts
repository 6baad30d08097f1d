import { promotionRuns, type PromotionRecord, type PromotionRun } from '#db/schema/roster.ts'
import type { AppServices } from '../context.ts'
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

const count = (n: number) => n.toLocaleString('en-US')

/**
 * What the channel reads: "🎖️ **Promotions**" and a line "**{name}** has been promoted from {rank} to {rank}." per
 * member, in as many messages as it takes up to ANNOUNCEMENT_MAX_MESSAGES; past that one message that says how many
 * moved, then per step (BMT to JNCO, ...) how many and the first names that fit.
 */
export function announcementMessages(promotions: ReadonlyArray<Pick<PromotionRecord, 'name' | 'from' | 'to'>>) {
  const lines = promotions.map((p) => `**${p.name}** has been promoted from ${p.from} to ${p.to}.`)
  const messages = chunkLines(['🎖️ **Promotions**', ...lines], MESSAGE_CHARS)
  if (messages.length <= ANNOUNCEMENT_MAX_MESSAGES) return messages
  return [summaryOf(promotions)]
}

function summaryOf(promotions: ReadonlyArray<Pick<PromotionRecord, 'name' | 'from' | 'to'>>): string {
  const steps = new Map<string, string[]>()
  for (const p of promotions) {
    const key = `**${p.from} to ${p.to}**`
    steps.set(key, [...(steps.get(key) ?? []), p.name])
  }
  const head = ['🎖️ **Promotions**', `**${count(promotions.length)}** members have been promoted.`]
  const budget = Math.floor((MESSAGE_CHARS - head.join('\n').length) / steps.size) - 1
  const stepLines = [...steps].map(([step, names]) => {
    const start = `${step}: ${count(names.length)}`
    let shown = 0
    const line = (n: number) => {
      const rest = names.length - n
      return n ? `${start} (${names.slice(0, n).join(', ')}${rest ? ` and ${count(rest)} more` : ''}).` : `${start}.`
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
  posts: (run) => ({
    channelId: run.announcement_channel_id!,
    messages: announcementMessages(run.promotions),
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
