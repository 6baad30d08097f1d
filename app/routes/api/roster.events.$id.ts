import type { Route } from './+types/roster.events.$id'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteEvent, eventInputSchema, updateEvent } from '#server/roster/events.ts'

// PUT and DELETE /api/roster/events/{id}.
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const id = parseId(params.id, 'Event')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(eventInputSchema, await readJsonObject(request), 'Please correct the event form.')
      return { message: 'Event updated successfully.', event: await runAdmin(services, (tx) => updateEvent(tx, admin, id, input)) }
    }
    if (request.method === 'DELETE') {
      await runAdmin(services, (tx) => deleteEvent(tx, admin, id))
      return { message: 'Event deleted.' }
    }
    return methodNotAllowed()
  })
}
