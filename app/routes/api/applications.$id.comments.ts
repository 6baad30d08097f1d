import type { Route } from './+types/applications.$id.comments'
import { commentInputSchema } from '#contracts/recruitment.ts'
import { parseId, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { commentOn } from '#server/recruitment/pipeline.ts'

// POST /api/applications/{id}/comments {text} (admin): a recruiters' note; the applicant never sees it.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Application')
    const { text } = parseStrictInput(commentInputSchema, await readJsonObject(request))
    return Response.json({ comment: await commentOn(getServices(context), admin, id, text) }, { status: 201 })
  })
}
