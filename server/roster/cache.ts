import type { ChangeListener } from '../changes.ts'
import { singleton } from '../singleton.ts'

// A micro-cache for the public roster list (GET /api/roster without admin rights): the same page asked again within
// two seconds is answered from memory. Every change in this process that declares the 'roster' topic clears it
// (server/changes.ts); other app instances see a change within the TTL. Admins always read the database.

export const ROSTER_CACHE_TTL_MS = 2000
const MAX_ENTRIES = 500

interface Entry {
  at: number
  value: Promise<unknown>
}

const cache = singleton('roster:public-cache', () => new Map<string, Entry>())

export async function cachedPublicRoster<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = cache.get(key)
  if (hit && now - hit.at < ROSTER_CACHE_TTL_MS) return hit.value as Promise<T>
  if (cache.size >= MAX_ENTRIES) cache.clear()
  const value = load()
  cache.set(key, { at: now, value })
  // A failed load is not cached.
  value.catch(() => cache.get(key)?.value === value && cache.delete(key))
  return value
}

export function invalidateRosterCache(): void {
  cache.clear()
}

/** Listens to the 'roster' topic (registered in server/change-listeners.ts). */
export const rosterCacheListener: ChangeListener = { afterCommit: invalidateRosterCache }
