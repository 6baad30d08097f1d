import type { Route } from './+types/roster.events'
import { eventSchema } from '#contracts/events.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { listAnswer, readListPage } from '#server/http/list-page.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createEvent, listEvents } from '#server/roster/events.ts'

// GET /api/roster/events (admin list, newest first; `?limit=&before=` for one page). POST /api/roster/events {name,
// date, orbat_image_url}: `date` an ISO date-time, or a bare day (YYYY-MM-DD), which starts at 20:00 in the unit's
// time zone.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const page = readListPage(request)
    return listAnswer(request, await listEvents(getServices(context).db, page), page)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(eventSchema, await readJsonObject(request), 'Please correct the event form.')
    const event = await createEvent(getServices(context), admin, input)
    return Response.json({ message: 'Event added successfully.', event }, { status: 201 })
  })
}
