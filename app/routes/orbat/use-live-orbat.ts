import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useToast } from '#app/ui/toaster.tsx'
import { LiveOrbatStore, type LiveOrbatView } from './live-store.ts'
import type { LiveOrbatData } from '#contracts/orbat.ts'

/** The public ORBAT is refreshed by polling every 5 seconds (here: whenever the live stream is down). */
const POLL_INTERVAL_MS = 5_000
/** After the live stream gives up for good (not a passing reconnect), try opening it again this often. */
const STREAM_RETRY_MS = 30_000

const ENDPOINTS = {
  orbat: '/api/orbat',
  waitlist: '/api/waitlist',
  settings: '/api/settings',
  squads: '/api/waitlist/squads',
} as const satisfies Record<keyof LiveOrbatData, string>
type Part = keyof typeof ENDPOINTS

export type LiveStatus = 'connecting' | 'live' | 'polling'

/**
 * Keeps the page's ORBAT data current: it starts from the loader's data (and adopts every revalidation), listens to
 * the Server-Sent Events stream at /api/live (a full snapshot on connect and after every change), and while that
 * stream is down or unsupported polls the four endpoints every 5 s with If-None-Match. A failed poll shows one error
 * toast per failure streak.
 */
export function useLiveOrbat(loaderData: LiveOrbatData, serverNow: number) {
  const toast = useToast()
  const [store] = useState(() => new LiveOrbatStore(loaderData, serverNow))
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const etags = useRef(new Map<Part, string>())
  const failing = useRef(false)

  // Loader revalidations (after a form post, or a navigation back here) are newer than what we hold.
  useEffect(() => {
    store.set(loaderData)
  }, [store, loaderData])

  const poll = useCallback(async () => {
    try {
      const parts = await Promise.all((Object.keys(ENDPOINTS) as Part[]).map((part) => fetchPart(part, etags.current)))
      const changed: Partial<Record<Part, unknown>> = {}
      for (const [part, value] of parts) if (value !== undefined) changed[part] = value
      if (Object.keys(changed).length > 0) store.patch(changed as Partial<LiveOrbatData>)
      failing.current = false
    } catch (error) {
      if (!failing.current)
        toast.error(`Could not load latest ORBAT data: ${error instanceof Error ? error.message : String(error)}`)
      failing.current = true
    }
  }, [store, toast])

  // The time lock's clock: when the countdown reaches zero, reload after 0.5 s.
  useEffect(() => {
    store.start(serverNow, () => void poll())
    return () => store.stop()
    // NOTE: started once per page: a later loader's serverNow would only add the request's latency to the skew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store])

  useEffect(() => {
    let pollTimer: ReturnType<typeof setInterval> | null = null
    let retryTimer: ReturnType<typeof setTimeout> | null = null
    let source: EventSource | null = null
    let stopped = false

    const startPolling = () => {
      setStatus('polling')
      if (pollTimer) return
      void poll()
      pollTimer = setInterval(() => {
        if (document.visibilityState === 'visible') void poll()
      }, POLL_INTERVAL_MS)
    }
    const stopPolling = () => {
      if (pollTimer) clearInterval(pollTimer)
      pollTimer = null
    }
    const onVisible = () => {
      if (pollTimer && document.visibilityState === 'visible') void poll()
    }

    const openStream = () => {
      if (stopped) return
      if (typeof EventSource === 'undefined') return startPolling()
      source = new EventSource('/api/live')
      source.addEventListener('open', () => {
        stopPolling()
        failing.current = false
        setStatus('live')
      })
      source.addEventListener('snapshot', (event) => {
        try {
          const { orbat, waitlist, settings, squads } = JSON.parse(
            (event as MessageEvent<string>).data,
          ) as LiveOrbatData
          store.set({ orbat, waitlist, settings, squads })
        } catch {
          // A malformed event is skipped; the next one (or a poll) brings the data.
        }
      })
      source.addEventListener('error', () => {
        // CONNECTING: the browser reconnects by itself; poll meanwhile. CLOSED: it gave up; poll and retry later.
        startPolling()
        if (source?.readyState === EventSource.CLOSED) {
          source = null
          retryTimer = setTimeout(openStream, STREAM_RETRY_MS)
        }
      })
    }

    openStream()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      source?.close()
      stopPolling()
      if (retryTimer) clearTimeout(retryTimer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [store, poll])

  const view: LiveOrbatView = useSyncExternalStore(store.subscribe, store.getView, store.getView)
  return { view, store, status, refresh: poll }
}

/** One conditional GET: the parsed JSON, or undefined when unchanged (304). Throws a message naming the endpoint. */
async function fetchPart(part: Part, etags: Map<Part, string>): Promise<[Part, unknown]> {
  const url = ENDPOINTS[part]
  const etag = etags.get(part)
  let response: Response
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
      // no-store: the browser's cache must not answer the conditional request itself; 304 comes back to us.
      cache: 'no-store',
    })
  } catch {
    throw new Error(`${url} could not be reached`)
  }
  if (response.status === 304) return [part, undefined]
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  if (!response.headers.get('content-type')?.includes('application/json')) {
    throw new Error(`${url} answered ${response.status} without JSON`)
  }
  const value: unknown = await response.json()
  const next = response.headers.get('ETag')
  if (next) etags.set(part, next)
  return [part, value]
}
