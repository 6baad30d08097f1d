import type { Route } from './+types/integrations.slots'
import { playerSlotQuerySchema } from '#contracts/integrations.ts'
import { parseInput } from '#server/lib/request.ts'
import { serverTokenFrom } from '#server/auth/api-token.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { playerSlot } from '#server/integrations/game-server.ts'

// GET /api/integrations/slots?bohemia_uuid=...: where a player belongs (server token, scope game-server).

export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const services = getServices(context)
    await serverTokenFrom(services, request)
    const { bohemia_uuid } = parseInput(playerSlotQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    return playerSlot(services.db, bohemia_uuid)
  })
}
