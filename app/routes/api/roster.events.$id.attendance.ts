import type { Route } from './+types/roster.events.$id.attendance'
import { attendanceSchema } from '#contracts/attendance.ts'
import { parseId, parseInput, readJsonObject } from '#server/http/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getEventAttendance, setEventAttendance } from '#server/roster/events.ts'

// GET and POST /api/roster/events/{id}/attendance: body {memberIds}; answers {memberIds}. Each member added scores one
// event, each removed loses it (docs/rules/roster.md, event score).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getEventAttendance(getServices(context).db, parseId(params.id, 'Event'))
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Event')
    const { memberIds } = parseInput(attendanceSchema, await readJsonObject(request))
    return { message: 'Attendance updated!', ...(await setEventAttendance(getServices(context), admin, id, memberIds)) }
  })
}
