// The webhook endpoints' /api over real HTTP on real PostgreSQL (docs/rules/webhooks.md): who may call each (401 for
// visitors, 403 for members), bad bodies (400 {error}, nothing stored), private addresses refused, the secret answered
// only by the create and the rotation, Send test and Redeliver queueing the same message, and the audit entries.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts'
import { auditLog } from '#db/schema/audit.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp, type TestClient } from '#tests/harness/app.ts'

let t: TestApp
let admin: TestClient
let member: TestClient

/** A public address written as one, so no DNS is asked. */
const PUBLIC_URL = 'https://93.184.215.14/hooks/unit'

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, member] = await Promise.all([t.login('demo_admin'), t.login('reyes')])
})
afterAll(async () => {
  await t?.close()
})

const db = () => t.database.db
const endpointCount = async () => (await db().select().from(webhookEndpoints)).length

type Created = { id: number; secret: string; message: string }

describe('who may call', () => {
  it('every call is 401 for a visitor and 403 for a member', async () => {
    const body = { url: PUBLIC_URL, events: ['slot.taken'] }
    const id = (await api<Created>(admin, 'POST', '/api/admin/webhooks', body)).body.id
    for (const [method, path, payload] of [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks', body],
      ['PUT', `/api/admin/webhooks/${id}`, body],
      ['DELETE', `/api/admin/webhooks/${id}`],
      ['POST', `/api/admin/webhooks/${id}/rotate-secret`],
      ['POST', `/api/admin/webhooks/${id}/test`],
      ['GET', `/api/admin/webhooks/${id}/deliveries`],
      ['POST', `/api/admin/webhooks/${id}/deliveries/msg_${'0'.repeat(32)}/redeliver`],
    ] as const)
      await expectAdminOnly(t, member, method, path, payload)
    expect(await endpointCount()).toBe(1)
    await api(admin, 'DELETE', `/api/admin/webhooks/${id}`)
  })
})

describe('bad input', () => {
  it('is 400 {error} naming what is wrong, and stores nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ events: ['slot.taken'] }, 'The URL is required.'],
      [{ url: PUBLIC_URL }, 'Choose at least one event.'],
      [{ url: PUBLIC_URL, events: [] }, 'Choose at least one event.'],
      [{ url: PUBLIC_URL, events: ['slot.stolen'] }, 'Unknown event type.'],
      [{ url: PUBLIC_URL, events: 'slot.taken' }, 'Choose at least one event.'],
      [{ url: PUBLIC_URL, events: ['slot.taken'], active: 'maybe' }, 'Flags must be true or false.'],
      [
        { url: PUBLIC_URL, events: ['slot.taken'], description: 'x'.repeat(501) },
        'The description is limited to 500 characters.',
      ],
      [{ url: 42, events: ['slot.taken'] }, 'The URL is required.'],
      ['[1,2]', 'The request body must be a JSON object.'],
      ['{nope', 'The request body must be a JSON object.'],
    ]
    for (const [body, error] of cases) {
      const answer = await api<{ error: string }>(admin, 'POST', '/api/admin/webhooks', body)
      expect([answer.status, answer.body.error], JSON.stringify(body)).toEqual([400, error])
    }
    expect(await endpointCount()).toBe(0)
  })

  it('a URL that is not https on a public address is refused at create and edit (400), unless its origin is allowed', async () => {
    const refused = [
      'http://93.184.215.14/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://localhost/hook',
      'https://user:pass@93.184.215.14/hook',
      'not a url',
      'ftp://93.184.215.14/hook',
    ]
    for (const url of refused) {
      const answer = await api<{ error: string }>(admin, 'POST', '/api/admin/webhooks', { url, events: ['slot.taken'] })
      expect([answer.status, answer.body.error], url).toEqual([
        400,
        'The URL must be an https URL on a public address.',
      ])
    }
    expect(await endpointCount()).toBe(0)
    const { id } = (
      await api<Created>(admin, 'POST', '/api/admin/webhooks', { url: PUBLIC_URL, events: ['slot.taken'] })
    ).body
    const edit = await api<{ error: string }>(admin, 'PUT', `/api/admin/webhooks/${id}`, {
      url: 'https://10.0.0.1/hook',
      events: ['slot.taken'],
    })
    expect(edit.status).toBe(400)
    expect((await db().select().from(webhookEndpoints))[0]!.url).toBe(PUBLIC_URL)
    await api(admin, 'DELETE', `/api/admin/webhooks/${id}`)
  })

  it('an unknown or malformed id is 404 {error}', async () => {
    for (const [method, path] of [
      ['PUT', '/api/admin/webhooks/999999'],
      ['DELETE', '/api/admin/webhooks/999999'],
      ['DELETE', '/api/admin/webhooks/abc'],
      ['POST', '/api/admin/webhooks/999999/rotate-secret'],
      ['POST', '/api/admin/webhooks/999999/test'],
      ['GET', '/api/admin/webhooks/999999/deliveries'],
      ['POST', `/api/admin/webhooks/999999/deliveries/msg_${'0'.repeat(32)}/redeliver`],
    ] as const) {
      const body = method === 'PUT' ? { url: PUBLIC_URL, events: ['slot.taken'] } : undefined
      const answer = await api<{ error: string }>(admin, method, path, body)
      expect([answer.status, typeof answer.body.error], `${method} ${path}`).toEqual([404, 'string'])
    }
  })
})

