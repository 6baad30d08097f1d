import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import proxyAddr from 'proxy-addr'
import { bearerTokenOf, TOKEN_ERRORS, tokenExists } from '../auth/api-token.ts'
import { sessionIdOf } from '../auth/session.ts'
import { userOfSession } from '../auth/user.ts'
import { MISSION_FILE } from '#contracts/mission-file.ts'
import { IMPORT_LIMITS } from '#contracts/moving.ts'
import type { Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import { createRateLimiter } from '../lib/rate-limiter.ts'

// The limits that hold under an attacker (docs/security.md, Limits): what a caller may send before anyone has
// checked who it is, and how many live streams one address and the whole process may hold. Every number is a
// configuration variable (README, Configuration); the defaults let a whole unit in, dozens of members behind one
// address included.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
/** The /api calls that take a file of any type: the test editor's image upload (the bytes decide) and mission files. */
const UPLOAD_PATHS = new Set(['/api/admin/tests/images', '/api/admin/orbat/import/sqm', '/api/admin/orbat/export/sqm'])
/** Where a signed-in caller may send a mission file (up to MISSION_FILE.maxBytes, even over MAX_BODY_BYTES). */
const MISSION_PATHS = new Set([
  '/api/admin/orbat/import/sqm',
  '/api/admin/orbat/export/sqm',
  '/admin/orbat/mission',
  '/admin/orbat/mission.data',
])

/**
 * Where a signed-in caller may send a roster CSV file (up to IMPORT_LIMITS.maxBytes; inside a JSON string its quotes
 * and line breaks are escaped, so the body may be up to twice that).
 */
const ROSTER_IMPORT_PATHS = new Set([
  '/api/admin/roster/import/csv',
  '/admin/roster/import',
  '/admin/roster/import.data',
])

export const LIMIT_MESSAGES = {
  unsupportedType: 'This kind of request body is not accepted here.',
  tooLarge: 'Request body is too large.',
  loginRequired: 'You must be logged in.',
  tooManyStreams: 'Too many live connections from your address. Close a few tabs, or wait a moment.',
  serverBusy: 'The server has too many live connections. Retrying shortly.',
  tooManyBadTokens: 'Too many requests with a token that is not valid. Please wait a minute.',
} as const

/** The media type of a Content-Type header, without its parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

/** Whether a write to this path may carry a body of this type. */
function acceptsType(path: string, type: string): boolean {
  if (UPLOAD_PATHS.has(path)) return true
  if (path.startsWith('/api/')) return type === 'application/json'
  return FORM_TYPES.includes(type)
}

function refuse(res: Response, status: number, error: string) {
  // The body was not read: the connection closes after the answer rather than waiting to drain it.
  res.set('Connection', 'close').status(status).json({ error })
}

/**
 * The gate of every write before its body is read: a body of a type the route cannot use is 415, a declared size
 * over the caller's limit 413 (401 for an /api write from someone with neither a session nor a token), all without
 * reading a byte. A signed-in caller may then send up to MAX_BODY_BYTES, anyone else ANONYMOUS_MAX_BODY_BYTES (a
 * page form of someone logged out, such as the view toggle, is small): nobody who cannot use a route makes the
 * server hold more than that. Reads pass untouched.
 */
export function bodyGate(services: AppServices): RequestHandler {
  const { limits } = services.config
  const readSignedIn = express.raw({ type: () => true, limit: limits.maxBodyBytes })
  const readAnonymous = express.raw({ type: () => true, limit: limits.anonymousMaxBodyBytes })
  // A mission file is sent whole (docs/rules/orbat.md, The mission file); the route checks the caller is an admin.
  const missionBytes = Math.max(limits.maxBodyBytes, MISSION_FILE.maxBytes + 64 * 1024)
  const readMission = express.raw({ type: () => true, limit: missionBytes })
  const importBytes = Math.max(limits.maxBodyBytes, 2 * IMPORT_LIMITS.maxBytes + 64 * 1024)
  const readImport = express.raw({ type: () => true, limit: importBytes })
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const declared = Number(req.headers['content-length'] ?? 0)
    const hasBody = declared > 0 || req.headers['transfer-encoding'] !== undefined
    if (hasBody && !acceptsType(req.path, mediaType(req.headers['content-type'])))
      return refuse(res, 415, LIMIT_MESSAGES.unsupportedType)
    const mission = MISSION_PATHS.has(req.path)
    const rosterImport = ROSTER_IMPORT_PATHS.has(req.path)
    const allowed = mission ? missionBytes : rosterImport ? importBytes : limits.maxBodyBytes
    if (declared > allowed) return refuse(res, 413, LIMIT_MESSAGES.tooLarge)
    void signedIn(services, req).then(
      (known) => {
        if (known) return (mission ? readMission : rosterImport ? readImport : readSignedIn)(req, res, next)
        // Over the anonymous limit an /api write is refused as what it is, a call nobody signed in may make; a small
        // one is read, so the route answers its own "log in" message.
        if (declared > limits.anonymousMaxBodyBytes)
          return refuse(
            res,
            req.path.startsWith('/api/') ? 401 : 413,
            req.path.startsWith('/api/') ? LIMIT_MESSAGES.loginRequired : LIMIT_MESSAGES.tooLarge,
          )
        return readAnonymous(req, res, next)
      },
      (error: unknown) => next(error),
    )
  }
}

