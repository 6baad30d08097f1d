import type { Route } from './+types/admin.webhooks.$id.rotate-secret'
import { WEBHOOK_MESSAGES } from '#contracts/webhooks.ts'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { rotateWebhookSecret } from '#server/webhooks/endpoints.ts'

// POST /api/admin/webhooks/{id}/rotate-secret -> {secret, message}: a new signing secret, answered once.
export async function action({ request, context, params }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Webhook endpoint')
    const { secret } = await rotateWebhookSecret(getServices(context), admin, id)
    return { secret, message: WEBHOOK_MESSAGES.rotated }
  })
}
