import { postActivity } from '../discord/activity-channel.ts'
import type { Db } from '#db/client.ts'
import type { SquadPreference, WaitlistItem } from '#contracts/waitlist.ts'
import type { AppServices } from '../context.ts'
import { Invalid } from '../errors.ts'
import { UnlockFillPending } from '../refusals.ts'
import { runStatement, runTransaction } from '../transaction.ts'
import { singleton } from '../singleton.ts'
import { getSettings, lockActive, UNLOCK_FILL_DONE_KEY } from '../unit/settings.ts'
import { placementLine } from './waitlist/placement.ts'
import type { CatalogText } from '../lib/i18n.ts'
import { ensureUnlockFill, joinWaitlist, leaveWaitlist } from './waitlist/waitlist.ts'
import { isValidId, leaveSlot, signUpToSlot, type SlotActionResult, type Writer } from './slots.ts'

// The member actions of the public ORBAT, for the light path of the /api writes (server/http/member-writes.ts) and
// the page's actions alike: each is one stored-function call (server/orbat/slots.ts, server/orbat/waitlist/waitlist.ts)
// that decides, writes and NOTIFYs in one round trip; then this instance's live viewers refresh at once (the 'orbat'
// topic after the commit) and the activity channel hears of it without making the member wait for Discord.

/**
 * A member write: one statement, which also queues the Discord role sync of the people it moved (durably, drained
 * after the commit); then the activity post (batched, never awaited).
 */
function runLive<T>(
  services: AppServices,
  statement: (db: Db) => Promise<T>,
  activity: (result: T) => CatalogText[],
  moved: (result: T) => string[] = () => [],
): Promise<T> {
  return runStatement(services, statement, {
    name: 'orbat member action',
    changes: ['orbat'],
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
    changes: (placed) => (placed.length > 0 ? ['orbat'] : []),
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
  // The lock has just ended: its waitlist fill goes first (docs/rules/orbat.md, When the lock ends), then the sign-up
  // is asked again. If the fill is still pending then (only a clock read differently by the app and the database), it
  // is Locked.
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

/** The unlock job: fills from the waitlist when the lock has ended, even if nobody signs up. */
export async function runUnlockFill(services: AppServices): Promise<number> {
  const before = Date.now()
  // The common case (locked, no lock set, or the fill already done) costs one read and no transaction.
  const current = await getSettings(services.db, ['signup_time', UNLOCK_FILL_DONE_KEY])
  if (current.signup_time && !lockActive(current.signup_time) && current[UNLOCK_FILL_DONE_KEY] !== current.signup_time)
    await runUnlockFillNow(services)
  return Date.now() - before
}
