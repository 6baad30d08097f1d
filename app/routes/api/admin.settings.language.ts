import type { Route } from './+types/admin.settings.language'
import { unitLanguageSchema } from '#contracts/language-forms.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { saveSetting } from '#server/settings/admin-settings.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// PUT /api/admin/settings/language: {language}, the unit's default language (docs/rules/languages.md). Audit-logged
// as every setting is.
export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const { language } = parseStrictInput(unitLanguageSchema, await readJsonObject(request))
    const result = await saveSetting(getServices(context), admin, { key: 'unit_language', value: language })
    return { message: 'Setting saved.', language: result.value }
  })
}
