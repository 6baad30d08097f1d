import type { Route } from './+types/route'
import { WEBHOOK_MESSAGES } from '#contracts/webhooks.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { sendWebhookTest } from '#server/webhooks/endpoints.ts'

// POST /api/admin/webhooks/{id}/test -> 202 {id, message}: a webhook.test event queued for this endpoint only; 409
// when the endpoint is paused.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Webhook endpoint')
    const queued = await sendWebhookTest(getServices(context), admin, id)
    return Response.json({ ...queued, message: WEBHOOK_MESSAGES.testQueued }, { status: 202 })
  })
}
