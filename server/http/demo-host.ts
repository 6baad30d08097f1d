import type { NextFunction, Request, Response } from 'express'
import type { Config } from '../config.ts'

/**
 * Demo mode: a page asked for on another host than APP_URL's (http://127.0.0.1:3000 when APP_URL is
 * http://localhost:3000) moves to APP_URL at once. The login's state cookie belongs to the host the login began on,
 * while Discord (the stand-in) returns to APP_URL's callback: begun elsewhere, the login would fail at the end with
 * 'state mismatch'. Only reads move; a write from another host is refused by the Origin check anyway.
 */
export function demoCanonicalHost(config: Config) {
  const canonical = new URL(config.appUrl)
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.host === canonical.host) return next()
    res.redirect(302, new URL(req.originalUrl, canonical).href)
  }
}
