import type { Route } from './+types/applications'
import { applicationListQuerySchema, applyInputSchema } from '#contracts/recruitment.ts'
import { parseInput, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices, requestContext } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { assertApplicationRate } from '#server/http/security.ts'
import { apply } from '#server/recruitment/applying.ts'
import { listApplications } from '#server/recruitment/pipeline.ts'

// GET /api/applications[?status=] (admin): the pipeline. POST /api/applications {answers} (a logged-in non-member):
// apply (docs/rules/recruitment.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const { status } = parseInput(applicationListQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    return { applications: await listApplications(getServices(context).db, status) }
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const services = getServices(context)
    assertApplicationRate(services.config, context.get(requestContext).clientIp)
    const { answers } = parseStrictInput(applyInputSchema, await readJsonObject(request))
    return Response.json(await apply(services, user, answers), { status: 201 })
  })
}
