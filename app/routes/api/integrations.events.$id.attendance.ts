import type { Route } from './+types/integrations.events.$id.attendance'
import { attendanceByUuidSchema } from '#contracts/integrations.ts'
import { methodNotAllowed, parseId, parseInput, readJsonObject } from '#server/admin/request.ts'
import { serverTokenFrom } from '#server/auth/api-token.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { recordAttendanceByUuid } from '#server/integrations/game-server.ts'

// POST /api/integrations/events/{id}/attendance {bohemia_uuids}: records who played (server token, scope game-server);
// idempotent, unknown UUIDs listed in the answer.

export function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await serverTokenFrom(getServices(context), request)
    return methodNotAllowed()
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const services = getServices(context)
    const token = await serverTokenFrom(services, request)
    if (request.method !== 'POST') methodNotAllowed()
    const id = parseId(params.id, 'Event')
    const { bohemia_uuids } = parseInput(attendanceByUuidSchema, await readJsonObject(request))
    return recordAttendanceByUuid(services, token, id, bohemia_uuids)
  })
}
