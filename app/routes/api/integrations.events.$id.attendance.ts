import type { Route } from './+types/integrations.events.$id.attendance'
import { attendanceByUuidSchema } from '#contracts/integrations.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { serverTokenFrom } from '#server/auth/api-token.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { recordAttendanceByUuid } from '#server/integrations/game-server.ts'

// POST /api/integrations/events/{id}/attendance {bohemia_uuids}: records who played (server token, scope game-server);
// idempotent, unknown UUIDs listed in the answer. Other methods answer 405 (server/http/api-methods.ts).

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const services = getServices(context)
    const token = await serverTokenFrom(services, request)
    const id = parseId(params.id, 'Event')
    const { bohemia_uuids } = parseStrictInput(attendanceByUuidSchema, await readJsonObject(request))
    return recordAttendanceByUuid(services, token, id, bohemia_uuids)
  })
}
