import { ORBAT_REFUSALS } from '#contracts/orbat-rights.ts'
import { logger } from './logger.ts'

// Typed service errors. Services throw these; one mapper turns them into HTTP answers.

export class ServiceError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message)
    this.name = new.target.name
  }
}

/**
 * Runs a use case whose refusal a page shows in its own words: the refusal's message and field messages go through
 * `say` (an English text of the /api to the page's language, docs/rules/languages.md); anything else is thrown as is.
 */
export async function refusalsSaying<T>(say: (message: string) => string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    throw refusalSaid(say, error)
  }
}

/** A refusal (a ServiceError) with its message and field messages put through `say`; any other error as it is. */
export function refusalSaid(say: (message: string) => string, error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error
  const fields =
    error.fields &&
    Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages.map(say)]))
  return new ServiceError(say(error.message), error.status, fields)
}

/** A ServiceError class with a fixed status and a default message (kept by `instanceof` and `name`). */
function withStatus(status: number, defaultMessage: string) {
  return class extends ServiceError {
    constructor(message = defaultMessage, fields?: Record<string, string[]>) {
      super(message, status, fields)
    }
  }
}

export class Invalid extends withStatus(400, 'Invalid input.') {}
export class Unauthorized extends withStatus(401, 'You must be logged in.') {}
export class Forbidden extends withStatus(403, 'You do not have permission to do that.') {}
export class NotFound extends withStatus(404, 'Not found.') {}
export class Conflict extends withStatus(409, 'That conflicts with existing data.') {}
// The time lock refuses actions; 423 would be exotic for clients, 403 reads as "not now".
export class Locked extends withStatus(403, ORBAT_REFUSALS.signUpsLocked) {}
export class PayloadTooLarge extends withStatus(413, 'Request body is too large.') {}
export class Unavailable extends withStatus(503, 'The server is busy. Please try again in a moment.') {}
export class MethodNotAllowed extends ServiceError {
  constructor(public readonly allow: readonly string[]) {
    super('Method not allowed.', 405)
  }
}
export class RateLimited extends ServiceError {
  constructor(
    message = 'Too many requests. Please wait a moment and try again.',
    public readonly retryAfterSeconds = 60,
  ) {
    super(message, 429)
  }
}

interface ErrorBody {
  error: string
  fields?: Record<string, string[]>
}

/** Raised by the database when a row would put a banned member in a slot or on the waitlist (db/functions/roster.sql). */
export const BANNED_SQLSTATE = 'UB001'

/** Maps anything thrown to a status and a safe body. Unknown errors become a 500 without details. */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ServiceError) {
    return {
      status: error.status,
      body: error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
    }
  }
  const pg = postgresErrorOf(error)
  if (pg) {
    // Constraint violations reaching here are races the service did not foresee: a conflict, not a crash.
    if (pg.code === '23505') return { status: 409, body: { error: 'That conflicts with existing data.' } }
    if (pg.code === '23503') return { status: 409, body: { error: 'That refers to something that no longer exists.' } }
    if (pg.code === BANNED_SQLSTATE)
      return { status: 403, body: { error: 'Banned members cannot hold a slot or wait on the waitlist.' } }
    if (pg.code === '40P01' || pg.code === '40001')
      return { status: 409, body: { error: 'Too many changes at the same moment. Please try again.' } }
    if (pg.code === '23514' || pg.code === '22P02' || pg.code === '22003' || pg.code === '22007')
      return { status: 400, body: { error: 'Invalid value.' } }
  }
  return { status: 500, body: { error: 'An error occurred.' } }
}

/** drizzle-orm wraps failed queries in DrizzleQueryError; the PostgreSQL error is its `cause`. */
export function postgresErrorOf(error: unknown): { code: string; constraint_name?: string } | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    if (isPostgresError(current)) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function isPostgresError(error: unknown): error is { code: string; constraint_name?: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  )
}

/**
 * The one mapping from an error to what a person reads in a toast or beside a form: a service error's own message
 * (it is written for them: a name taken, Discord unavailable), `fallback` for anything unexpected (logged with its
 * stack, never shown). A thrown Response (a redirect to login) passes through.
 */
export function userMessageOf(
  error: unknown,
  fallback: string,
  logContext: Record<string, unknown> = {},
): { status: number; message: string; fields?: Record<string, string[]> } {
  if (error instanceof Response) throw error
  const { status, body } = toErrorBody(error)
  const known = error instanceof ServiceError
  if (!known && status >= 500)
    logger.error({ msg: 'action failed', ...logContext, error: error instanceof Error ? error.stack : String(error) })
  const message = (!known && status >= 500) || !body.error ? fallback : body.error
  return body.fields ? { status, message, fields: body.fields } : { status, message }
}

/** For /api resource routes: run the body, answer JSON errors with the mapped status. */
export async function apiHandler(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run()
    return result instanceof Response ? result : Response.json(result)
  } catch (error) {
    if (error instanceof Response) return error
    return errorResponse(error)
  }
}

export function errorResponse(error: unknown): Response {
  const { status, body, headers } = errorAnswer(error)
  return Response.json(body, { status, headers })
}

/** What errorResponse answers, for answers written without a Fetch Response (server/http/member-writes.ts). */
export function errorAnswer(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const { status, body } = toErrorBody(error)
  if (error instanceof ServiceError) {
    if (status >= 500) logger.warn({ msg: 'upstream failure', status, error: error.message })
  } else if (status >= 500)
    logger.error({ msg: 'unhandled error', error: error instanceof Error ? error.stack : String(error) })
  const headers: Record<string, string> = {}
  if (error instanceof RateLimited) headers['Retry-After'] = String(error.retryAfterSeconds)
  if (error instanceof MethodNotAllowed) headers.Allow = error.allow.join(', ')
  return { status, body, headers }
}
