import express, { type Request, type Response } from 'express'
import type { AppServices } from '../context.ts'
import { logger } from '../logger.ts'
import { getSnapshot, subscribe, type SnapshotKey } from '../orbat/live.ts'

/** Live connections send a comment this often so proxies keep them open. */
const HEARTBEAT_MS = 25_000

/**
 * The polled public JSON (spec 1 §7: /api/orbat, /api/waitlist, /api/settings, /api/waitlist/squads) and the live
 * stream (/api/live). Served straight from the in-memory snapshot, in front of the React Router handler: these are
 * the hottest paths of the app (every open ORBAT page, every 5 s), and they only ever send prepared bytes.
 */
export function liveRoutes(services: AppServices) {
  const router = express.Router()
  const serve = (key: SnapshotKey) => async (req: Request, res: Response) => {
    try {
      const { parts } = await getSnapshot(services.db)
      const part = parts[key]
      res.setHeader('ETag', part.etag)
      res.setHeader('Cache-Control', 'no-cache')
      res.setHeader('X-Content-Type-Options', 'nosniff')
      if (etagMatches(req.headers['if-none-match'], part.etag)) {
        res.statusCode = 304
        res.end()
        return
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.setHeader('Content-Length', part.body.length)
      res.end(part.body)
    } catch (error) {
      logger.error({ msg: 'snapshot failed', key, error: String(error) })
      if (!res.headersSent) res.status(503).json({ error: 'The ORBAT is temporarily unavailable. Retrying…' })
    }
  }
  router.get('/api/orbat', serve('orbat'))
  router.get('/api/waitlist', serve('waitlist'))
  router.get('/api/settings', serve('settings'))
  router.get('/api/waitlist/squads', serve('squads'))

  // Server-Sent Events: the whole snapshot now, and again (coalesced) after every change anywhere.
  router.get('/api/live', async (req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    })
    res.write('retry: 2000\n\n')
    let lastVersion = -1
    const send = (snapshot: { version: number; event: Buffer }) => {
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
    try {
      send(await getSnapshot(services.db))
    } catch (error) {
      logger.error({ msg: 'live stream snapshot failed', error: String(error) })
    }
  })
  return router
}

/** If-None-Match may list several tags and mark them weak (W/"..."); any match means the client is current. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
