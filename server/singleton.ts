/**
 * One instance per process, shared by every copy of a module.
 * NOTE: the React Router server build bundles the server/ modules that route modules import, while
 * server/main.ts loads them directly; Vite's dev server loads yet another copy. Module-level state
 * (context keys, caches, snapshots) must therefore live on globalThis, or the copies drift apart.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __milsimSingletons?: Map<string, unknown> }
  store.__milsimSingletons ??= new Map()
  if (!store.__milsimSingletons.has(name)) store.__milsimSingletons.set(name, create())
  return store.__milsimSingletons.get(name) as T
}
