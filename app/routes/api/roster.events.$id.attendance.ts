import type { Route } from './+types/roster.events.$id.attendance'
import { attendanceQuerySchema, attendanceSchema } from '#contracts/attendance.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getEventAttendance, setEventAttendance } from '#server/roster/events.ts'
import { suggestAttendance } from '#server/orbat/snapshots.ts'

// GET and POST /api/roster/events/{id}/attendance: body {memberIds}; answers {memberIds}. Each member added scores one
// event, each removed loses it (docs/rules/roster.md, event score). GET ?suggest=orbat answers who held a slot in the
// event's frozen ORBAT instead (docs/rules/orbat-history.md): a suggestion, nothing is recorded.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Event')
    const { suggest } = parseInput(attendanceQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    const db = getServices(context).db
    return suggest === 'orbat' ? suggestAttendance(db, id) : getEventAttendance(db, id)
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
