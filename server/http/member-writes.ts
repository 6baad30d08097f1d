import type { ServerResponse } from 'node:http'
import express, { type Request, type Response } from 'express'
import { waitlistJoinSchema } from '#contracts/waitlist.ts'
import { parseInput, parseJsonObject } from '../admin/request.ts'
import { bearerTokenOf, userFromBearer } from '../auth/api-token.ts'
import { sessionIdOf } from '../auth/session.ts'
import { userOfSession } from '../auth/user.ts'
import type { AppServices } from '../context.ts'
import { errorAnswer, MethodNotAllowed, Unauthorized } from '../errors.ts'
import { joinTheWaitlist, leave, leaveTheWaitlist, signUp } from '../orbat/actions.ts'
import { slotIdOf, type Writer } from '../orbat/slots.ts'

// The four member writes of the public ORBAT (spec 1 §7): POST /api/slot/{id}/signup, /api/slot/{id}/leave,
// /api/waitlist/join and /api/waitlist/leave, answered before React Router. They are the requests of the sign-up
// rush, hundreds in the same second, and React Router's request handling was most of their cost (issue 14,
// docs/decisions/020-signup-in-one-round-trip.md). Mounted in the Express app after the Origin check, the sign-up
// rate limit and the body limit (server/http/app.ts), so those apply exactly as to every other write. Each is: the
// session (in memory, server/auth/session-cache.ts), one service call (one stored-function round trip, the same
// services the ORBAT page's forms call), one JSON answer.

type Write = (services: AppServices, writer: Writer, req: Request) => Promise<unknown>

const WRITES: Record<string, Write> = {
  '/api/slot/:id/signup': async (services, writer, req) => {
    const result = await signUp(services, writer, slotIdOf(String(req.params.id)))
    return { message: 'Successfully signed up!', slotId: result.slotId }
  },
  '/api/slot/:id/leave': async (services, writer, req) => {
    const result = await leave(services, writer, slotIdOf(String(req.params.id)))
    return { message: 'You have left the slot.', slotId: result.slotId }
  },
  '/api/waitlist/join': async (services, writer, req) => {
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

export function memberWriteRoutes(services: AppServices): express.Router {
  const router = express.Router()
  for (const [path, write] of Object.entries(WRITES)) {
    router.post(path, (req, res) => void answer(services, write, req, res))
    router.all(path, (_req, res) => sendError(res, new MethodNotAllowed(['POST'])))
  }
  return router
}

async function answer(services: AppServices, write: Write, req: Request, res: Response) {
  try {
    // An API token (Authorization: Bearer) acts as its user within its scopes; it is checked, revocation and ban
    // included, on every request (server/auth/api-token.ts), so no session goes along.
    if (bearerTokenOf(req.headers.authorization)) {
      const user = await userFromBearer(services, { method: req.method, headers: new Headers({ authorization: req.headers.authorization! }) })
      return sendJson(res, 200, await write(services, { id: user!.id }, req))
    }
    const sessionId = await sessionIdOf(services.config, req.headers.cookie)
    const user = sessionId ? await userOfSession(services, sessionId) : null
    if (!user) throw new Unauthorized()
    // The session goes along: the database checks it is still live in the same statement as the write.
    sendJson(res, 200, await write(services, { id: user.id, sessionId: sessionId! }, req))
  } catch (error) {
    sendError(res, error)
  }
}

function sendError(res: ServerResponse, error: unknown) {
  const { status, body, headers } = errorAnswer(error)
  sendJson(res, status, body, headers)
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(JSON.stringify(body))
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length })
  res.end(bytes)
}
