import { Conflict, Forbidden, Invalid, Locked, NotFound, postgresErrorOf, Unauthorized, type ServiceError } from './errors.ts'

// The stored functions of the member writes (db/migrations/0004_signup_functions.sql) refuse by raising a SQLSTATE
// that names the answer, with the text the member reads as its message; a field error names the field (COLUMN) and
// its hint (HINT). Here they become the typed service errors every other use case throws.

/** The time lock has ended but its waitlist fill has not run yet: the sign-up service runs it, then asks again. */
export class UnlockFillPending extends Locked {}

const REFUSALS: Record<string, new (message: string, fields?: Record<string, string[]>) => ServiceError> = {
  UR400: Invalid,
  UR401: Unauthorized,
  UR403: Forbidden,
  UR404: NotFound,
  UR409: Conflict,
  URLCK: Locked,
  URFIL: UnlockFillPending,
}

interface RaisedError {
  code: string
  message?: string
  column_name?: string
  hint?: string
}

/** The service error a stored function's refusal stands for, or null for any other failure. */
export function refusalOf(error: unknown): ServiceError | null {
  const raised = postgresErrorOf(error) as RaisedError | undefined
  const Refusal = raised && REFUSALS[raised.code]
  if (!raised || !Refusal) return null
  const fields = raised.column_name && raised.hint ? { [raised.column_name]: [raised.hint] } : undefined
  return new Refusal(raised.message ?? '', fields)
}

/** Awaits a call of a stored function, turning its refusal into the service error. */
export async function decided<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    throw refusalOf(error) ?? error
  }
}
