import type { ServerResponse } from 'node:http'
import express, { type Request, type RequestHandler, type Response } from 'express'
import { MEMBER_WRITE_MESSAGES, MEMBER_WRITES, type MemberWrite } from '#contracts/orbat-rights.ts'
import { waitlistJoinSchema, type WaitlistItem } from '#contracts/waitlist.ts'
import { parseInput, parseJsonObject } from '../lib/request.ts'
import { bearerTokenOf, userFromBearer } from '../auth/api-token.ts'
import { sessionIdOf } from '../auth/session.ts'
import { userOfSession } from '../auth/user.ts'
import type { AppServices } from '../context.ts'
import { errorAnswer, MethodNotAllowed, Unauthorized } from '../errors.ts'
import { joinTheWaitlist, leave, leaveTheWaitlist, signUp } from '../orbat/sign-ups.ts'
import { slotIdOf, type Writer } from '../orbat/slots.ts'
import { fixedSecurityHeaders } from './security.ts'
import { memberWriteStarted } from '../rush.ts'

// The four member writes of the public ORBAT: sign up to a slot, leave it, join and leave the waitlist.
// One handler (answerMemberWrite) turns a write into its use case and its answer, for both ways in: the ORBAT page's
// forms (app/routes/orbat/route.tsx) and the /api paths POST /api/slot/{id}/signup, /api/slot/{id}/leave,
// /api/waitlist/join and /api/waitlist/leave. The /api paths are the requests of the sign-up rush, hundreds in the same
// second, so they are answered first, ahead of everything a page needs (the CSP nonce, compression, static files,
// React Router), whose cost was most of theirs (docs/decisions/020-signup-in-one-round-trip.md). The guards every other
// write passes (the Origin check, the sign-up rate limit, the body limit) are passed in by server/http/app.ts and run
// here exactly the same. Each write is: the session (in memory, server/auth/session-cache.ts), one use case (one
// stored-function round trip), one JSON answer.

/** What a member write reads from its request, however it came. */
export interface MemberWriteRequest {
  /** The slot of a sign-up or a leave: the URL's segment, or the form's field. */
  slotId?: FormDataEntryValue | null
  /** The body of a waitlist join, read only by it: the JSON object, or the form's fields. */
  body?: () => unknown
}

/** A member write's answer: the /api's JSON, and the page's success toast (its message). */
export type MemberWriteAnswer = { message: string; slotId?: number; entry?: WaitlistItem }

type Handler = (services: AppServices, writer: Writer, request: MemberWriteRequest) => Promise<MemberWriteAnswer>

const HANDLERS: Record<MemberWrite, Handler> = {
  [MEMBER_WRITES.signup]: async (services, writer, request) => {
    const result = await signUp(services, writer, slotIdOf(request.slotId))
    return { message: MEMBER_WRITE_MESSAGES.signedUp, slotId: result.slotId }
  },
  [MEMBER_WRITES.leave]: async (services, writer, request) => {
    const result = await leave(services, writer, slotIdOf(request.slotId))
    return { message: MEMBER_WRITE_MESSAGES.leftSlot, slotId: result.slotId }
  },
  [MEMBER_WRITES.joinWaitlist]: async (services, writer, request) => {
    const { squad_preference } = parseInput(waitlistJoinSchema, request.body?.() ?? {})
    const entry = await joinTheWaitlist(services, writer, squad_preference)
    return { message: MEMBER_WRITE_MESSAGES.joinedWaitlist, entry }
  },
  [MEMBER_WRITES.leaveWaitlist]: async (services, writer) => {
    await leaveTheWaitlist(services, writer)
    return { message: MEMBER_WRITE_MESSAGES.leftWaitlist }
  },
}

export function isMemberWrite(name: string): name is MemberWrite {
  return Object.hasOwn(HANDLERS, name)
}

/**
 * The one handler of the member writes, once the writer is known: reads the request, calls the use case, answers.
 * A refusal is thrown as a typed service error (server/refusals.ts), which each way in renders through the one mapper
 * of server/errors.ts: a JSON {error} with its status, or an error toast.
 */
export function answerMemberWrite(
  services: AppServices,
  writer: Writer,
  write: MemberWrite,
  request: MemberWriteRequest,
): Promise<MemberWriteAnswer> {
  return HANDLERS[write](services, writer, request)
}

/** The /api paths answered here, for the /api fuzz test (tests/api-fuzz.test.ts) beside the routes of app/routes.ts. */
export const MEMBER_WRITE_PATHS = [
  '/api/slot/:id/signup',
  '/api/slot/:id/leave',
  '/api/waitlist/join',
  '/api/waitlist/leave',
]

/** One match for all four paths (the slot id segment is checked by slotIdOf: a bad one is a 400, not a 404). */
const PATH = /^\/api\/(?:slot\/([^/]+)\/(signup|leave)|waitlist\/(join|leave))\/?$/

function writeOf(path: string): { write: MemberWrite; slotId?: string } | null {
  const match = PATH.exec(path)
  if (!match) return null
  const [, slotId, slotAction, waitlistAction] = match
  if (slotId) return { write: slotAction === 'signup' ? MEMBER_WRITES.signup : MEMBER_WRITES.leave, slotId }
  return { write: waitlistAction === 'join' ? MEMBER_WRITES.joinWaitlist : MEMBER_WRITES.leaveWaitlist }
}

export function memberWriteRoutes(services: AppServices, guards: RequestHandler[]): RequestHandler {
  const guarded = express.Router().use(guards)
  const headers = fixedSecurityHeaders(services.config)
  return (req, res, next) => {
    const route = writeOf(req.path)
    if (!route) return next()
    if (req.method !== 'POST') return sendError(res, headers, new MethodNotAllowed(['POST']))
    res.once('close', memberWriteStarted())
    guarded(req, res, (error?: unknown) => (error ? next(error) : void answer(services, route, req, res, headers)))
  }
}

async function answer(
  services: AppServices,
  route: { write: MemberWrite; slotId?: string },
  req: Request,
  res: Response,
  headers: Record<string, string>,
) {
  const request: MemberWriteRequest = {
    slotId: route.slotId,
    body: () => parseJsonObject(Buffer.isBuffer(req.body) ? req.body.toString('utf8') : ''),
  }
  const write = (writer: Writer) => answerMemberWrite(services, writer, route.write, request)
  try {
    // An API token (Authorization: Bearer) acts as its user within its scopes; it is checked, revocation and ban
    // included, on every request (server/auth/api-token.ts), so no session goes along.
    if (bearerTokenOf(req.headers.authorization)) {
      const user = await userFromBearer(services, {
        method: req.method,
        headers: new Headers({ authorization: req.headers.authorization! }),
      })
      return sendJson(res, headers, 200, await write({ id: user!.id }))
    }
    const sessionId = await sessionIdOf(services.config, req.headers.cookie)
    const user = sessionId ? await userOfSession(services, sessionId) : null
    if (!user) throw new Unauthorized()
    // The session goes along: the database checks it is still live in the same statement as the write.
    sendJson(res, headers, 200, await write({ id: user.id, sessionId: sessionId! }))
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
