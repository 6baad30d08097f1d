import type { ServerResponse } from 'node:http'
import express, { type Request, type RequestHandler, type Response } from 'express'
import { waitlistJoinSchema } from '#contracts/waitlist.ts'
import { parseInput, parseJsonObject } from './request.ts'
import { bearerTokenOf, userFromBearer } from '../auth/api-token.ts'
import { sessionIdOf } from '../auth/session.ts'
import { userOfSession } from '../auth/user.ts'
import type { AppServices } from '../context.ts'
import { errorAnswer, MethodNotAllowed, Unauthorized } from '../errors.ts'
import { joinTheWaitlist, leave, leaveTheWaitlist, signUp } from '../orbat/sign-ups.ts'
import { slotIdOf, type Writer } from '../orbat/slots.ts'
import { fixedSecurityHeaders } from './security.ts'

// The four member writes of the public ORBAT (docs/rules/orbat.md): POST /api/slot/{id}/signup, /api/slot/{id}/leave,
// /api/waitlist/join and /api/waitlist/leave. They are the requests of the sign-up rush, hundreds in the same second,
// so they are answered first, ahead of everything a page needs (the CSP nonce, compression, static files, React
// Router), whose cost was most of theirs (docs/decisions/020-signup-in-one-round-trip.md). The guards every other write
// passes (the Origin check, the sign-up rate limit, the body limit) are passed in by server/http/app.ts and run here
// exactly the same. Each write is: the session (in memory, server/auth/session-cache.ts), one service call (one
// stored-function round trip, the same services the ORBAT page's forms call), one JSON answer.

type Write = (services: AppServices, writer: Writer, param: string, req: Request) => Promise<unknown>

const WRITES: Record<string, Write> = {
  '/api/slot/:id/signup': async (services, writer, id) => {
    const result = await signUp(services, writer, slotIdOf(id))
    return { message: 'Successfully signed up!', slotId: result.slotId }
  },
  '/api/slot/:id/leave': async (services, writer, id) => {
    const result = await leave(services, writer, slotIdOf(id))
    return { message: 'You have left the slot.', slotId: result.slotId }
  },
  '/api/waitlist/join': async (services, writer, _id, req) => {
    const body = parseJsonObject(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '')
    const entry = await joinTheWaitlist(services, writer, parseInput(waitlistJoinSchema, body).squad_preference)
    return { message: 'Successfully joined the waitlist!', entry }
  },
  '/api/waitlist/leave': async (services, writer) => {
    await leaveTheWaitlist(services, writer)
    return { message: 'You have left the waitlist.' }
  },
}

/** The paths answered here, for the /api fuzz test (tests/api-fuzz.test.ts) beside the routes of app/routes.ts. */
export const MEMBER_WRITE_PATHS = Object.keys(WRITES)

/** One match for all four paths (the slot id segment is checked by slotIdOf: a bad one is a 400, not a 404). */
const PATH = /^\/api\/(?:slot\/([^/]+)\/(signup|leave)|waitlist\/(join|leave))\/?$/

function writeOf(path: string): { write: Write; param: string } | null {
  const match = PATH.exec(path)
  if (!match) return null
  const [, id, slotAction, waitlistAction] = match
  return id
    ? { write: WRITES[`/api/slot/:id/${slotAction}`]!, param: id }
    : { write: WRITES[`/api/waitlist/${waitlistAction}`]!, param: '' }
}

export function memberWriteRoutes(services: AppServices, guards: RequestHandler[]): RequestHandler {
  const guarded = express.Router().use(guards)
  const headers = fixedSecurityHeaders(services.config)
  return (req, res, next) => {
    const route = writeOf(req.path)
    if (!route) return next()
    if (req.method !== 'POST') return sendError(res, headers, new MethodNotAllowed(['POST']))
    guarded(req, res, (error?: unknown) =>
      error ? next(error) : void answer(services, route.write, route.param, req, res, headers),
    )
  }
}

async function answer(
  services: AppServices,
  write: Write,
  param: string,
  req: Request,
  res: Response,
  headers: Record<string, string>,
) {
  try {
    // An API token (Authorization: Bearer) acts as its user within its scopes; it is checked, revocation and ban
    // included, on every request (server/auth/api-token.ts), so no session goes along.
    if (bearerTokenOf(req.headers.authorization)) {
      const user = await userFromBearer(services, {
        method: req.method,
        headers: new Headers({ authorization: req.headers.authorization! }),
      })
      return sendJson(res, headers, 200, await write(services, { id: user!.id }, param, req))
    }
    const sessionId = await sessionIdOf(services.config, req.headers.cookie)
    const user = sessionId ? await userOfSession(services, sessionId) : null
    if (!user) throw new Unauthorized()
    // The session goes along: the database checks it is still live in the same statement as the write.
    sendJson(res, headers, 200, await write(services, { id: user.id, sessionId: sessionId! }, param, req))
  } catch (error) {
    sendError(res, headers, error)
  }
}

function sendError(res: ServerResponse, headers: Record<string, string>, error: unknown) {
  const answer = errorAnswer(error)
  sendJson(res, { ...headers, ...answer.headers }, answer.status, answer.body)
}

function sendJson(res: ServerResponse, headers: Record<string, string>, status: number, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body))
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
  })
  res.end(bytes)
}
