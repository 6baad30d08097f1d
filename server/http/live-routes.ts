import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { pickRepresentation } from '../lib/encodings.ts'
import type { StreamLimiter } from './limits.ts'
import { getSnapshot, peekSnapshot, subscribe, type Snapshot, type SnapshotKey } from '../orbat/live.ts'

/** Live connections send a comment this often so proxies keep them open. */
const HEARTBEAT_MS = 25_000

const POLLED: Record<string, SnapshotKey> = {
  '/api/orbat': 'orbat',
  '/api/waitlist': 'waitlist',
  '/api/settings': 'settings',
  '/api/waitlist/squads': 'squads',
}
/** The paths answered here (GET and HEAD only; other methods reach Express, which answers 405). */
export const LIVE_PATHS = [...Object.keys(POLLED), '/api/live']

/**
 * The polled public JSON (/api/orbat, /api/waitlist, /api/settings, /api/waitlist/squads) and the live stream
 * (/api/live), answered in the HTTP server's request listener before Express and React Router see the request: these
 * are the hottest paths of the app (every open ORBAT page, every 5 s) and only ever send prepared bytes, so framework
 * routing would be most of their cost (see bench/ and docs/decisions/011). Returns true when it handled the request.
 */
export function liveRequestHandler(services: AppServices, streams: StreamLimiter) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? ''
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    const key = POLLED[path]
    if (key) {
      const current = peekSnapshot()
      if (current) answer(req, res, current, key)
      else {
        getSnapshot(services.db).then(
          (snapshot) => answer(req, res, snapshot, key),
          (error: unknown) => {
            logger.error({ msg: 'snapshot failed', key, error: describeError(error) })
            if (!res.headersSent) {
              res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2' })
              res.end(JSON.stringify({ error: 'The ORBAT is temporarily unavailable. Retrying…' }))
            }
          },
        )
      }
      return true
    }
    if (path === '/api/live') {
      const slot = streams.acquire(req, res)
      if (slot) {
        req.on('close', slot.release)
        stream(services, req, res)
      }
      return true
    }
    return false
  }
}

/**
 * The snapshot's bytes in the coding the client takes, compressed when the snapshot was built (never here, and never
 * by the compression middleware: Express does not see these requests). The ETag is the chosen representation's own,
 * so a client sending back the tag it got is told 304 while nothing changed.
 */
function answer(req: IncomingMessage, res: ServerResponse, snapshot: Snapshot, key: SnapshotKey) {
  const { coding, representation } = pickRepresentation(req, snapshot.parts[key])
  if (etagMatches(req.headers['if-none-match'], representation.etag)) {
    res.writeHead(304, {
      ETag: representation.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'X-Server-Time': String(Date.now()),
    })
    res.end()
    return
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': representation.body.length,
    ...(coding ? { 'Content-Encoding': coding } : {}),
    Vary: 'Accept-Encoding',
    ETag: representation.etag,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // Lets pages correct their countdown for clock skew (app/routes/orbat/live-store.ts).
    'X-Server-Time': String(Date.now()),
  })
  res.end(req.method === 'HEAD' ? undefined : representation.body)
}

/**
 * Server-Sent Events: the whole snapshot now, and again (coalesced) after every change anywhere. Sent uncompressed:
 * a compressed stream needs a compressor per connection, so the work per change would grow with the open pages
 * instead of being done once, and each held its window in memory (docs/decisions/027).
 */
function stream(services: AppServices, req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  })
  res.write('retry: 2000\n\n')
  let lastVersion = -1
  const send = (snapshot: Snapshot) => {
    if (snapshot.version <= lastVersion) return
    lastVersion = snapshot.version
    res.write(snapshot.event)
  }
  const unsubscribe = subscribe(send)
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS)
  req.on('close', () => {
    unsubscribe()
    clearInterval(heartbeat)
  })
  getSnapshot(services.db).then(send, (error: unknown) =>
    logger.error({ msg: 'live stream snapshot failed', error: describeError(error) }),
  )
}

/** If-None-Match may list several tags and mark them weak (W/"..."); any match means the client is current. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  // Weak comparison (RFC 9110 §13.1.2), as If-None-Match asks: a W/ prefix on either side does not matter.
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}
