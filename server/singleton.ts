/**
 * One instance per process, shared by every copy of a module.
 * NOTE: the React Router server build bundles the server/ modules that route modules import, while
 * server/main.ts loads them directly; Vite's dev server loads yet another copy. Module-level state
 * (context keys, caches, snapshots) must therefore live on globalThis, or the copies drift apart.
 *
 * `keep` marks an instance whose identity is the point (a request context key every copy must share, a worker pool):
 * resetSingletons leaves it alone.
 */
export function singleton<T>(name: string, create: () => T, { keep = false }: { keep?: boolean } = {}): T {
  const store = singletons()
  let entry = store.get(name)
  if (!entry) store.set(name, (entry = { value: create(), create, keep }))
  return entry.value as T
}

interface Entry {
  value: unknown
  create: () => unknown
  keep: boolean
}

function singletons(): Map<string, Entry> {
  const store = globalThis as unknown as { __milsimSingletons?: Map<string, Entry> }
  return (store.__milsimSingletons ??= new Map())
}

/**
 * Puts the process-wide state back as a fresh process has it, for a test runner that runs one test file after
 * another in one process (docs/decisions/057-vitest-files-share-their-worker.md). Modules hold their singletons from
 * when they were first imported, so each is emptied in place, never replaced: a Map or Set is cleared; a plain object
 * gets its pending timers cleared and its fields set to a new instance's; anything else (a rate limiter, a cookie,
 * an authenticator: looked up by their configuration on each use) is dropped, to be made again when next asked for.
 */
export function resetSingletons(): void {
  const store = singletons()
  for (const [name, entry] of store) {
    if (entry.keep) continue
    const value = entry.value
    if (value instanceof Map || value instanceof Set) value.clear()
    else if (isPlainObject(value)) {
      for (const field of Object.values(value)) if (isTimer(field)) clearTimeout(field)
      for (const key of Object.keys(value)) delete value[key]
      Object.assign(value, entry.create())
    } else store.delete(name)
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}

function isTimer(value: unknown): value is NodeJS.Timeout {
  return typeof value === 'object' && value !== null && typeof (value as NodeJS.Timeout).hasRef === 'function'
}
