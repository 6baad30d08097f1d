import type { Route } from './+types/push.subscriptions'
import { pushSubscriptionInputSchema, pushUnsubscribeInputSchema } from '#contracts/notifications.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { listPushDevices } from '#server/notifications/account.ts'
import { subscribe, unsubscribe } from '#server/notifications/subscriptions.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// POST /api/push/subscriptions {endpoint, keys: {p256dh, auth}}: push on for this device (an https endpoint on a
// public address). DELETE /api/push/subscriptions {endpoint}: push off for it. GET: the caller's devices
// (docs/rules/notifications.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return { devices: await listPushDevices(getServices(context).db, user) }
  })
}

export const methods: ApiMethod[] = ['POST', 'DELETE']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const services = getServices(context)
    if (request.method === 'DELETE') {
      const { endpoint } = parseStrictInput(pushUnsubscribeInputSchema, await readJsonObject(request))
      await unsubscribe(services, user, { endpoint })
      return new Response(null, { status: 204 })
    }
    const input = parseStrictInput(pushSubscriptionInputSchema, await readJsonObject(request))
    const answer = await subscribe(services, user, input, request.headers.get('user-agent'))
    return Response.json(answer, { status: 201 })
  })
}
