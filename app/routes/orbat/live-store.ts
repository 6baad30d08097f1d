import { signupUnlockAt } from '#contracts/time.ts'
import type { LiveOrbatData } from '#contracts/orbat.ts'

/** When the countdown reaches zero the data is reloaded after 0.5 s (docs/rules/orbat.md, the time lock). */
const UNLOCK_RELOAD_DELAY_MS = 500
// setTimeout's longest delay; a lock further away re-arms the timer when it fires.
const MAX_TIMER_MS = 2 ** 31 - 1

export interface LiveOrbatView {
  data: LiveOrbatData
  /** Sign-ups are time-locked (signup_time lies in the future). */
  locked: boolean
  /** Epoch ms of the unlock, or null when no lock is set. */
  unlockAt: number | null
}

function parseUnlockAt(signupTime: string): number | null {
  return signupUnlockAt(signupTime)?.getTime() ?? null
}

/**
 * The page's live ORBAT state outside React, so that everything showing it (the diagram, and the waitlist sheet,
 * which the app shell renders outside this page's tree) reads the latest data through `useSyncExternalStore`.
 * It also owns the time lock's clock: `locked` flips by itself when the countdown reaches zero.
 */
export class LiveOrbatStore {
  private view: LiveOrbatView
  private listeners = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private reloadTimer: ReturnType<typeof setTimeout> | null = null
  /** Server clock minus browser clock; null until started in the browser. */
  private skewMs: number | null = null
  private onUnlock: (() => void) | null = null

  /** `serverNow` is the server's clock when it rendered: the server render and hydration agree on `locked`. */
  constructor(data: LiveOrbatData, serverNow: number) {
    const unlockAt = parseUnlockAt(data.settings.signup_time)
    this.view = { data, unlockAt, locked: unlockAt !== null && unlockAt > serverNow }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  getView = (): LiveOrbatView => this.view

  /** The server's time, as well as the browser can tell. */
  now(): number {
    return Date.now() + (this.skewMs ?? 0)
  }

  /** Browser only: start the lock clock. `onUnlock` runs 0.5 s after a countdown reaches zero. */
  start(serverNow: number, onUnlock: () => void) {
    this.skewMs = serverNow - Date.now()
    // Refine with a round-trip-corrected measurement as soon as it arrives.
    void measureSkew().then((skew) => {
      if (skew === null || this.skewMs === null) return // stopped meanwhile
      this.skewMs = skew
      this.arm()
      this.emit()
    })
    this.onUnlock = onUnlock
    this.arm()
  }

  stop() {
    if (this.timer) clearTimeout(this.timer)
    if (this.reloadTimer) clearTimeout(this.reloadTimer)
    this.timer = null
    this.reloadTimer = null
    this.onUnlock = null
    this.skewMs = null
  }

  set(data: LiveOrbatData) {
    if (data === this.view.data) return
    const unlockAt = parseUnlockAt(data.settings.signup_time)
    this.view = {
      data,
      unlockAt,
      locked: this.skewMs === null ? this.view.locked : unlockAt !== null && unlockAt > this.now(),
    }
    this.arm()
    this.emit()
  }

  /** Replaces some of the four parts (a poll that found changes). */
  patch(parts: Partial<LiveOrbatData>) {
    this.set({ ...this.view.data, ...parts })
  }

  private arm() {
    if (this.skewMs === null) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const { unlockAt } = this.view
    const remaining = unlockAt === null ? 0 : unlockAt - this.now()
    const locked = remaining > 0
    if (locked !== this.view.locked) {
      this.view = { ...this.view, locked }
      this.emit()
    }
    if (!locked) return
    this.timer = setTimeout(
      () => {
        this.timer = null
        if (this.view.unlockAt !== null && this.view.unlockAt - this.now() > 0) return this.arm()
        this.view = { ...this.view, locked: false }
        this.emit()
        if (this.reloadTimer) clearTimeout(this.reloadTimer)
        this.reloadTimer = setTimeout(() => {
          this.reloadTimer = null
          this.onUnlock?.()
        }, UNLOCK_RELOAD_DELAY_MS)
      },
      Math.min(remaining, MAX_TIMER_MS),
    )
  }

  private emit() {
    for (const listener of this.listeners) listener()
  }
}

/**
 * The server's clock minus the browser's, corrected for the round trip: the server stamps X-Server-Time on its
 * polled answers, and the stamp is compared with the midpoint of the request. (The loader's `serverNow` alone would
 * count the page's download and script start-up as clock difference, and the countdown would end late by that much.)
 */
async function measureSkew(): Promise<number | null> {
  try {
    const sent = Date.now()
    const response = await fetch('/api/settings', { cache: 'no-store' })
    const received = Date.now()
    const stamp = Number(response.headers.get('x-server-time'))
    return Number.isFinite(stamp) && stamp > 0 ? stamp - (sent + received) / 2 : null
  } catch {
    return null
  }
}
