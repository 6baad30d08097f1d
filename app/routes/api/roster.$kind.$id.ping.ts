import type { Route } from './+types/roster.$kind.$id.ping'
import { FILL_ALL_FIELDS, pingKindSchema, pingSchema } from '#contracts/pings.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { schedulePing } from '#server/discord/pings.ts'
import { apiHandler, NotFound } from '#server/errors.ts'

// POST /api/roster/{events|trainings}/{id}/ping {channelId, pingTime, messageContent, rolesToPing}: the job runner
// sends it at pingTime.
export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const kind = pingKindSchema.safeParse(params.kind)
    if (!kind.success) throw new NotFound()
    const type = kind.data === 'events' ? 'event' : 'training'
    const id = parseId(params.id, type === 'event' ? 'Event' : 'Training')
    const input = parseInput(pingSchema, await readJsonObject(request), FILL_ALL_FIELDS)
    const ping = await schedulePing(getServices(context), admin, type, id, input)
    return Response.json({ message: 'Ping scheduled successfully!', ping }, { status: 201 })
  })
}
