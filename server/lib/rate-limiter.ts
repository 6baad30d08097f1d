// A fixed-window request counter per key, for the rate limits of the HTTP layer and of API tokens (docs/security.md).

export interface RateLimiter {
  /** Counts one request for the key; returns the seconds to wait when over the limit, or null when allowed. */
  hit: (key: string) => number | null
}

/**
 * Fixed-window limit per key (client IP). In-memory: each app instance limits on its own, which is enough to blunt
 * abuse; the database constraints, not this, keep sign-ups correct.
 */
export function createRateLimiter(perMinute: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = Date.now()
  return {
    hit(key) {
      if (perMinute <= 0) return null
      const now = Date.now()
      if (now - lastSweep > 60_000) {
        for (const [k, w] of windows) if (now - w.start >= 60_000) windows.delete(k)
        lastSweep = now
      }
      let window = windows.get(key)
      if (!window || now - window.start >= 60_000) {
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      window.count += 1
      return window.count > perMinute ? Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000)) : null
    },
  }
}