describe('the endpoints', () => {
  it('create answers the secret once; the list, the edit and the deliveries never show it; rotate answers a new one', async () => {
    const created = await api<Created>(admin, 'POST', '/api/admin/webhooks', {
      url: PUBLIC_URL,
      description: ' Mission planner ',
      events: ['slot.taken', 'slot.left', 'slot.taken'],
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(Number),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      message: expect.any(String),
    })
    const { id, secret } = created.body

    const list = await api<{ items: Array<Record<string, unknown>> }>(admin, 'GET', '/api/admin/webhooks')
    expect(list.status).toBe(200)
    expect(list.body.items).toEqual([
      {
        id,
        url: PUBLIC_URL,
        description: 'Mission planner',
        events: ['slot.taken', 'slot.left'],
        active: true,
        paused_reason: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ])
    expect(JSON.stringify(list.body)).not.toContain(secret)

    const edited = await api<{ endpoint: Record<string, unknown> }>(admin, 'PUT', `/api/admin/webhooks/${id}`, {
      url: `${PUBLIC_URL}/v2`,
      events: ['member.created'],
      active: false,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.endpoint).toMatchObject({
      url: `${PUBLIC_URL}/v2`,
      events: ['member.created'],
      active: false,
      description: '',
    })
    expect(JSON.stringify(edited.body)).not.toContain(secret)
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
    expect(row!.secret).toBe(secret)

    // Active left out keeps it as it was.
    await api(admin, 'PUT', `/api/admin/webhooks/${id}`, { url: PUBLIC_URL, events: ['member.created'] })
    expect((await db().select().from(webhookEndpoints))[0]!.active).toBe(false)

    const rotated = await api<{ secret: string }>(admin, 'POST', `/api/admin/webhooks/${id}/rotate-secret`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(secret)
    expect((await db().select().from(webhookEndpoints))[0]!.secret).toBe(rotated.body.secret)

    const removed = await api(admin, 'DELETE', `/api/admin/webhooks/${id}`)
    expect(removed.status).toBe(200)
    expect(await endpointCount()).toBe(0)

    const actions = (await db().select().from(auditLog)).map((e) => e.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'Webhook endpoint added',
        'Webhook endpoint edited',
        'Webhook secret rotated',
        'Webhook endpoint deleted',
      ]),
    )
    expect(JSON.stringify(await db().select().from(auditLog))).not.toContain(secret)
  })

  it('Send test queues a webhook.test for that endpoint only; Redeliver queues the same message again', async () => {
    const { id } = (
      await api<Created>(admin, 'POST', '/api/admin/webhooks', { url: PUBLIC_URL, events: ['slot.taken'] })
    ).body
    const other = (
      await api<Created>(admin, 'POST', '/api/admin/webhooks', { url: PUBLIC_URL, events: ['slot.taken'] })
    ).body.id
    const test = await api<{ id: string }>(admin, 'POST', `/api/admin/webhooks/${id}/test`)
    expect(test.status).toBe(202)
    expect(test.body.id).toMatch(/^msg_[0-9a-f]{32}$/)
    const deliveries = await api<{ items: Array<Record<string, unknown>> }>(
      admin,
      'GET',
      `/api/admin/webhooks/${id}/deliveries`,
    )
    expect(deliveries.status).toBe(200)
    expect(deliveries.body.items).toEqual([
      expect.objectContaining({
        id: test.body.id,
        type: 'webhook.test',
        status: 'pending',
        attempts: 0,
        response_status: null,
        duration_ms: null,
        created_at: expect.any(String),
      }),
    ])
    const sent = JSON.parse(deliveries.body.items[0]!.request_body as string) as { type: string; data: { id: number } }
    expect(sent).toMatchObject({ type: 'webhook.test', data: { id, url: PUBLIC_URL } })
    expect(
      (await api<{ items: unknown[] }>(admin, 'GET', `/api/admin/webhooks/${other}/deliveries`)).body.items,
    ).toEqual([])

    // Still being sent: 409, nothing changes.
    const early = await api(admin, 'POST', `/api/admin/webhooks/${id}/deliveries/${test.body.id}/redeliver`)
    expect(early.status).toBe(409)
    await db()
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: 3 })
      .where(eq(webhookDeliveries.id, test.body.id))
    const again = await api<{ id: string }>(
      admin,
      'POST',
      `/api/admin/webhooks/${id}/deliveries/${test.body.id}/redeliver`,
    )
    expect(again.status).toBe(202)
    expect(again.body.id).toBe(test.body.id)
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.body.id))
    expect(row).toMatchObject({ status: 'pending', attempts: 0, claimed_until: null })
    // Another endpoint's delivery id, or none: 404.
    expect((await api(admin, 'POST', `/api/admin/webhooks/${other}/deliveries/${test.body.id}/redeliver`)).status).toBe(
      404,
    )
    expect((await api(admin, 'POST', `/api/admin/webhooks/${id}/deliveries/nope/redeliver`)).status).toBe(404)

    // A paused endpoint takes no test.
    await api(admin, 'PUT', `/api/admin/webhooks/${other}`, { url: PUBLIC_URL, events: ['slot.taken'], active: false })
    expect((await api(admin, 'POST', `/api/admin/webhooks/${other}/test`)).status).toBe(409)
  })
})
