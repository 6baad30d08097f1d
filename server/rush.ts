import { setTimeout as sleep } from 'node:timers/promises'
import { singleton } from './singleton.ts'

// The sign-up rush on this process: member writes (sign-ups, leaving a slot, the waitlist) in flight, and when the
// last one ended. Background work that may wait a few seconds (notifications: docs/decisions/049-push-sends-beside-the-rush.md)
// lets the rush have the process, its database connections and the cores first, and goes on once it has passed.

/** How long after the last member write the rush still counts as on: a wave comes in bursts. */
const QUIET_MS = 250
const POLL_MS = 25

const rush = singleton('rush', () => ({ inFlight: 0, lastEndedAt: 0 }))

/** A member write begins; call what it returns when it has answered (more than once is harmless). */
export function memberWriteStarted(): () => void {
  rush.inFlight++
  let ended = false
  return () => {
    if (ended) return
    ended = true
    rush.inFlight--
    rush.lastEndedAt = performance.now()
  }
}

export function rushOn(): boolean {
  return rush.inFlight > 0 || performance.now() - rush.lastEndedAt < QUIET_MS
}

/** Resolves once no rush is on, or at `deadline` (performance.now() time) at the latest. */
export async function afterTheRush(deadline: number): Promise<void> {
  while (rushOn() && performance.now() < deadline) await sleep(POLL_MS)
}
