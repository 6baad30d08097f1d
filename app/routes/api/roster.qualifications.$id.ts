import type { Route } from './+types/roster.qualifications.$id'
import { qualificationInputSchema, ROSTER_MESSAGES } from '#contracts/roster.ts'
import { parseId, parseInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { editQualification, removeQualification } from '#server/roster/qualifications.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT and DELETE /api/roster/qualifications/{id}.
export const methods: ApiMethod[] = ['PUT', 'DELETE']

export async function action({ request, params, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const id = parseId(params.id, 'Qualification')
    const services = getServices(context)
    if (request.method === 'PUT') {
      const input = parseInput(
        qualificationInputSchema,
        await readJsonObject(request),
        'Please correct the qualification form.',
      )
      return {
        message: ROSTER_MESSAGES.qualificationUpdated,
        qualification: await editQualification(services, admin, id, input),
      }
    }

    await removeQualification(services, admin, id)
    return { message: ROSTER_MESSAGES.qualificationDeleted }
  })
}
