import type { Route } from './+types/integrations.orbat'
import { serverTokenFrom } from '#server/auth/api-token.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { etagMatches } from '#server/http/live-routes.ts'
import { orbatByPlayer } from '#server/integrations/game-server.ts'

// GET /api/integrations/orbat: who holds which slot, by Bohemia UUID (server token, scope game-server). A server
// polling with If-None-Match gets 304 while nothing changed.

export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const services = getServices(context)
    await serverTokenFrom(services, request)
    const { body, etag } = await orbatByPlayer(services.db)
    const headers = { ETag: etag, 'Cache-Control': 'no-cache' }
    if (etagMatches(request.headers.get('if-none-match') ?? undefined, etag))
      return new Response(null, { status: 304, headers })
    return Response.json(body, { headers })
  })
}