/** A live session, or on an /api call a bearer token that exists (bearerGate let only those through; the route checks the rest). */
async function signedIn(services: AppServices, req: Request): Promise<boolean> {
  if (req.path.startsWith('/api/') && bearerTokenOf(req.headers.authorization) !== null) return true
  const sessionId = await sessionIdOf(services.config, req.headers.cookie)
  return sessionId !== null && (await userOfSession(services, sessionId)) !== null
}

/**
 * The client's address, through the proxies TRUST_PROXY trusts, read as Express reads `trust proxy`: `true`, a number
 * of hops, or a list of addresses, subnets and names such as `loopback`. A value that names nothing falls back to the
 * connection's own address.
 */
export function clientAddressOf(config: Config): (req: IncomingMessage) => string {
  const trust = trustOf(config.trustProxy)
  if (!trust) return (req) => req.socket.remoteAddress ?? ''
  return (req) => proxyAddr(req, trust)
}

function trustOf(value: string | undefined): ((address: string, hop: number) => boolean) | null {
  if (!value || value === 'false') return null
  if (value === 'true') return () => true
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  try {
    return proxyAddr.compile(value.split(',').map((part) => part.trim()))
  } catch {
    return null
  }
}

export interface StreamSlot {
  release: () => void
}

/**
 * Counts open live streams per client address and in all. Over a cap the stream is refused (429 for one address,
 * 503 for the process) with Retry-After; the page then falls back to polling, so nobody loses the ORBAT.
 */
export function streamLimiter(config: Config) {
  const { streamsPerClient, streamsTotal } = config.limits
  const perClient = new Map<string, number>()
  let total = 0
  const addressOf = clientAddressOf(config)
  return {
    /** A slot for this request's stream, or null after answering the refusal. */
    acquire(req: IncomingMessage, res: ServerResponse): StreamSlot | null {
      const address = addressOf(req)
      const mine = perClient.get(address) ?? 0
      const refusal =
        mine >= streamsPerClient
          ? { status: 429, error: LIMIT_MESSAGES.tooManyStreams }
          : total >= streamsTotal
            ? { status: 503, error: LIMIT_MESSAGES.serverBusy }
            : null
      if (refusal) {
        res.writeHead(refusal.status, {
          'Content-Type': 'application/json; charset=utf-8',
          'Retry-After': '30',
          Connection: 'close',
        })
        res.end(JSON.stringify({ error: refusal.error }))
        return null
      }
      perClient.set(address, mine + 1)
      total += 1
      let released = false
      return {
        release: () => {
          if (released) return
          released = true
          total -= 1
          const left = (perClient.get(address) ?? 1) - 1
          if (left > 0) perClient.set(address, left)
          else perClient.delete(address)
        },
      }
    },
    get open() {
      return total
    },
  }
}

export type StreamLimiter = ReturnType<typeof streamLimiter>

/**
 * Open connections one address may hold: four per live stream it may hold (pages also fetch beside their stream, and a
 * browser opens up to six connections to a site), and never fewer than a hundred.
 */
export function connectionsPerAddress(config: Config): number {
  return Math.max(100, config.limits.streamsPerClient * 4)
}

/**
 * Open connections per client address, counted as each is accepted, before Node's HTTP parser reads a byte of it: past
 * connectionsPerAddress a new connection is closed at once, so a client that holds that many is refused more for the
 * price of an accept and a close, not a parsed request and an answer each. Off behind a proxy, where every connection
 * comes from the proxy's own address: the stream limit per client (by forwarded address) still holds there.
 */
export function connectionGate(config: Config): ((socket: Socket) => void) | null {
  if (trustOf(config.trustProxy)) return null
  const cap = connectionsPerAddress(config)
  const open = new Map<string, number>()
  return (socket) => {
    const address = socket.remoteAddress ?? ''
    const mine = open.get(address) ?? 0
    if (mine >= cap) {
      socket.destroy()
      return
    }
    open.set(address, mine + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  }
}

/**
 * Bearer tokens, checked as the request arrives, before its body is read: an unknown token is answered 401 at once
 * (the body unread, the connection closed) and counted against the client's address then, not when a slow body
 * finishes. Past RATE_LIMIT_PER_MINUTE such refusals in a minute that address's bearer calls are answered 429 until
 * the minute is over, without a lookup, so nobody can try tokens, or send bodies behind made-up ones, at the speed of
 * the network. A known token goes on to the route, which checks it in full (scopes, ban, its own rate).
 */
export function bearerGate(services: AppServices): RequestHandler {
  const failures = createRateLimiter(services.config.rateLimitPerMinute)
  const blockedUntil = new Map<string, number>()
  const blocked = (res: Response, until: number) => {
    res.set('Retry-After', String(Math.max(1, Math.ceil((until - Date.now()) / 1000))))
    refuse(res, 429, LIMIT_MESSAGES.tooManyBadTokens)
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const token = req.path.startsWith('/api/') ? bearerTokenOf(req.headers.authorization) : null
    if (token === null) return next()
    const address = req.ip ?? ''
    const until = blockedUntil.get(address)
    if (until !== undefined && until > Date.now()) return blocked(res, until)
    if (until !== undefined) blockedUntil.delete(address)
    void tokenExists(services, token).then(
      (exists) => {
        if (exists) return next()
        const retryAfter = failures.hit(address)
        if (retryAfter === null) return refuse(res, 401, TOKEN_ERRORS.invalid)
        if (blockedUntil.size > 10_000) blockedUntil.clear()
        const until = Date.now() + retryAfter * 1000
        blockedUntil.set(address, until)
        blocked(res, until)
      },
      (error: unknown) => next(error),
    )
  }
}
