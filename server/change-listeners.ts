import { onChange } from './changes.ts'
import { liveOrbatListener } from './orbat/live.ts'
import { rosterCacheListener } from './roster/cache.ts'

/**
 * Who hears which change a use case declares (server/changes.ts): the one list. Every process that runs use cases
 * calls this once at start-up (server/start.ts; a process that runs only the jobs too), or its changes reach no one:
 * no NOTIFY for the other instances, no cache cleared. Calling it again changes nothing.
 */
export function registerChangeListeners(): void {
  onChange('orbat', liveOrbatListener)
  onChange('roster', rosterCacheListener)
}
