import type { Route } from './+types/applications.$id.status'
import { applicationStatusInputSchema } from '#contracts/recruitment.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { moveApplication } from '#server/recruitment/pipeline.ts'

// POST /api/applications/{id}/status {status, reason} (admin): accepted creates the roster member; rejected needs a
// reason the applicant reads.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Application')
    const input = parseStrictInput(applicationStatusInputSchema, await readJsonObject(request))
    return moveApplication(getServices(context), admin, id, input)
  })
}
