import type { Route } from './+types/admin.backups'
import { requireUser } from '#server/auth/user.ts'
import { backupOverview } from '#server/backups/overview.ts'
import { requestBackup } from '#server/backups/runs.ts'
import { getServices } from '#server/context.ts'
import { apiHandler, Conflict } from '#server/errors.ts'

// GET /api/admin/backups: the finished backups (newest first), whether one is being made, the last run's failure, the
// schedule and the retention rule. POST: Back up now, 202 {message} when queued, 409 {error} when a backup is already
// queued or under way (the Backups page's button does the same).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return backupOverview(getServices(context))
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const { queued, message } = await requestBackup(getServices(context), admin)
    if (!queued) throw new Conflict(message)
    return Response.json({ message }, { status: 202 })
  })
}
