import type { Route } from './+types/discord.pings'
import { pingHistoryQuerySchema } from '#contracts/discord.ts'
import { parseInput } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listPings } from '#server/discord/admin.ts'
import { apiHandler } from '#server/errors.ts'

// GET /api/discord/pings?limit=10|25|50 (admin; default 10): the newest scheduled pings with their event or training
// and channel names.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const { limit } = parseInput(pingHistoryQuerySchema, { limit: new URL(request.url).searchParams.get('limit') })
    return listPings(getServices(context), limit)
  })
}
