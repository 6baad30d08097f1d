import type { Route } from './+types/knowledge.$id'
import { packetSchema } from '#contracts/library.ts'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deletePacket, updatePacket } from '#server/library/library.ts'

// PUT /api/knowledge/{id} {id, name, google_doc_url}; DELETE /api/knowledge/{id} (admin).
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const id = parseId(params.id, 'Document')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(packetSchema, await readJsonObject(request), 'Please correct the document form.')
      return { message: 'Packet updated successfully!', packet: await updatePacket(services, admin, id, input) }
    }
    if (request.method === 'DELETE') {
      await deletePacket(services, admin, id)
      return { message: 'Packet deleted successfully.' }
    }
    return methodNotAllowed()
  })
}
