import type { Route } from './+types/tests.public'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listPublicTests } from '#server/assessments/queries.ts'

// GET /api/tests/public: every test card without anyone's standing; no login needed.
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(() => listPublicTests(getServices(context).db))
}
