import type { Route } from './+types/roster.events.$id'
import { eventSchema } from '#contracts/events.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteEvent, updateEvent } from '#server/roster/events.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT and DELETE /api/roster/events/{id}.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Event')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(eventSchema, await readJsonObject(request), 'Please correct the event form.')
      return { message: 'Event updated successfully.', event: await updateEvent(services, admin, id, input) }
    }

    await deleteEvent(services, admin, id)
    return { message: 'Event deleted.' }
  })
}
