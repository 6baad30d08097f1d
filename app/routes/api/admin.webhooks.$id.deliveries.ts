import type { Route } from './+types/admin.webhooks.$id.deliveries'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listWebhookDeliveries } from '#server/webhooks/endpoints.ts'

// GET /api/admin/webhooks/{id}/deliveries -> {items}: the endpoint's last 100 deliveries, newest first.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Webhook endpoint')
    return { items: await listWebhookDeliveries(getServices(context).db, id) }
  })
}
