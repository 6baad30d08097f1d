import type { Route } from './+types/roster.member.$id'
import { parseId } from '#server/lib/request.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { getPublicMember } from '#server/personnel/member-views.ts'

// GET /api/roster/member/{id}: the public member sheet.
export async function loader({ params, context }: Route.LoaderArgs) {
  return apiHandler(() => getPublicMember(getServices(context).db, parseId(params.id, 'Member')))
}
