import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import type { Config } from '../config.ts'
import { Forbidden, RateLimited, errorResponse } from '../errors.ts'
import { singleton } from '../singleton.ts'
import { createRateLimiter, type RateLimiter } from '../lib/rate-limiter.ts'
import { sendWebResponse } from './web.ts'

/** A fresh nonce per response; the CSP allows only scripts that carry it (and our own files). */
export function securityHeaders(config: Config, options: { dev?: boolean } = {}) {
  const headers = fixedSecurityHeaders(config)
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    const connect = ["'self'"]
    if (options.dev) connect.push('ws://localhost:24678', 'ws://127.0.0.1:24678')
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // Inline style attributes are used by React components (and the diagram library); no inline scripts are.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://cdn.discordapp.com https:",
      "font-src 'self' data:",
      `connect-src ${connect.join(' ')}`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]
    res.setHeader('Content-Security-Policy', csp.join('; '))
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    next()
  }
}

/** The security headers of every answer but the page's CSP (which carries a fresh nonce): JSON answers send these. */
export function fixedSecurityHeaders(config: Config): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(config.secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for UI actions and /api routes alike: a state-changing request must come from our own
 * origin. React Router's own check skips resource routes, so this runs in front of everything.
 */
export function originCheck(config: Config, options: { exempt?: (path: string, req: Request) => boolean } = {}) {
  const appOrigin = new URL(config.appUrl).origin
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || options.exempt?.(req.path, req)) return next()
    const fetchSite = req.get('sec-fetch-site')
    const origin = req.get('origin') ?? originOf(req.get('referer'))
    if (fetchSite === 'cross-site' || origin !== appOrigin) {
      return void sendWebResponse(res, errorResponse(new Forbidden('Cross-origin request refused.')))
    }
    next()
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** The one sign-up/waitlist limiter of this process, shared by the /api routes and the ORBAT page's forms. */
export function signupLimiter(config: Config): RateLimiter {
  return singleton(`ratelimit:signup:${config.rateLimitPerMinute}`, () => createRateLimiter(config.rateLimitPerMinute))
}

/** For route actions: throws RateLimited (429) when this client is over the sign-up limit. */
export function assertSignupRate(config: Config, clientIp: string) {
  const retryAfter = signupLimiter(config).hit(clientIp)
  if (retryAfter !== null) throw new RateLimited(undefined, retryAfter)
}

/**
 * Applications to join (POST /api/applications and the /join form): a sixth of RATE_LIMIT_PER_MINUTE per client
 * address (5 by default), at least one; 0 turns it off with the rest. One open application per Discord account is the
 * database's rule; this only blunts a script creating accounts.
 */
export function applicationLimiter(config: Config): RateLimiter {
  const perMinute = config.rateLimitPerMinute > 0 ? Math.max(1, Math.floor(config.rateLimitPerMinute / 6)) : 0
  return singleton(`ratelimit:application:${perMinute}`, () => createRateLimiter(perMinute))
}

/** For the routes that apply: throws RateLimited (429) when this client is over the application limit. */
export function assertApplicationRate(config: Config, clientIp: string) {
  const retryAfter = applicationLimiter(config).hit(clientIp)
  if (retryAfter !== null) throw new RateLimited(undefined, retryAfter)
}

/** Express middleware over a limiter: 429 JSON with Retry-After when over the limit. */
export function rateLimit(limiter: RateLimiter) {
  return (req: Request, res: Response, next: NextFunction) => {
    const retryAfter = limiter.hit(req.ip ?? '')
    if (retryAfter === null) return next()
    void sendWebResponse(res, errorResponse(new RateLimited(undefined, retryAfter)))
  }
}
