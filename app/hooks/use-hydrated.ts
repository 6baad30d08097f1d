import { useSyncExternalStore } from 'react'

const noopSubscribe = () => () => {}

/**
 * False in the server render and during hydration, true afterwards (and on client-side navigations): for markup
 * that differs once scripts run (local times, a modal instead of a panel) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  )
}
