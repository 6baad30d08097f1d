import type { Route } from './+types/roster.trainings.$id.signups'
import { parseId } from '#server/lib/request.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listTrainingSignups } from '#server/roster/trainings.ts'

// GET /api/roster/trainings/{id}/signups (public: the trainings page's attendee list).
export async function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(() => listTrainingSignups(getServices(context).db, parseId(params.id, 'Training')))
}
