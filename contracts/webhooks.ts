import { z } from 'zod'
import { keptFlagSchema, text } from './fields.ts'

// Outgoing webhooks (docs/rules/webhooks.md, docs/webhooks.md): the event types, the body of an endpoint's create and
// edit (POST and PUT /api/admin/webhooks, and the admin page's form), and the JSON of the list and the deliveries.

/** Every event an endpoint may ask for; `webhook.test` is what Send test sends. */
export const WEBHOOK_EVENT_TYPES = [
  'slot.taken',
  'slot.left',
  'waitlist.joined',
  'waitlist.promoted',
  'orbat.saved',
  'operation.frozen',
  'event.created',
  'event.updated',
  'event.deleted',
  'training.created',
  'training.updated',
  'training.deleted',
  'training.signup',
  'member.created',
  'member.updated',
  'member.deleted',
  'member.promoted',
  'member.banned',
  'qualification.granted',
  'qualification.revoked',
  'award.granted',
  'award.revoked',
  'leave.requested',
  'leave.approved',
  'leave.denied',
  'leave.ended',
  'application.submitted',
  'application.status_changed',
  'test.attempted',
  'evaluation.completed',
  'webhook.test',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/** The most an endpoint's URL and description may hold. */
export const WEBHOOK_URL_MAX = 2000
export const WEBHOOK_DESCRIPTION_MAX = 500

export const WEBHOOK_MESSAGES = {
  url: 'The URL must be an https URL on a public address.',
  events: 'Choose at least one event.',
  unknownEvent: 'Unknown event type.',
  created: 'Webhook endpoint added. Copy its signing secret now: it is not shown again.',
  saved: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted.',
  rotated: 'A new signing secret was made. Copy it now: it is not shown again.',
  testQueued: 'Test event queued.',
  redeliverQueued: 'Delivery queued again.',
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  stillSending: 'This delivery is still being sent.',
} as const

/** POST /api/admin/webhooks and PUT /api/admin/webhooks/{id} (an edit leaves the secret as it is). */
export const webhookEndpointSchema = z.object({
  url: text({ error: 'The URL is required.' })
    .trim()
    .min(1, 'The URL is required.')
    .max(WEBHOOK_URL_MAX, `The URL is limited to ${WEBHOOK_URL_MAX} characters.`)
    .meta({ description: 'An https URL on a public address (or an origin in WEBHOOK_ENDPOINT_ALLOW).' }),
  description: text({ error: 'The description must be text.' })
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, `The description is limited to ${WEBHOOK_DESCRIPTION_MAX} characters.`)
    .optional()
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.unknownEvent }), { error: WEBHOOK_MESSAGES.events })
    .min(1, WEBHOOK_MESSAGES.events)
    .max(WEBHOOK_EVENT_TYPES.length * 2, WEBHOOK_MESSAGES.events)
    .transform((events) => [...new Set(events)])
    .meta({ description: 'The event types it is sent.' }),
  active: keptFlagSchema.meta({ description: 'Sent events (true, the default on create) or paused (false).' }),
})
export type WebhookEndpointInput = z.output<typeof webhookEndpointSchema>

export const webhookEndpointItemSchema = z.object({
  id: z.int(),
  url: text(),
  description: text(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  paused_reason: text()
    .nullable()
    .meta({ description: 'Why the server paused it (a day of failed deliveries); null otherwise.' }),
  created_at: text(),
  updated_at: text(),
})
export type WebhookEndpointItem = z.output<typeof webhookEndpointItemSchema>

export const webhookSavedSchema = z.object({ endpoint: webhookEndpointItemSchema, message: text() })

export const webhookEndpointsAnswerSchema = z.object({ items: z.array(webhookEndpointItemSchema) })

export const webhookCreatedSchema = z.object({
  id: z.int(),
  secret: text().meta({ description: 'The signing secret (whsec_…), shown only here and at a rotation.' }),
  message: text(),
})

export const webhookSecretSchema = z.object({ secret: text(), message: text() })

export const webhookDeliveryItemSchema = z.object({
  id: text().meta({ description: 'The message id (msg_…), sent as webhook-id at every attempt and redelivery.' }),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.int(),
  response_status: z.int().nullable(),
  duration_ms: z.int().nullable(),
  created_at: text(),
  last_attempt_at: text().nullable(),
  error: text().nullable(),
  request_body: text().meta({ description: 'The body sent, cut at 4 KB.' }),
  response_body: text().nullable().meta({ description: "The last answer's body, cut at 4 KB." }),
})
export type WebhookDeliveryItem = z.output<typeof webhookDeliveryItemSchema>

export const webhookDeliveriesAnswerSchema = z.object({ items: z.array(webhookDeliveryItemSchema) })

export const webhookQueuedSchema = z.object({
  id: text().meta({ description: 'The delivery (msg_…).' }),
  message: text(),
})

/** The event types an admin can tick on the Webhooks page, in groups (`webhook.test` is what Send test sends). */
export const WEBHOOK_EVENT_GROUPS: ReadonlyArray<{ label: string; types: readonly WebhookEventType[] }> = [
  { label: 'ORBAT', types: ['slot.taken', 'slot.left', 'waitlist.joined', 'waitlist.promoted', 'orbat.saved'] },
  { label: 'Operations', types: ['operation.frozen', 'event.created', 'event.updated', 'event.deleted'] },
  {
    label: 'Trainings',
    types: ['training.created', 'training.updated', 'training.deleted', 'training.signup'],
  },
  {
    label: 'Members',
    types: ['member.created', 'member.updated', 'member.deleted', 'member.promoted', 'member.banned'],
  },
  {
    label: 'Qualifications and awards',
    types: ['qualification.granted', 'qualification.revoked', 'award.granted', 'award.revoked'],
  },
  { label: 'Leave', types: ['leave.requested', 'leave.approved', 'leave.denied', 'leave.ended'] },
  {
    label: 'Recruitment and tests',
    types: ['application.submitted', 'application.status_changed', 'test.attempted', 'evaluation.completed'],
  },
  { label: 'Tests of the endpoint', types: ['webhook.test'] },
]

/** How a delivery's status reads on the Webhooks page. */
export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
}
