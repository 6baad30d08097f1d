import type { Route } from './+types/roster.qualifications'
import { qualificationInputSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { addQualification } from '#server/roster/qualifications.ts'
import { listQualifications } from '#server/roster/qualifications.ts'

// GET /api/roster/qualifications (admin list). POST {name, description, discord_role_id}.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listQualifications(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(
      qualificationInputSchema,
      await readJsonObject(request),
      'Please correct the qualification form.',
    )
    const qualification = await addQualification(getServices(context), admin, input)
    return Response.json({ message: ROSTER_MESSAGES.qualificationAdded, qualification }, { status: 201 })
  })
}
