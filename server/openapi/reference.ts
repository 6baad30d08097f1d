import type { OpenApiDocument } from './document.ts'

// The readable reference (/api/docs) is rendered on the server from the OpenAPI document itself: no reference UI
// script (the CSP allows only our own nonce'd scripts), and it reads the same with JavaScript off. This turns the
// document into the rows the page shows.

/** One line of a schema: a field at some depth, its type and its rules. */
export interface SchemaRow {
  depth: number
  name: string
  type: string
  required: boolean
  notes: string
}

export interface ReferenceOperation {
  id: string
  method: string
  path: string
  summary: string
  description: string
  /** How to call it: "Public", "Logged in or token scope read", ... */
  access: string
  params: SchemaRow[]
  body: SchemaRow[]
  /** The success answer's fields, where the document has its schema. */
  answer: SchemaRow[]
  responses: Array<{ status: string; description: string }>
}

interface ReferenceTag {
  name: string
  operations: ReferenceOperation[]
}

type Json = Record<string, unknown>

const METHODS = ['get', 'post', 'put', 'delete'] as const
const MAX_DEPTH = 6

export function referenceOf(document: OpenApiDocument): ReferenceTag[] {
  const components = (document.components?.schemas ?? {}) as Record<string, Json>
  const tags = new Map<string, ReferenceOperation[]>()
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Json | undefined>)[method]
      if (!op) continue
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!
      const list = tags.get(tag) ?? []
      list.push(operationOf(method, path, op, components))
      tags.set(tag, list)
    }
  }
  const order = (document.tags ?? []).map((t) => t.name)
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  return [...tags].map(([name, operations]) => ({ name, operations })).sort((a, b) => rank(a.name) - rank(b.name))
}

function operationOf(method: string, path: string, op: Json, components: Record<string, Json>): ReferenceOperation {
  const params: SchemaRow[] = []
  for (const p of (op.parameters as Json[] | undefined) ?? []) {
    rowsOf(
      p.schema as Json,
      `${p.name as string} (${p.in as string})`,
      Boolean(p.required),
      0,
      params,
      components,
      (p.description as string) ?? '',
    )
  }
  const responses = (op.responses as Record<string, Json>) ?? {}
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1]
  return {
    id: (op.operationId as string) ?? `${method}${path}`,
    method: method.toUpperCase(),
    path,
    summary: (op.summary as string) ?? '',
    description: plain((op.description as string) ?? ''),
    access: accessOf(op.security as Array<Record<string, string[]>> | undefined),
    params,
    body: jsonRows(op.requestBody as Json | undefined, components),
    answer: jsonRows(success, components),
    responses: Object.entries(responses).map(([status, r]) => ({
      status,
      description: plain((r.description as string) ?? ''),
    })),
  }
}

/** The document's texts use Markdown code spans; the page shows them as plain text. */
const plain = (text: string) => text.replace(/`/g, '')

/** The fields of a request body's or an answer's JSON schema. */
function jsonRows(holder: Json | undefined, components: Record<string, Json>): SchemaRow[] {
  const schema = (holder?.content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined
  const rows: SchemaRow[] = []
  if (schema) childRows(resolve(schema, components), 0, rows, components)
  return rows
}

function accessOf(security: Array<Record<string, string[]>> | undefined): string {
  if (!security || security.length === 0) return 'Public'
  const optional = security.some((s) => Object.keys(s).length === 0)
  const session = security.some((s) => 'session' in s)
  const scopes = security.flatMap((s) => s.apiToken ?? [])
  if (scopes.includes('game-server')) return 'Server token with scope game-server'
  const admin = scopes.includes('admin')
  const who = admin
    ? 'An admin (session) or a token with scope admin'
    : `Logged in (session) or a token with scope ${scopes.join(', ')}`
  return optional ? `Public; ${session ? 'more for the logged-in' : who}` : who
}

function resolve(schema: Json, components: Record<string, Json>): Json {
  const ref = schema.$ref as string | undefined
  return ref ? (components[ref.split('/').pop()!] ?? {}) : schema
}

function childRows(schema: Json, depth: number, rows: SchemaRow[], components: Record<string, Json>) {
  if (depth > MAX_DEPTH) return
  const object = objectVariant(schema, components)
  if (!object) return
  const required = new Set((object.required as string[] | undefined) ?? [])
  for (const [name, child] of Object.entries((object.properties as Record<string, Json>) ?? {})) {
    rowsOf(child, name, required.has(name), depth, rows, components)
  }
}

function rowsOf(
  raw: Json,
  name: string,
  required: boolean,
  depth: number,
  rows: SchemaRow[],
  components: Record<string, Json>,
  description = '',
) {
  const schema = resolve(raw ?? {}, components)
  rows.push({ depth, name, type: typeOf(schema, components), required, notes: notesOf(schema, description) })
  childRows(schema, depth + 1, rows, components)
}

/** The object whose fields a row expands into: the schema itself, an array's items, or an object among anyOf. */
function objectVariant(schema: Json, components: Record<string, Json>): Json | undefined {
  if (schema.properties) return schema
  if (schema.items) return objectVariant(resolve(schema.items as Json, components), components)
  for (const option of (schema.anyOf as Json[] | undefined) ?? []) {
    const found = objectVariant(resolve(option, components), components)
    if (found) return found
  }
  return undefined
}

function typeOf(schema: Json, components: Record<string, Json>): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined
  if (options) return [...new Set(options.map((o) => typeOf(resolve(o, components), components)))].join(' | ')
  if (schema.type === 'array') return `${typeOf(resolve((schema.items as Json) ?? {}, components), components)}[]`
  if (Array.isArray(schema.type)) return schema.type.join(' | ')
  return (schema.type as string | undefined) ?? 'any'
}

function notesOf(schema: Json, description: string): string {
  const notes: string[] = []
  const text = (schema.description as string | undefined) ?? description
  if (text) notes.push(text)
  const rule = (key: string, label: string) =>
    schema[key] !== undefined && notes.push(`${label} ${String(schema[key])}`)
  rule('minLength', 'min length')
  rule('maxLength', 'max length')
  rule('minimum', 'min')
  rule('maximum', 'max')
  rule('minItems', 'min items')
  rule('maxItems', 'max items')
  rule('format', 'format')
  rule('pattern', 'pattern')
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`)
  return notes.join('; ')
}
