import type { Route } from './+types/openapi.json'
import { getServices } from '#server/context.ts'
import { openApiDocument } from '#server/openapi/document.ts'

// GET /api/openapi.json: the OpenAPI 3.1 document of this API, with this instance as its server.

export function loader({ context }: Route.LoaderArgs) {
  const document = { ...openApiDocument(), servers: [{ url: getServices(context).config.appUrl }] }
  return Response.json(document, { headers: { 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' } })
}
