import type { Route } from './+types/roster.trainings.public'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listPublicTrainings } from '#server/roster/trainings.ts'

// GET /api/roster/trainings/public: visible upcoming trainings with signup_count and is_signed_up.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const services = getServices(context)
    return listPublicTrainings(services.db, await getUser(services, request))
  })
}
