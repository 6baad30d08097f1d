import { eq } from 'drizzle-orm'
import { slots } from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { DbOrTx } from '#db/client.ts'
import type { OrbatSaveInput } from '#contracts/orbat.ts'
import type { SquadPreference, WaitlistItem } from '#contracts/waitlist.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Locked } from '../errors.ts'
import { runTransaction } from '../transaction.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { getSetting, getSettings, lockActive, UNLOCK_FILL_DONE_KEY } from '../settings/settings.ts'
import { ensureUnlockFill, joinWaitlist, leaveWaitlist, placementLine } from '../waitlist/waitlist.ts'
import { queueRoleSync } from '../discord/member-roles.ts'
import { queueReconcile } from '../discord/reconcile.ts'
import { saveOrbat, type SaveResult } from './save.ts'
import { isValidId, leaveSlot, signUpToSlot, type SlotActionResult } from './slots.ts'

// The member actions of the public ORBAT, for the page's actions and the /api routes alike: each runs its service in
// one transaction that also announces the change, then refreshes live viewers and posts to the activity channel
// without making the member wait for Discord.

/**
 * A member action: one transaction that announces the change, then the activity post and the Discord role sync of
 * the people it moved (both batched, never awaited).
 */
function runLive<T>(services: AppServices, work: (tx: DbOrTx) => Promise<T>, activity: (result: T) => string[], moved: (result: T) => string[] = () => []): Promise<T> {
  return runTransaction(services, work, {
    announce: true,
    name: 'orbat member action',
    after: (result) => {
      postActivity(services, activity(result))
      queueRoleSync(services, moved(result))
    },
  })
}

/**
 * Runs the waitlist fill for a just-ended lock (its own transaction) before the first direct sign-up. Returns true
 * when the lock was still active at this read: the caller refuses then, so a later clock reading inside the sign-up
 * can never accept a sign-up whose unlock fill has not run.
 */
async function unlockFillFirst(services: AppServices): Promise<boolean> {
  // The common case (locked, no lock set, or the fill already done) costs one read and no transaction.
  const current = await getSettings(services.db, ['signup_time', UNLOCK_FILL_DONE_KEY])
  if (lockActive(current.signup_time)) return true
  if (!current.signup_time || current[UNLOCK_FILL_DONE_KEY] === current.signup_time) return false
  await runTransaction(services, (tx) => ensureUnlockFill(tx), {
    name: 'unlock fill',
    announce: (placed) => placed.length > 0,
    after: (placed) => {
      postActivity(services, placed.map(placementLine))
      queueRoleSync(services, placed.map((p) => p.discordId))
    },
  })
  return false
}

export async function signUp(services: AppServices, user: User, slotId: number): Promise<SlotActionResult> {
  if (await unlockFillFirst(services)) throw new Locked('Sign-ups are locked.')
  // Under a herd most requests are for a slot that was just taken: one committed read answers those without a
  // transaction. Only a refusal is decided here; every success is decided by the conditional update inside.
  if (isValidId(slotId)) {
    const [current] = await services.db
      .select({ user_id: slots.user_id, manual_username: slots.manual_username })
      .from(slots)
      .where(eq(slots.id, slotId))
      .limit(1)
    if (current && (current.manual_username !== null || (current.user_id !== null && current.user_id !== user.id))) {
      throw new Conflict('This slot is already taken.')
    }
  }
  return runLive(services, (tx) => signUpToSlot(tx, user, slotId), (r) => r.activity, (r) => r.discordIds)
}

export async function leave(services: AppServices, user: User, slotId: number): Promise<SlotActionResult> {
  return runLive(services, (tx) => leaveSlot(tx, user, slotId), (r) => r.activity, (r) => r.discordIds)
}

export async function joinTheWaitlist(services: AppServices, user: User, preference: SquadPreference): Promise<WaitlistItem> {
  return runLive(services, (tx) => joinWaitlist(tx, user, preference), () => [])
}

export async function leaveTheWaitlist(services: AppServices, user: User): Promise<void> {
  return runLive(services, (tx) => leaveWaitlist(tx, user), () => [])
}

/**
 * The admin editor's Save (PUT /api/admin/orbat/save): the whole diagram in one transaction (server/orbat/save.ts),
 * then the waitlist placements it made posted to the activity channel.
 */
export async function saveOrbatLayout(services: AppServices, admin: User, input: OrbatSaveInput): Promise<SaveResult> {
  return runTransaction(services, (tx) => saveOrbat(tx, admin, input), {
    name: 'save ORBAT',
    after: (result) => {
      postActivity(services, result.placements.map(placementLine))
      // A save may move, clear or re-platoon anyone: the reconcile finds who gains and loses squad roles.
      queueReconcile(services)
    },
  })
}

/** The unlock job: fills from the waitlist when the lock has ended, even if nobody signs up. */
export async function runUnlockFill(services: AppServices): Promise<number> {
  const before = Date.now()
  await unlockFillFirst(services)
  return Date.now() - before
}

/** Activity lines are batched: a burst of sign-ups becomes a few messages, within Discord's per-channel limits. */
export const ACTIVITY_BATCH_MS = 1000
const DISCORD_MESSAGE_LIMIT = 2000

const activity = singleton('orbat:activity', () => ({ lines: [] as string[], timer: null as NodeJS.Timeout | null }))

/** Posts to the ORBAT activity channel, if one is set. Never throws, never delays the member's request. */
export function postActivity(services: AppServices, lines: string[]) {
  if (lines.length === 0) return
  activity.lines.push(...lines)
  if (activity.timer) return
  activity.timer = setTimeout(() => {
    activity.timer = null
    const batch = activity.lines.splice(0)
    void flushActivity(services, batch).catch((error) => logger.warn({ msg: 'activity post failed', error: String(error) }))
  }, ACTIVITY_BATCH_MS)
  activity.timer.unref()
}

async function flushActivity(services: AppServices, lines: string[]) {
  const channelId = await getSetting(services.db, 'orbat_activity_channel_id')
  if (!channelId) return
  for (const content of chunkLines(lines, DISCORD_MESSAGE_LIMIT)) {
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
