import { WEBHOOK_MESSAGES, webhookEndpointSchema } from '#contracts/webhooks.ts'
import { adminItemAction } from '#server/http/item-route.ts'
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '#server/webhooks/endpoints.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/admin/webhooks/{id} {url, description?, events, active?} -> {endpoint, message}: the secret stays.
// DELETE /api/admin/webhooks/{id}: the endpoint and its deliveries.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export const action = adminItemAction({
  what: 'Webhook endpoint',
  strict: true,
  schema: webhookEndpointSchema,
  invalid: 'Please correct the endpoint.',
  update: async (services, admin, id, input) => ({
    endpoint: await updateWebhookEndpoint(services, admin, id, input),
    message: WEBHOOK_MESSAGES.saved,
  }),
  remove: deleteWebhookEndpoint,
  removed: WEBHOOK_MESSAGES.deleted,
})
