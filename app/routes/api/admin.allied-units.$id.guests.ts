import type { Route } from './+types/admin.allied-units.$id.guests'
import { parseId } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listGuests } from '#server/allies/allies.ts'

// GET /api/admin/allied-units/{id}/guests -> {items}: who joined it by its invite link, with the slot each holds.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Allied unit')
    return { items: await listGuests(getServices(context).db, id) }
  })
}
