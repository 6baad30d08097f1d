import type { z } from 'zod'
import { parseIdText } from '#contracts/fields.ts'
import { Invalid, NotFound } from '../errors.ts'

// Shared plumbing of the JSON API (docs/rules/api.md): body parsing, zod validation into 400 {error, fields}, id
// params. Transactions belong to use cases (server/transaction.ts), not to routes.

/** The request body as JSON (an object or a list); an empty body is {}. Anything else is a 400. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | unknown[]> {
  return parseJsonBody(await request.text())
}

/** A request body's text as JSON (an object or a list); empty is {}. Anything else is a 400. */
function parseJsonBody(text: string): Record<string, unknown> | unknown[] {
  if (!text.trim()) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object') return value as Record<string, unknown> | unknown[]
  } catch {
    // fall through
  }
  throw new Invalid('The request body must be a JSON object.')
}

/** The request body as a JSON object; an empty body is {}. Anything else is a 400. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  return parseJsonObject(await request.text())
}

/** A request body's text as a JSON object; empty is {}. Anything else is a 400. */
export function parseJsonObject(text: string): Record<string, unknown> {
  const body = parseJsonBody(text)
  if (Array.isArray(body)) throw new Invalid('The request body must be a JSON object.')
  return body
}

/** Validates with a zod schema; failures become Invalid with per-field messages. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  message = 'Please correct the highlighted fields.',
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'body'
    ;(fields[key] ??= []).push(issue.message)
  }
  const first = result.error.issues[0]?.message
  throw new Invalid(first && Object.keys(fields).length === 1 ? first : message, fields)
}

/**
 * Like parseInput, for an /api body that is strict as documented (docs/security.md): a key the schema (an object
 * schema) does not name is 400 naming it, before anything else is checked, rather than silently ignored.
 */
export function parseStrictInput<S extends z.ZodType>(schema: S, value: Record<string, unknown>): z.output<S> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape
  const unknown = shape ? Object.keys(value).filter((key) => !Object.hasOwn(shape, key)) : []
  if (unknown.length) {
    const message = `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`
    throw new Invalid(message, Object.fromEntries(unknown.map((key) => [key, ['This field is not accepted here.']])))
  }
  return parseInput(schema, value)
}

/** A numeric route id (canonical decimal digits, see parseIdText), or a 404: unknown and malformed ids answer the same. */
export function parseId(value: string | undefined, what = 'Item'): number {
  const id = parseIdText(value)
  if (id === null) throw new NotFound(`${what} not found.`)
  return id
}
