import type { Route } from './+types/loa'
import { leaveListQuerySchema, leaveRequestSchema } from '#contracts/leave.ts'
import { parseInput, parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listLeaves, requestLeave } from '#server/leave/leave.ts'

// GET /api/loa[?status=pending|approved|denied|active]: a member's own leave; an admin's: everyone's.
// POST /api/loa {start_date, end_date, reason}: a member on the roster asks for leave (docs/rules/personnel.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const { status } = parseInput(leaveListQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    return { leaves: await listLeaves(getServices(context).db, user, status) }
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const input = parseStrictInput(leaveRequestSchema, await readJsonObject(request))
    const leave = await requestLeave(getServices(context), user, input)
    return Response.json({ leave }, { status: 201 })
  })
}
