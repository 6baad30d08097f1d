import type { DbOrTx } from '#db/client.ts'
import { describeError } from './error-text.ts'
import { logger } from './logger.ts'
import { singleton } from './singleton.ts'

// What a committed change touched, told to whoever keeps a copy of it (docs/decisions/030-use-cases-declare-their-
// changes.md). A use case declares its topics; the transaction runner tells the topics' listeners, knowing nothing of
// them. Listeners are registered once per process at start-up (server/change-listeners.ts).

/**
 * The things other parts of the app keep a copy of. `orbat`: anything the live ORBAT snapshot shows (squads, slots
 * and their holders' names and avatars, edges, waypoints, pax counters, role locks, the waitlist and its squads,
 * signup_time) and who may take a slot (bans, eligible roles). `roster`: anything the public roster list answers
 * (members, ranks, event scores, qualifications held, bans). When unsure, declare it: a needless push is cheaper than
 * a stale page.
 */
export type ChangeTopic = 'orbat' | 'roster'

/** A use case's topics: fixed, or decided from its result (say none when nothing changed). */
export type Changes<T> = readonly ChangeTopic[] | ((result: T) => readonly ChangeTopic[])

export interface ChangeListener {
  /**
   * Runs inside the changing transaction, so it commits or rolls back with the change (a NOTIFY, which every app
   * instance hears on commit). A failure fails the transaction.
   */
  inTransaction?: (tx: DbOrTx) => Promise<unknown>
  /** Runs in this process once the change has committed (a cache cleared, a view marked stale). Failures are logged. */
  afterCommit?: () => void
}

// NOTE: one registry per process (server/singleton.ts): the React Router build's copy of the runner must find the
// listeners that server/start.ts registered through its own copy.
const registry = singleton('changes:listeners', () => ({
  listeners: new Map<ChangeTopic, Set<ChangeListener>>(),
  warned: new Set<ChangeTopic>(),
}))

/** Subscribes a listener to a topic. Registering the same listener again changes nothing. Returns the unsubscribe. */
export function onChange(topic: ChangeTopic, listener: ChangeListener): () => void {
  let set = registry.listeners.get(topic)
  if (!set) registry.listeners.set(topic, (set = new Set()))
  set.add(listener)
  return () => set.delete(listener)
}

export function topicsOf<T>(changes: Changes<T>, result: T): readonly ChangeTopic[] {
  return typeof changes === 'function' ? changes(result) : changes
}

/** Each listener once, however many of its topics the change touched. */
function listenersOf(topics: readonly ChangeTopic[]): ChangeListener[] {
  const found = new Set<ChangeListener>()
  for (const topic of topics) {
    const set = registry.listeners.get(topic)
    if (!set?.size && !registry.warned.has(topic)) {
      // A process that runs use cases without registering (server/change-listeners.ts) would keep other instances
      // and its own copies stale without a sound.
      registry.warned.add(topic)
      logger.warn({ msg: 'a change was declared that nothing in this process listens to', topic })
    }
    for (const listener of set ?? []) found.add(listener)
  }
  return [...found]
}

/** Inside the transaction, before it commits. */
export async function tellInTransaction(tx: DbOrTx, topics: readonly ChangeTopic[]): Promise<void> {
  for (const listener of listenersOf(topics)) if (listener.inTransaction) await listener.inTransaction(tx)
}

/** After the commit. Never throws: the change is committed whatever a listener does. */
export function tellCommitted(topics: readonly ChangeTopic[]): void {
  for (const listener of listenersOf(topics)) {
    try {
      listener.afterCommit?.()
    } catch (error) {
      logger.error({ msg: 'change listener failed after commit', topics, error: describeError(error) })
    }
  }
}
