import type { User } from '#db/schema/users-sessions.ts'
import type { Db } from '#db/client.ts'
import type { OrbatSaveInput } from '#contracts/orbat.ts'
import type { SquadPreference, WaitlistItem } from '#contracts/waitlist.ts'
import type { AppServices } from '../context.ts'
import { Invalid } from '../errors.ts'
import { UnlockFillPending } from '../refusals.ts'
import { runStatement, runTransaction } from '../transaction.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { getSetting, getSettings, lockActive, UNLOCK_FILL_DONE_KEY } from '../settings/settings.ts'
import { ensureUnlockFill, joinWaitlist, leaveWaitlist, placementLine } from '../waitlist/waitlist.ts'
import { EVERYONE } from '../discord/role-sync-queue.ts'
import { saveOrbat, type SaveResult } from './save.ts'
import { isValidId, leaveSlot, signUpToSlot, type SlotActionResult, type Writer } from './slots.ts'
import { describeError } from '../error-text.ts'

// The member actions of the public ORBAT, for the light path of the /api writes (server/http/member-writes.ts) and
// the page's actions alike: each is one stored-function call (server/orbat/slots.ts, server/waitlist/waitlist.ts)
// that decides, writes and announces in one round trip; then live viewers refresh and the activity channel hears of
// it without making the member wait for Discord.

/**
 * A member write: one statement, which also queues the Discord role sync of the people it moved (durably, drained
 * after the commit); then the activity post (batched, never awaited).
 */
function runLive<T>(
  services: AppServices,
  statement: (db: Db) => Promise<T>,
  activity: (result: T) => string[],
  moved: (result: T) => string[] = () => [],
): Promise<T> {
  return runStatement(services, statement, {
    name: 'orbat member action',
    queuedRoleSyncs: (result) => moved(result).length > 0,
    after: (result) => postActivity(services, activity(result)),
  })
}

const unlockFill = singleton('orbat:unlock-fill', () => ({ running: null as Promise<unknown> | null }))

/**
 * The waitlist fill of a lock that has just ended, in its own transaction (once per unlock: ensureUnlockFill). The
 * presses of a whole herd arrive here together: they wait for one run in this process, not one transaction each.
 */
async function runUnlockFillNow(services: AppServices): Promise<void> {
  unlockFill.running ??= runTransaction(services, (tx) => ensureUnlockFill(tx), {
    name: 'unlock fill',
    announce: (placed) => placed.length > 0,
    syncRoles: (placed) => placed.map((p) => p.discordId),
    after: (placed) => postActivity(services, placed.map(placementLine)),
  }).finally(() => {
    unlockFill.running = null
  })
  await unlockFill.running
}

export async function signUp(services: AppServices, writer: Writer, slotId: number): Promise<SlotActionResult> {
  if (!isValidId(slotId)) throw new Invalid('Invalid slot id.')
  const attempt = () =>
    runLive(
      services,
      (db) => signUpToSlot(db, writer, slotId),
      (r) => r.activity,
      (r) => r.discordIds,
    )
  try {
    return await attempt()
  } catch (error) {
    if (!(error instanceof UnlockFillPending)) throw error
  }
  // The lock has just ended: its waitlist fill goes first (ARCHITECTURE §5), then the sign-up is asked again. If the
  // fill is still pending then (only a clock read differently by the app and the database), it is Locked.
  await runUnlockFillNow(services)
  return attempt()
}

export async function leave(services: AppServices, writer: Writer, slotId: number): Promise<SlotActionResult> {
  if (!isValidId(slotId)) throw new Invalid('Invalid slot id.')
  return runLive(
    services,
    (db) => leaveSlot(db, writer, slotId),
    (r) => r.activity,
    (r) => r.discordIds,
  )
}

export async function joinTheWaitlist(
  services: AppServices,
  writer: Writer,
  preference: SquadPreference,
): Promise<WaitlistItem> {
  return runLive(
    services,
    (db) => joinWaitlist(db, writer, preference),
    () => [],
  )
}

export async function leaveTheWaitlist(services: AppServices, writer: Writer): Promise<void> {
  return runLive(
    services,
    (db) => leaveWaitlist(db, writer),
    () => [],
  )
}

/**
 * The admin editor's Save (PUT /api/admin/orbat/save): the whole diagram in one transaction (server/orbat/save.ts),
 * then the waitlist placements it made posted to the activity channel.
 */
export async function saveOrbatLayout(services: AppServices, admin: User, input: OrbatSaveInput): Promise<SaveResult> {
  return runTransaction(services, (tx) => saveOrbat(tx, admin, input), {
    name: 'save ORBAT',
    // A save may move, clear or re-platoon anyone: the reconcile finds who gains and loses squad roles.
    syncRoles: () => [EVERYONE],
    after: (result) => postActivity(services, result.placements.map(placementLine)),
  })
}

/** The unlock job: fills from the waitlist when the lock has ended, even if nobody signs up. */
export async function runUnlockFill(services: AppServices): Promise<number> {
  const before = Date.now()
  // The common case (locked, no lock set, or the fill already done) costs one read and no transaction.
  const current = await getSettings(services.db, ['signup_time', UNLOCK_FILL_DONE_KEY])
  if (current.signup_time && !lockActive(current.signup_time) && current[UNLOCK_FILL_DONE_KEY] !== current.signup_time)
    await runUnlockFillNow(services)
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
    void flushActivity(services, batch).catch((error) =>
      logger.warn({ msg: 'activity post failed', error: describeError(error) }),
    )
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
