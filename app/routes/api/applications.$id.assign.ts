import type { Route } from './+types/applications.$id.assign'
import { assignInputSchema } from '#contracts/recruitment.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { assignApplication } from '#server/recruitment/pipeline.ts'

// POST /api/applications/{id}/assign {user_id} (admin): the recruiter handling it (an admin), or null for nobody.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Application')
    const { user_id } = parseStrictInput(assignInputSchema, await readJsonObject(request))
    return { application: await assignApplication(getServices(context), admin, id, user_id) }
  })
}
