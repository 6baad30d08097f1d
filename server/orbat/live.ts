import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type postgres from 'postgres'
import type { LiveOrbatData, OrbatSettings } from '#contracts/orbat.ts'
import type { Db, DbOrTx } from '#db/client.ts'
import type { ChangeListener } from '../changes.ts'
import { describeError } from '../error-text.ts'
import { prepare, type Prepared } from '../lib/encodings.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { getSetting } from '../unit/settings.ts'
import { loadOrbat } from './orbat.ts'
import { unitDayEndsAt } from '../leave/days.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { listWaitlist, listWaitlistSquads } from './waitlist/waitlist.ts'

/**
 * Live ORBAT state for every open page: the four polled answers (/api/orbat, /api/waitlist, /api/settings,
 * /api/waitlist/squads) kept as ready-to-send bytes with ETags, rebuilt once after each change, and pushed to live
 * connections (Server-Sent Events). Changes are announced with PostgreSQL NOTIFY inside the changing transaction,
 * so every app instance (LISTEN) hears about every commit, its own included.
 */

const CHANGE_CHANNEL = 'orbat_changed'
/** Pushes to live pages are coalesced: a burst of sign-ups becomes one update per window. */
const PUSH_COALESCE_MS = 150

export type SnapshotKey = 'orbat' | 'waitlist' | 'settings' | 'squads'

export interface Snapshot {
  version: number
  /** Each answer's bytes, also compressed once here (brotli, gzip) rather than per request (docs/decisions/027). */
  parts: Record<SnapshotKey, Prepared>
  /** The Server-Sent Events message carrying all four answers. */
  event: Buffer
  /** Epoch ms when the unit's day it was built on ends: its LOA badges (slots' on_loa) may change then. */
  validUntil: number
}

type Subscriber = (snapshot: Snapshot) => void

interface LiveState {
  version: number
  building: Promise<Snapshot> | null
  /** The version the build under way is of. */
  buildingVersion: number
  current: Snapshot | null
  subscribers: Set<Subscriber>
  pushTimer: NodeJS.Timeout | null
  db: Db | null
}

const state = singleton<LiveState>('orbat:live', () => ({
  version: 0,
  building: null,
  buildingVersion: -1,
  current: null,
  subscribers: new Set(),
  pushTimer: null,
  db: null,
}))

/** Inside the transaction that changes what the snapshot shows: delivered on commit. */
async function announceChange(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, '')`)
}

/**
 * Listens to the 'orbat' topic (server/changes.ts; registered in server/change-listeners.ts): NOTIFY inside the
 * transaction, so every instance, this one included, hears the commit; and this instance's snapshot marked stale
 * right after it, so its own next read is fresh without waiting for the notice.
 */
export const liveOrbatListener: ChangeListener = { inTransaction: announceChange, afterCommit: markChanged }

/** Marks the snapshot stale (after a local commit, or a NOTIFY from any instance) and schedules a push. */
export function markChanged(): void {
  state.version += 1
  state.current = null
  if (!state.pushTimer && state.subscribers.size > 0) {
    state.pushTimer = setTimeout(() => {
      state.pushTimer = null
      void pushToSubscribers()
    }, PUSH_COALESCE_MS)
  }
}

async function pushToSubscribers() {
  if (!state.db || state.subscribers.size === 0) return
  try {
    const snapshot = await getSnapshot(state.db)
    for (const subscriber of state.subscribers) subscriber(snapshot)
  } catch (error) {
    logger.error({ msg: 'live push failed', error: describeError(error) })
  }
}

function encode(value: unknown): Promise<Prepared> {
  const body = Buffer.from(JSON.stringify(value))
  return prepare(body, `"${crypto.createHash('sha1').update(body).digest('base64url')}"`)
}

/** The kept snapshot, dropped (and live pages told) once the unit's day it was built on is over. */
function currentSnapshot(): Snapshot | null {
  if (state.current && Date.now() >= state.current.validUntil) markChanged()
  return state.current
}

/** The current snapshot if it is fresh, without waiting (the hot path answers synchronously then). */
export function peekSnapshot(): Snapshot | null {
  return currentSnapshot()
}

/** The current snapshot, built at most once per change however many requests ask at the same time. */
export async function getSnapshot(db: DbOrTx): Promise<Snapshot> {
  const current = currentSnapshot()
  if (current) return current
  // NOTE: only a build of the current version: one begun before a change would hand this reader (and the change's
  // push to live pages) the state before it, and nothing would push again.
  if (state.building && state.buildingVersion === state.version) return state.building
  const version = state.version
  const build = (async () => {
    const [orbat, waitlist, signupTime, squads, zone] = await Promise.all([
      loadOrbat(db),
      listWaitlist(db),
      getSetting(db, 'signup_time'),
      listWaitlistSquads(db),
      getUnitTimeZone(db),
    ])
    const [orbatPart, waitlistPart, settingsPart, squadsPart] = await Promise.all([
      encode(orbat),
      encode(waitlist),
      encode({ signup_time: signupTime } satisfies OrbatSettings),
      encode(squads),
    ])
    const parts = { orbat: orbatPart, waitlist: waitlistPart, settings: settingsPart, squads: squadsPart }
    const event = Buffer.from(
      `event: snapshot\ndata: {"version":${version},"orbat":${parts.orbat.body},"waitlist":${parts.waitlist.body},"settings":${parts.settings.body},"squads":${parts.squads.body}}\n\n`,
    )
    return { version, parts, event, validUntil: unitDayEndsAt(zone) }
  })()
  state.building = build
  state.buildingVersion = version
  try {
    const snapshot = await build
    // A change that landed while building makes this one stale already: serve it, but do not keep it.
    if (state.version === version) state.current = snapshot
    return snapshot
  } finally {
    if (state.building === build) state.building = null
  }
}

/** The snapshot's four answers as data (the public ORBAT page's server render: the same bytes, no extra queries). */
export function liveDataOf(snapshot: Snapshot): LiveOrbatData {
  const part = (key: SnapshotKey) => JSON.parse(snapshot.parts[key].body.toString('utf8')) as unknown
  return {
    orbat: part('orbat'),
    waitlist: part('waitlist'),
    settings: part('settings'),
    squads: part('squads'),
  } as LiveOrbatData
}

/** Registers a live page. Returns the unsubscribe function. */
export function subscribe(subscriber: Subscriber): () => void {
  state.subscribers.add(subscriber)
  return () => state.subscribers.delete(subscriber)
}

/**
 * LISTENs for changes from every instance. Returns a stop function. The connection is postgres.js's dedicated
 * listener, which reconnects by itself; after a reconnect the snapshot is marked stale in case a NOTIFY was missed.
 */
export async function startChangeListener(sqlClient: postgres.Sql, db: Db): Promise<() => Promise<void>> {
  state.db = db
  const { unlisten } = await sqlClient.listen(
    CHANGE_CHANNEL,
    () => markChanged(),
    () => markChanged(),
  )
  return async () => {
    await unlisten().catch(() => {})
    if (state.pushTimer) clearTimeout(state.pushTimer)
    state.pushTimer = null
  }
}
