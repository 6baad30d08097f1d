import type { Route } from './+types/roster.qualifications.public'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listPublicQualifications } from '#server/roster/qualifications.ts'

// GET /api/roster/qualifications/public: the public roster's qualification filter.
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(() => listPublicQualifications(getServices(context).db))
}
