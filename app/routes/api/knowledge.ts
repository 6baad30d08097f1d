import type { Route } from './+types/knowledge'
import { packetSchema } from '#contracts/library.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createPacket, listPackets } from '#server/library/library.ts'

// GET /api/knowledge (public). POST /api/knowledge {name, google_doc_url} (admin).
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(() => listPackets(getServices(context).db))
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(packetSchema, await readJsonObject(request), 'Please correct the document form.')
    const packet = await createPacket(getServices(context), admin, input)
    return Response.json({ message: 'Packet created successfully!', packet }, { status: 201 })
  })
}
