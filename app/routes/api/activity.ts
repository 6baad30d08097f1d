import type { Route } from './+types/activity'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { activityReport } from '#server/activity/report.ts'
import { weeksParam } from '#server/activity/params.ts'

// GET /api/activity?weeks=N (admin): every member's attendance, rate, reliability and trend, and the window's
// sessions (docs/rules/activity.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return activityReport(getServices(context).db, weeksParam(request))
  })
}
