import path from 'node:path'
import { sql } from 'drizzle-orm'
import compression from 'compression'
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import expressStaticGzip from 'express-static-gzip'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { appContext, requestContext, type AppServices } from '../context.ts'
import { Invalid, NotFound, PayloadTooLarge, errorResponse } from '../errors.ts'
import { logger } from '../logger.ts'
import { isBearerApiRequest } from '../auth/api-token.ts'
import { sessionIdOf } from '../auth/session.ts'
import type { Config } from '../config.ts'
import { apiMethodGuard } from './api-methods.ts'
import { demoCanonicalHost } from './demo-host.ts'
import { COMPRESS_THRESHOLD_BYTES } from '../lib/encodings.ts'
import { bearerGate, bodyGate } from './limits.ts'
import { memberWriteRoutes } from './member-writes.ts'
import { createRateLimiter } from '../lib/rate-limiter.ts'
import { originCheck, rateLimit, securityHeaders, signupLimiter } from './security.ts'
import { sendWebResponse, toWebRequest } from './web.ts'

interface HttpAppOptions {
  services: AppServices
  /**
   * The React Router server build: the built bundle itself, or (dev) a function that loads Vite's current module.
   * NOTE: given a function, React Router re-derives its route tables on every request (for HMR); production must
   * pass the object, or each request pays for flattening and ranking every route.
   */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  vite?: ViteDevServer
  /** Directory of the built client assets (production). */
  clientDir?: string
  /** Mounted at /__discord in demo mode. */
  discordStandIn?: express.Router
}

/**
 * Paths whose non-GET requests are rate limited per client IP (RATE_LIMIT_PER_MINUTE; docs/rules/api.md, Rate limits).
 */
export const RATE_LIMITED_PATHS = {
  auth: ['/auth/discord', '/auth/discord/callback'],
  // The ORBAT page's own forms check the same limiter in their action (a JSON 429 would break the page).
  signup: ['/api/slot', '/api/waitlist/join', '/api/waitlist/leave'],
}

