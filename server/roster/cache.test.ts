// The public roster micro-cache: hits within the TTL, reloads after it, forgets failures, clears on demand.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cachedPublicRoster, invalidateRosterCache, ROSTER_CACHE_TTL_MS } from './cache.ts'

beforeEach(() => invalidateRosterCache())

describe('cachedPublicRoster', () => {
  it('answers the same key from memory within the TTL and loads again after it', async () => {
    const load = vi.fn(async () => ({ n: load.mock.calls.length }))
    expect(await cachedPublicRoster('a', load, 1000)).toEqual({ n: 1 })
    expect(await cachedPublicRoster('a', load, 1000 + ROSTER_CACHE_TTL_MS - 1)).toEqual({ n: 1 })
    expect(await cachedPublicRoster('b', load, 1000)).toEqual({ n: 2 })
    expect(await cachedPublicRoster('a', load, 1000 + ROSTER_CACHE_TTL_MS)).toEqual({ n: 3 })
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('shares one load between concurrent callers, does not keep a failure, and clears on invalidate', async () => {
    const load = vi.fn(async () => 'rows')
    const [x, y] = await Promise.all([cachedPublicRoster('k', load, 0), cachedPublicRoster('k', load, 0)])
    expect([x, y, load.mock.calls.length]).toEqual(['rows', 'rows', 1])
    invalidateRosterCache()
    await cachedPublicRoster('k', load, 0)
    expect(load).toHaveBeenCalledTimes(2)

    const failing = vi.fn(async () => {
      throw new Error('db down')
    })
    await expect(cachedPublicRoster('f', failing, 0)).rejects.toThrow('db down')
    await expect(cachedPublicRoster('f', failing, 0)).rejects.toThrow('db down')
    expect(failing).toHaveBeenCalledTimes(2)
  })
})
