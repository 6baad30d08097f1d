import {
  canonicalTimeZone,
  DEFAULT_UNIT_TIME_ZONE,
  TIME_ZONE_COOKIE,
  type ViewerTimeZone,
} from '#contracts/time-zone.ts'
import type { DbOrTx } from '#db/client.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { getSetting } from './settings.ts'

// The unit's time zone (setting unit_time_zone; docs/rules/settings.md): events' bare days start at 20:00 on its clock,
// pages without the viewer's zone show times in it, and the weekly promotion run and the nightly reconcile follow it.

/** The unit's zone: the setting, or America/New_York when it is unset (or no longer known to Intl). */
export async function getUnitTimeZone(db: DbOrTx): Promise<string> {
  return canonicalTimeZone(await getSetting(db, 'unit_time_zone')) ?? DEFAULT_UNIT_TIME_ZONE
}

type Listener = (zone: string) => unknown

// NOTE: a singleton: the settings use case runs in the React Router build's copy of this module, the job runner in
// server/main.ts's.
const listeners = singleton('unit-time-zone:listeners', () => new Set<Listener>())

/** Calls `listener` with the new zone after each committed change (the job runner re-schedules). Returns the unsubscribe. */
export function onUnitTimeZoneChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** After the commit of a new unit_time_zone ('' = the default): tells every listener, never throws. */
export async function unitTimeZoneChanged(value: string): Promise<void> {
  const zone = canonicalTimeZone(value) ?? DEFAULT_UNIT_TIME_ZONE
  for (const listener of listeners) {
    try {
      await listener(zone)
    } catch (error) {
      logger.error({ msg: 'unit time zone listener failed', zone, error: String(error) })
    }
  }
}

/**
 * The zone a page renders times in: the viewer's, from the cookie the page's head script sets, or else (a first
 * visit, no JavaScript, a zone Intl does not know) the unit's.
 */
export async function viewerTimeZone(request: Request, db: DbOrTx): Promise<ViewerTimeZone> {
  const cookie = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(request.headers.get('cookie') ?? '')?.[1]
  const zone = cookie ? canonicalTimeZone(safeDecode(cookie)) : null
  return zone ? { zone, source: 'viewer' } : { zone: await getUnitTimeZone(db), source: 'unit' }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return ''
  }
}
