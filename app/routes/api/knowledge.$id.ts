import type { Route } from './+types/knowledge.$id'
import { packetSchema } from '#contracts/library.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deletePacket, updatePacket } from '#server/library/library.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/knowledge/{id} {id, name, google_doc_url}; DELETE /api/knowledge/{id} (admin).
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Document')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(packetSchema, await readJsonObject(request), 'Please correct the document form.')
      return { message: 'Packet updated successfully!', packet: await updatePacket(services, admin, id, input) }
    }

    await deletePacket(services, admin, id)
    return { message: 'Packet deleted successfully.' }
  })
}
