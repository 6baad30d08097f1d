import type { Route } from './+types/tests.images.$name'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { serveTestImage } from '#server/assessments/images.ts'

// GET /api/tests/images/{name}: an uploaded question image, served as its detected image type only.
export async function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(() => serveTestImage(getServices(context), params.name))
}
