import {
  ORBAT_REFUSAL_FIELDS,
  orbatRefusalText,
  ORBAT_REFUSALS,
  type OrbatRefusalCode,
} from '#contracts/orbat-rights.ts'
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

// The stored functions of the member writes (db/functions/orbat.sql, waitlist.sql) refuse with a code and never a
// text: returned as the row's refusal_code (and refusal_detail) when they have written nothing yet, raised with
// SQLSTATE UR000 and the code as the message after a write, so that the write is undone. Here both forms become the
// typed service errors every other use case throws: the status is this file's, the text contracts/orbat-rights.ts's.

/** The time lock has ended but its waitlist fill has not run yet: the sign-up service runs it, then asks again. */
export class UnlockFillPending extends Locked {}

/** The SQLSTATE of a refusal raised after a write (db/functions/orbat.sql). */
export const REFUSED_SQLSTATE = 'UR000'

/** A writer whose session has ended: the app's one 401, with its own text. */
const SIGNED_OUT = 'signedOut'

type ErrorClass = new (message: string, fields?: Record<string, string[]>) => ServiceError

/** The answer of each refusal: every code of ORBAT_REFUSALS has one (the type says so), hence its status. */
const ANSWERS: Record<OrbatRefusalCode, ErrorClass> = {
  signUpsLocked: Locked,
  unlockFillPending: UnlockFillPending,
  bannedSignUp: Forbidden,
  slotNotFound: NotFound,
  notASlot: Invalid,
  alreadyYourSlot: Conflict,
  slotTaken: Conflict,
  roleLocked: Forbidden,
  slotReserved: Forbidden,
  guestOutsideReservation: Forbidden,
  notYourSlot: Forbidden,
  waitlistLocked: Locked,
  bannedWaitlist: Forbidden,
  holdsSlot: Conflict,
  noEligibleRole: Forbidden,
  noGeneralWaitlist: Forbidden,
  squadTakesNoPreferences: Invalid,
  alreadyOnWaitlist: Conflict,
  notOnWaitlist: Conflict,
}

/** Every code a stored function may answer. */
export const REFUSAL_CODES: readonly string[] = [SIGNED_OUT, ...Object.keys(ORBAT_REFUSALS)]

/** The service error of a refusal code. A code nobody knows is a bug between the SQL and this file: a 500. */
export function refusalError(code: string, detail?: string | null): ServiceError {
  if (code === SIGNED_OUT) return new Unauthorized()
  if (!Object.hasOwn(ANSWERS, code)) throw new Error(`A stored function answered an unknown refusal code: ${code}`)
  const known = code as OrbatRefusalCode
  const field = ORBAT_REFUSAL_FIELDS[known]
  return new ANSWERS[known](orbatRefusalText(known, detail), field ? { [field.field]: [field.hint] } : undefined)
}

/** The service error a raised refusal stands for, or null for any other failure. */
export function refusalOf(error: unknown): ServiceError | null {
  const raised = postgresErrorOf(error) as { code: string; message?: string; detail?: string } | undefined
  if (raised?.code !== REFUSED_SQLSTATE) return null
  return refusalError(raised.message ?? '', raised.detail)
}

/** What a stored function returns when it refuses without raising. */
interface ReturnedRefusal {
  refusal_code?: string | null
  refusal_detail?: string | null
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
  if (returned?.refusal_code) throw refusalError(returned.refusal_code, returned.refusal_detail)
  return rows
}
