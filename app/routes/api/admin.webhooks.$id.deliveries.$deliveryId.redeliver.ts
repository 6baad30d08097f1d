import type { Route } from './+types/admin.webhooks.$id.deliveries.$deliveryId.redeliver'
import { WEBHOOK_MESSAGES } from '#contracts/webhooks.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { parseDeliveryId, redeliverWebhook } from '#server/webhooks/endpoints.ts'

// POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver -> 202 {id, message}: the same message (same
// webhook-id, same body) queued again; 409 while it is still being sent or when the endpoint is paused.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Webhook endpoint')
    const deliveryId = parseDeliveryId(params.deliveryId)
    const queued = await redeliverWebhook(getServices(context), admin, id, deliveryId)
    return Response.json({ ...queued, message: WEBHOOK_MESSAGES.redeliverQueued }, { status: 202 })
  })
}
