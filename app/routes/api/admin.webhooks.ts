import type { Route } from './+types/admin.webhooks'
import { WEBHOOK_MESSAGES, webhookEndpointSchema } from '#contracts/webhooks.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createWebhookEndpoint, listWebhookEndpoints } from '#server/webhooks/endpoints.ts'

// GET /api/admin/webhooks -> {items}: the endpoints, never their secrets. POST {url, description?, events, active?}
// -> 201 {id, secret, message}: the signing secret is answered here only (and by rotate-secret).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return { items: await listWebhookEndpoints(getServices(context).db) }
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseStrictInput(webhookEndpointSchema, await readJsonObject(request), 'Please correct the endpoint.')
    const created = await createWebhookEndpoint(getServices(context), admin, input)
    return Response.json({ ...created, message: WEBHOOK_MESSAGES.created }, { status: 201 })
  })
}