export function createHttpApp(options: HttpAppOptions) {
  const { services, mode } = options
  const { config } = services
  const app = express()
  app.disable('x-powered-by')
  if (config.trustProxy)
    app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy)

  app.use(requestLog)

  app.get('/healthz', async (_req, res) => {
    try {
      await services.db.execute(sql`select 1`)
      res.json({ status: 'ok', database: 'ok' })
    } catch {
      res.status(503).json({ status: 'error', database: 'unreachable' })
    }
  })

  if (config.demoMode) app.use(demoCanonicalHost(config))
  // A made-up bearer token is refused as it arrives, before anything reads its body.
  app.use(bearerGate(services))

  // The stand-in's REST API is called server-to-server (token exchange) and authenticates by token, not origin; so do
  // /api calls with a bearer token, which a browser never attaches on its own (server/auth/api-token.ts).
  const checkOrigin = originCheck(config, {
    exempt: (p, req) => p.startsWith('/__discord/api/') || isBearerApiRequest(p, req.get('authorization')),
  })
  // Judges every write before its body is read (type, size, who is calling), then reads it within the caller's limit.
  const readBody = bodyGate(services)
  const signupLimit = rateLimit(signupLimiter(config))

  // The sign-up rush's writes come first, ahead of what pages need: behind the same Origin check, sign-up rate limit
  // and body limit as every other write, the session from memory, one stored-function call, JSON (they answer 405
  // for other methods themselves).
  app.use(memberWriteRoutes(services, [checkOrigin, signupLimit, readBody]))

  app.use(securityHeaders(config, { dev: mode === 'development' }))

  if (!options.vite && options.clientDir) {
    // Built files go out as their build-time .br/.gz siblings (vite.precompress.ts), chosen by Accept-Encoding, and
    // are served before the compression middleware, which so never encodes them a second time (decision 027).
    app.use('/assets', precompressedFiles(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y' }))
    // Only paths that look like files touch the disk: pages and /api calls skip the stat() entirely.
    // The service worker is asked for on every visit to learn of a new build (docs/decisions/044-*.md): never kept.
    const publicFiles = precompressedFiles(options.clientDir, {
      maxAge: '1h',
      index: false,
      setHeaders: (res, file) => {
        if (path.basename(file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache')
      },
    })
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()))
  }
  app.use(compressResponses())
  if (options.vite) app.use(options.vite.middlewares)

  const authLimit = rateLimit(createRateLimiter(config.rateLimitPerMinute))
  for (const p of RATE_LIMITED_PATHS.auth) app.use(p, authLimit)
  // Sign-up and waitlist writes; reads are not limited.
  for (const p of RATE_LIMITED_PATHS.signup)
    app.use(p, (req, res, next) => (req.method === 'POST' ? signupLimit(req, res, next) : next()))

  if (options.discordStandIn) app.use('/__discord', options.discordStandIn)

  app.use(checkOrigin)
  app.use(apiMethodGuard(options.build))
  app.use(readBody)

  const handleRequest = createRequestHandler(options.build, mode)
  app.use(async (req, res, next) => {
    try {
      const context = new RouterContextProvider()
      context.set(appContext, services)
      context.set(requestContext, { cspNonce: String(res.locals.cspNonce ?? ''), clientIp: req.ip ?? '' })
      const response = await handleRequest(toWebRequest(req, res), context)
      // What a signed-in person is shown is theirs alone: no shared cache, no back/forward cache after a logout, no
      // copy kept by the service worker (sw/service-worker.ts keeps only what may be stored).
      if (!response.headers.has('Cache-Control') && (await isPersonal(config, req, response)))
        res.setHeader('Cache-Control', 'private, no-store')
      await sendWebResponse(res, response)
    } catch (error) {
      next(error)
    }
  })

  app.use(errorHandler)
  return app
}

/** A request made as someone (a session cookie, a bearer token), or an answer that signs someone in or out. */
async function isPersonal(config: Config, req: Request, response: globalThis.Response): Promise<boolean> {
  if (response.headers.getSetCookie().length) return true
  if (isBearerApiRequest(req.path, req.get('authorization'))) return true
  return (await sessionIdOf(config, req.headers.cookie)) !== null
}

/**
 * Pages and JSON go out compressed (brotli or gzip by Accept-Encoding, with Vary: Accept-Encoding) by the well-kept
 * `compression` middleware (docs/decisions/026); the built files come precompressed (above). Event streams never
 * are: the middleware would hold their events back until its buffer filled, and a live view must see each one at once.
 */
function compressResponses() {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  })
}

/** serve-static (HEAD, Range, ETag and 304 as before) sending a file's precompressed sibling when the client takes it. */
function precompressedFiles(
  root: string,
  serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic'],
): RequestHandler {
  return expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br'], index: false, serveStatic })
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const start = process.hrtime.bigint()
  res.on('finish', () => {
    // Path only: query strings can carry OAuth codes and state.
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    logger.info({
      msg: 'request',
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    })
  })
  next()
}

function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  const type = (error as { type?: string })?.type
  let mapped: unknown = error
  const status = (error as { status?: unknown })?.status
  if (type === 'entity.too.large') mapped = new PayloadTooLarge()
  // A static file that vanished between lookup and read (a rebuild) is simply not there.
  else if (status === 404 || (error as { code?: string })?.code === 'ENOENT') mapped = new NotFound()
  else if (type === 'request.aborted' || type === 'entity.parse.failed' || type === 'encoding.unsupported')
    mapped = new Invalid('The request body could not be read.')
  if (res.headersSent) {
    res.destroy()
    return
  }
  const response = errorResponse(mapped)
  if (!req.path.startsWith('/api/') && response.status >= 500) {
    res
      .status(500)
      .type('html')
      .send('<!doctype html><title>Error</title><h1>Unexpected Application Error!</h1><p>500 Internal Server Error</p>')
    return
  }
  void sendWebResponse(res, response)
}
