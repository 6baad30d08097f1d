import type { Route } from './+types/applications.$id'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getApplication } from '#server/recruitment/application-views.ts'

// GET /api/applications/{id}: an admin's full view; the applicant's own without the recruiters' comments; else 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const id = parseId(params.id, 'Application')
    return { application: await getApplication(getServices(context).db, user, id) }
  })
}
