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
 * The keys an object schema names, looking through what wraps one (a transform's or refinement's pipe, optional,
 * default, a union's options: any option's keys; a record's enum of keys); null for a schema that checks its keys
 * itself (a record over any text).
 */
function namedKeys(schema: z.ZodType): Set<string> | null {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def
  const inner = (key: string) => namedKeys(def[key] as z.ZodType)
  switch (def.type) {
    case 'object':
      return new Set(Object.keys(def.shape as object))
    case 'pipe':
      return inner('in')
    case 'union': {
      const sets = (def.options as z.ZodType[]).map(namedKeys)
      return sets.includes(null) ? null : new Set(sets.flatMap((keys) => [...keys!]))
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner('innerType')
    case 'record': {
      // A record over an enum of keys (a partial record) names them; any other record checks its keys itself.
      const keyDef = (def.keyType as { _zod: { def: { type: string; entries?: Record<string, string> } } })._zod.def
      return keyDef.type === 'enum' ? new Set(Object.values(keyDef.entries!)) : null
    }
    default:
      throw new TypeError(`parseStrictInput needs an object schema, not ${String(def.type)}.`)
  }
}

/**
 * Like parseInput, for an /api body that is strict as documented (docs/security.md): a key the schema does not name is
 * 400 naming it, before anything else is checked, rather than silently ignored.
 */
export function parseStrictInput<S extends z.ZodType>(
  schema: S,
  value: Record<string, unknown>,
  message?: string,
): z.output<S> {
  const keys = namedKeys(schema)
  const unknown = keys ? Object.keys(value).filter((key) => !keys.has(key)) : []
  if (unknown.length) {
    const said = `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`
    throw new Invalid(said, Object.fromEntries(unknown.map((key) => [key, ['This field is not accepted here.']])))
  }
  return parseInput(schema, value, message)
}

/** A numeric route id (canonical decimal digits, see parseIdText), or a 404: unknown and malformed ids answer the same. */
export function parseId(value: string | undefined, what = 'Item'): number {
  const id = parseIdText(value)
  if (id === null) throw new NotFound(`${what} not found.`)
  return id
}
