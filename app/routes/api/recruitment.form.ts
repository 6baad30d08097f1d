import type { Route } from './+types/recruitment.form'
import { recruitmentFormInputSchema } from '#contracts/recruitment.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'
import { publicForm, saveForm } from '#server/recruitment/form.ts'

// GET /api/recruitment/form (anyone): the unit's application form. PUT (admin): the whole form, `intro` as rich text.
export async function loader({ context }: Route.LoaderArgs) {
  return apiHandler(async () => publicForm(getServices(context).db))
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseStrictInput(recruitmentFormInputSchema, await readJsonObject(request))
    return saveForm(getServices(context), admin, input)
  })
}
