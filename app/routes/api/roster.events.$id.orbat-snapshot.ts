import type { Route } from './+types/roster.events.$id.orbat-snapshot'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { freezeNow, getSnapshot } from '#server/orbat/snapshots.ts'

// An operation's frozen ORBAT (docs/rules/orbat-history.md). GET (a logged-in member): {taken_at, taken_by, squads,
// waitlist}, or 404 when none was frozen. POST (admin): freeze the ORBAT now, again if one was, until the operation is
// over (409 then); answers the snapshot.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context)
    return getSnapshot(getServices(context).db, parseId(params.id, 'Event'))
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    return freezeNow(getServices(context), admin, parseId(params.id, 'Event'))
  })
}
