import type { Route } from './+types/roster.qualifications.$id'
import { adminGetNotAllowed, methodNotAllowed, parseId, parseInput, readJsonObject, runAdmin } from '#server/admin/request.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { deleteQualification, qualificationInputSchema, updateQualification } from '#server/roster/qualifications.ts'

// PUT and DELETE /api/roster/qualifications/{id}.
export const loader = adminGetNotAllowed

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(request, context)
    const id = parseId(params.id, 'Qualification')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(qualificationInputSchema, await readJsonObject(request), 'Please correct the qualification form.')
      return { message: 'Qualification updated successfully.', qualification: await runAdmin(services, (tx) => updateQualification(tx, admin, id, input)) }
    }
    if (request.method === 'DELETE') {
      await runAdmin(services, (tx) => deleteQualification(tx, admin, id))
      return { message: 'Qualification deleted.' }
    }
    return methodNotAllowed()
  })
}
