// The API's description: every /api route of app/routes.ts is in the OpenAPI document (a route added without its
// entry fails here), the document is valid OpenAPI 3.1 (an independent validator), and it is served at
// /api/openapi.json with a readable reference at /api/docs that runs under the app's CSP.
import { Validator } from '@seriousme/openapi-schema-validator'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import routes from '#app/routes.ts'
import { MEMBER_WRITE_PATHS } from '#server/http/member-writes.ts'
import { buildOpenApiDocument, openApiDocument } from '#server/openapi/document.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'

/** The polled reads and the live stream, answered before React Router (server/http/live-routes.ts). */
const LIGHT_PATHS = ['/api/orbat', '/api/waitlist', '/api/waitlist/squads', '/api/settings', '/api/live']
/** The sign-up rush's four writes, answered before React Router too (server/http/member-writes.ts). */
const WRITE_PATHS = MEMBER_WRITE_PATHS.map((p) => p.replace(/:(\w+)/g, '{$1}'))

/** Every concrete path under /api in app/routes.ts, in OpenAPI's spelling (`:id` -> `{id}`); the 404 catch-all aside. */
function apiRoutePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, '/')
    const own =
      entry.path !== undefined && !entry.index && path.startsWith('/api/') && !path.endsWith('*')
        ? [path.replace(/:(\w+)/g, '{$1}')]
        : []
    return [...own, ...apiRoutePaths(entry.children ?? [], path)]
  })
}

describe('the OpenAPI document', () => {
  const documented = new Set(Object.keys(openApiDocument().paths ?? {}))

  it('covers every /api route of app/routes.ts, and documents nothing that is not served', () => {
    const routed = apiRoutePaths(routes)
    expect(routed.length).toBeGreaterThan(70)
    expect(routed.filter((p) => !documented.has(p))).toEqual([])
    expect(
      [...documented].filter((p) => !routed.includes(p) && !LIGHT_PATHS.includes(p) && !WRITE_PATHS.includes(p)),
    ).toEqual([])
    expect(WRITE_PATHS.filter((p) => !documented.has(p))).toEqual([])
  })

  it('notices a route the document lacks', () => {
    const withoutOne = buildOpenApiDocument().paths ?? {}
    delete withoutOne['/api/roster/events/{id}/attendance']
    expect(apiRoutePaths(routes).filter((p) => !(p in withoutOne))).toEqual(['/api/roster/events/{id}/attendance'])
  })

  it('refuses a path parameter it has no schema for', () => {
    const op = { method: 'get', path: '/api/things/{thingId}', tag: 'x', summary: 'x', access: 'public' } as const
    expect(() => buildOpenApiDocument([op])).toThrow('{thingId}')
    expect(() => buildOpenApiDocument([{ ...op, path: '/api/things/{id}', params: { other: z.string() } }])).toThrow(
      'no path parameter other',
    )
  })

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(openApiDocument())))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('describes request bodies from the contracts the routes parse with', () => {
    const body = openApiDocument().paths?.['/api/roster/events/{id}/attendance']?.post?.requestBody
    expect(body).toMatchObject({
      content: {
        'application/json': {
          schema: { type: 'object', required: ['memberIds'], properties: { memberIds: { type: 'array' } } },
        },
      },
    })
  })

  it('describes event and training starts in answers as date-times', () => {
    const paths = openApiDocument().paths ?? {}
    interface Schema {
      items: Schema
      properties: Record<string, Schema>
    }
    const json = (response: unknown) =>
      (response as { content: { 'application/json': { schema: Schema } } }).content['application/json'].schema
    const events = json(paths['/api/roster/events']?.get?.responses?.['200'])
    const trainings = json(paths['/api/roster/trainings/public']?.get?.responses?.['200'])
    const saved = json(paths['/api/roster/trainings/{id}']?.put?.responses?.['200'])
    for (const item of [events.items, trainings.items, saved.properties.training])
      expect(item).toMatchObject({ properties: { date: { type: 'string', format: 'date-time' } } })
  })
})

describe('serving it', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers the document at /api/openapi.json with this instance as its server', async () => {
    const response = await t.client().get('/api/openapi.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    const document = (await response.json()) as {
      openapi: string
      servers: Array<{ url: string }>
      paths: Record<string, unknown>
    }
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers).toEqual([{ url: t.url }])
    expect(Object.keys(document.paths)).toEqual([...Object.keys(openApiDocument().paths ?? {})])
  })

  it('types every path parameter: integer ids, uuids, the enums of {kind} and {change}', async () => {
    const document = (await (await t.client().get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: unknown }> }>>
    }
    const pathParams = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ at: `${method} ${path} ${p.name}`, ...p })),
      ),
    )
    const schema = (at: string) => pathParams.find((p) => p.at === at)?.schema
    const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 }
    const uuid = { type: 'string', format: 'uuid' }
    expect(schema('post /api/tests/eligibility/{change} change')).toMatchObject({
      type: 'string',
      enum: ['grant', 'revoke'],
    })
    expect(schema('post /api/roster/{kind}/{id}/ping kind')).toMatchObject({
      type: 'string',
      enum: ['events', 'trainings'],
    })
    expect(schema('post /api/roster/{kind}/{id}/ping id')).toMatchObject(id)
    expect(schema('get /api/roster/events/{id}/attendance id')).toMatchObject(id)
    expect(schema('post /api/slot/{id}/signup id')).toMatchObject(id)
    expect(schema('delete /api/roster/trainings/{id}/signups/{memberId} memberId')).toMatchObject(id)
    expect(schema('get /api/tests/{id} id')).toMatchObject(id)
    expect(schema('get /api/tests/attempt/{uuid}/result uuid')).toMatchObject(uuid)
    expect(schema('get /api/admin/evaluations/live/{sessionId} sessionId')).toMatchObject(uuid)
    expect(schema('post /api/tests/{id}/submit id')).toMatchObject({ oneOf: [id, uuid] })
    expect(schema('get /api/tests/{id}/take id')).toMatchObject({ oneOf: [id, uuid] })
    // Only an image's and a backup's file names are free text; a webhook delivery's id is text of one pattern.
    expect(schema('post /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver deliveryId')).toMatchObject({
      type: 'string',
      pattern: '^msg_[0-9a-f]{32}$',
    })
    const freeText = (p: { schema: unknown }) => {
      const s = p.schema as { type?: string; enum?: unknown; format?: unknown }
      return s.type === 'string' && !s.enum && !s.format
    }
    expect(pathParams.filter(freeText).map((p) => p.at)).toEqual([
      'get /api/tests/images/{name} name',
      'post /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver deliveryId',
      'get /api/admin/backups/{name} name',
    ])
    expect(pathParams.length).toBeGreaterThan(50)
  })

  it('renders the reference at /api/docs on the server, every script carrying the CSP nonce', async () => {
    const response = await t.client().get('/api/docs')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(csp).toMatch(/script-src 'self' 'nonce-/)
    const html = await response.text()
    expect(html).toContain('/api/roster/events/{id}/attendance')
    expect(html).toContain('memberIds')
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts)
      expect(attributes.includes(`nonce="${nonce}"`) || /\bsrc="\//.test(attributes)).toBe(true)
  })

  it('serves the light paths it documents', async () => {
    for (const path of LIGHT_PATHS.filter((p) => p !== '/api/live'))
      expect((await t.client().get(path)).status, path).toBe(200)
  })
})
