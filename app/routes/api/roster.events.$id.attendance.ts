import type { Route } from './+types/roster.events.$id.attendance'
import { methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { attendanceSchema, getEventAttendance, setEventAttendance } from '#server/roster/events.ts'

// GET and POST /api/roster/events/{id}/attendance (spec 2 §7): body {memberIds}; answers {memberIds}. Each member
// added scores one event, each removed loses it (ARCHITECTURE §5).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireAdmin(request, context)
    return getEventAttendance(getServices(context).db, parseId(params.id, 'Event'))
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    if (request.method !== 'POST') methodNotAllowed()
    const id = parseId(params.id, 'Event')
    const { memberIds } = parseInput(attendanceSchema, await readJsonObject(request))
    const result = await runAdmin(getServices(context), (tx) => setEventAttendance(tx, admin, id, memberIds))
    return { message: 'Attendance updated!', ...result }
  })
}
