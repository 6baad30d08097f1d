import type { Route } from './+types/activity.csv'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { activityCsv } from '#server/activity/csv.ts'
import { activityReport } from '#server/activity/report.ts'
import { weeksParam } from '#server/activity/params.ts'

// GET /api/activity.csv?weeks=N (admin): the members of GET /api/activity as CSV, a header row and one row each.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const report = await activityReport(getServices(context).db, weeksParam(request))
    return new Response(activityCsv(report.members), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="activity-${report.from}-to-${report.to}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  })
}
