import type { Route } from './+types/push.public-key'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/push/public-key: the VAPID public key a browser subscribes with (docs/rules/notifications.md).
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => ({ publicKey: getServices(context).config.push.publicKey }))
}
