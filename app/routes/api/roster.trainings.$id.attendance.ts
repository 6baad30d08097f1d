import type { Route } from './+types/roster.trainings.$id.attendance'
import { attendanceSchema } from '#contracts/attendance.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getTrainingAttendance, setTrainingAttendance } from '#server/roster/trainings.ts'

// GET and POST /api/roster/trainings/{id}/attendance: body {memberIds}; answers {memberIds}.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return getTrainingAttendance(getServices(context).db, parseId(params.id, 'Training'))
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Training')
    const { memberIds } = parseInput(attendanceSchema, await readJsonObject(request))
    return {
      message: 'Attendance updated!',
      ...(await setTrainingAttendance(getServices(context), admin, id, memberIds)),
    }
  })
}
