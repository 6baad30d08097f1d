import type { Route } from './+types/roster.events.$id'
import { eventSchema } from '#contracts/events.ts'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteEvent, updateEvent } from '#server/roster/events.ts'

// PUT and DELETE /api/roster/events/{id}.
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const id = parseId(params.id, 'Event')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(eventSchema, await readJsonObject(request), 'Please correct the event form.')
      return { message: 'Event updated successfully.', event: await updateEvent(services, admin, id, input) }
    }
    if (request.method === 'DELETE') {
      await deleteEvent(services, admin, id)
      return { message: 'Event deleted.' }
    }
    return methodNotAllowed()
  })
}
