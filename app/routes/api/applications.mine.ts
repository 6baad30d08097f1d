import type { Route } from './+types/applications.mine'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { myApplications } from '#server/recruitment/applying.ts'

// GET /api/applications/mine: the caller's own applications with status, reason and history (no recruiters' notes).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return { applications: await myApplications(getServices(context).db, user) }
  })
}
