// The demo unit's outgoing webhook (docs/rules/webhooks.md), so the admin's Webhooks page shows something at first
// start: one endpoint of an imagined mission planner, paused (example.com takes no webhooks: an active one would be
// retried for a day), with a few past deliveries, two delivered and one that failed.
import crypto from 'node:crypto'
import type { Tx } from '../client.ts'
import { webhookDeliveries, webhookEndpoints } from '../schema/webhooks.ts'

const messageId = () => `msg_${crypto.randomUUID().replaceAll('-', '')}`

export async function seedDemoWebhooks(tx: Tx, now: Date): Promise<void> {
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      url: 'https://hooks.example.com/milsim-unit',
      description: 'Mission planner (demo: paused, example.com takes no webhooks)',
      events: ['slot.taken', 'slot.left', 'event.created', 'member.promoted'],
      active: false,
      secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
    })
    .returning({ id: webhookEndpoints.id })
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
  const body = (type: string, at: Date, data: unknown) => JSON.stringify({ type, timestamp: at.toISOString(), data })
  const rows = [
    {
      type: 'event.created',
      at: ago(3 * 24 * 60),
      data: { id: 1, name: 'Operation Red Tide', date: '2026-11-28T20:00:00-05:00', orbat_image_url: null },
      answer: { status: 200, body: '{"ok":true}', ms: 182 },
    },
    {
      type: 'member.promoted',
      at: ago(2 * 24 * 60),
      data: {
        member: { id: 2, ingame_name: 'Reyes', rank: 'NCO', join_date: '2024-01-15', is_banned: false },
        entry: { at: ago(2 * 24 * 60).toISOString(), kind: 'rank', detail: { from: 'JNCO', to: 'NCO', via: 'run' } },
      },
      answer: { status: 200, body: '{"ok":true}', ms: 240 },
    },
    {
      type: 'slot.taken',
      at: ago(24 * 60),
      data: { id: 201, squad_id: 1, team: 'Alpha', role: 'Rifleman', user_id: 3, discord_username: 'Novak' },
      answer: { status: 502, body: '<html><body>502 Bad Gateway</body></html>', ms: 1840 },
    },
  ]
  for (const row of rows)
    await tx.insert(webhookDeliveries).values({
      id: messageId(),
      endpoint_id: endpoint!.id,
      type: row.type,
      payload: body(row.type, row.at, row.data),
      status: row.answer.status === 200 ? 'delivered' : 'failed',
      attempts: row.answer.status === 200 ? 1 : 3,
      queued_at: row.at,
      next_attempt_at: row.at,
      response_status: row.answer.status,
      response_body: row.answer.body,
      duration_ms: row.answer.ms,
      last_attempt_at: row.at,
      created_at: row.at,
    })
}
