import type { Route } from './+types/roster.members.$id.profile'
import { parseId } from '#server/lib/request.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { readMemberProfile } from '#server/personnel/record.ts'

// GET /api/roster/members/{id}/profile: the public profile, no login needed; a banned member has none (404).
export async function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(() => readMemberProfile(getServices(context).db, parseId(params.id, 'Member')))
}
