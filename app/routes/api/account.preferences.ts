import type { Route } from './+types/account.preferences'
import { preferencesSchema } from '#contracts/language-forms.ts'
import { requireUser } from '#server/auth/user.ts'
import { preferencesOf, savePreferences } from '#server/auth/preferences.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET /api/account/preferences: {language} (null: the browser decides). PUT: {language} (docs/rules/languages.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => preferencesOf(await requireUser(request, context)))
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const input = parseStrictInput(preferencesSchema, await readJsonObject(request))
    return savePreferences(getServices(context).db, user, input)
  })
}
