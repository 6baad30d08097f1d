import type { Route } from './+types/waitlist.join'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { waitlistJoinSchema } from '#contracts/waitlist.ts'
import { parseInput, readJsonObject } from '#server/admin/request.ts'
import { apiHandler } from '#server/errors.ts'
import { joinTheWaitlist } from '#server/orbat/actions.ts'

// POST /api/waitlist/join (spec 1 §7): body {squad_preference}.
export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const { squad_preference } = parseInput(waitlistJoinSchema, await readJsonObject(request))
    const entry = await joinTheWaitlist(getServices(context), user, squad_preference)
    return { message: 'Successfully joined the waitlist!', entry }
  })
}

