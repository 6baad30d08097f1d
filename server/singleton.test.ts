import { describe, expect, it } from 'vitest'
import { resetSingletons, singleton } from './singleton.ts'

class Limiter {
  count = 0
}

describe('singletons', () => {
  it('are one instance per name, whichever copy of a module asks', () => {
    const first = singleton('test:one', () => ({ n: 1 }))
    expect(singleton('test:one', () => ({ n: 2 }))).toBe(first)
    expect(first.n).toBe(1)
  })

  it('are put back as a fresh process has them, in place, and a kept one is left alone', async () => {
    const map = singleton('test:map', () => new Map([['a', 1]]))
    map.set('b', 2)
    const set = singleton('test:set', () => new Set<string>())
    set.add('x')
    let fired = false
    const state = singleton('test:state', () => ({
      running: null as Promise<void> | null,
      timer: null as NodeJS.Timeout | null,
      seen: new Map<string, number>(),
    }))
    state.running = Promise.resolve()
    state.timer = setTimeout(() => (fired = true), 20)
    state.seen.set('event', 1)
    const stateSeen = state.seen
    const limiter = singleton('test:limiter', () => new Limiter())
    limiter.count = 5
    const kept = singleton('test:kept', () => ({ current: 'pool' as string | null }), { keep: true })

    resetSingletons()

    expect(singleton('test:map', () => new Map())).toBe(map)
    expect([...map]).toEqual([])
    expect(set.size).toBe(0)
    expect(singleton('test:state', () => ({}))).toBe(state)
    expect(state.running).toBeNull()
    expect(state.timer).toBeNull()
    expect(state.seen.size).toBe(0)
    expect(state.seen).not.toBe(stateSeen)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(fired, 'a pending timer of the old state was cleared').toBe(false)
    const again = singleton('test:limiter', () => new Limiter())
    expect(again).not.toBe(limiter)
    expect(again.count).toBe(0)
    expect(kept.current).toBe('pool')
  })
})
