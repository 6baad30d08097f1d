import {
  Conflict,
  Forbidden,
  Invalid,
  Locked,
  NotFound,
  postgresErrorOf,
  Unauthorized,
  type ServiceError,
} from './errors.ts'

// The stored functions of the member writes (db/migrations/0004_signup_functions.sql) refuse with a SQLSTATE-like code
// that names the answer and the text the member reads: raised as an error (a field error names the field in COLUMN
// and its hint in HINT), or, for the sign-up and the leave when they have written nothing yet, returned as the row's
// refusal_code and refusal (0009_signup_answers.sql: in a rush, an error costs the app more than the sign-up). Here
// both become the typed service errors every other use case throws.

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
function refusalOf(error: unknown): ServiceError | null {
  const raised = postgresErrorOf(error) as RaisedError | undefined
  const Refusal = raised && REFUSALS[raised.code]
  if (!raised || !Refusal) return null
  const fields = raised.column_name && raised.hint ? { [raised.column_name]: [raised.hint] } : undefined
  return new Refusal(raised.message ?? '', fields)
}

/** What a stored function returns when it refuses without raising. */
interface ReturnedRefusal {
  refusal_code?: string | null
  refusal?: string | null
}

/** Awaits a call of a stored function, turning its refusal, raised or returned in its first row, into the service error. */
export async function decided<Row>(call: Promise<Row[]>): Promise<Row[]> {
  let rows: Row[]
  try {
    rows = await call
  } catch (error) {
    throw refusalOf(error) ?? error
  }
  const returned = rows[0] as ReturnedRefusal | undefined
  if (returned?.refusal_code) throw new (REFUSALS[returned.refusal_code] ?? Invalid)(returned.refusal ?? '')
  return rows
}
