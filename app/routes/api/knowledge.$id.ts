import type { Route } from './+types/knowledge.$id'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deletePacket, packetInputSchema, updatePacket } from '#server/library/library.ts'

// PUT /api/knowledge/{id} {id, name, google_doc_url}; DELETE /api/knowledge/{id} (admin).
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const id = parseId(params.id, 'Document')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(packetInputSchema, await readJsonObject(request), 'Please correct the document form.')
      return { message: 'Packet updated successfully!', packet: await runAdmin(services, (tx) => updatePacket(tx, admin, id, input)) }
    }
    if (request.method === 'DELETE') {
      await runAdmin(services, (tx) => deletePacket(tx, admin, id))
      return { message: 'Packet deleted successfully.' }
    }
    return methodNotAllowed()
  })
}
