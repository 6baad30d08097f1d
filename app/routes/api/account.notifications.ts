import type { Route } from './+types/account.notifications'
import { notificationPreferencesInputSchema } from '#contracts/notifications.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { parseStrictInput, readJsonObject } from '#server/lib/request.ts'
import { getPreferences, setPreferences } from '#server/notifications/subscriptions.ts'
import type { ApiMethod } from '#server/http/api-methods.ts'

// GET /api/account/notifications: per kind, {push, discord}. PUT: the kinds to change (docs/rules/notifications.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    return getPreferences(getServices(context).db, user)
  })
}

export const methods: ApiMethod[] = ['PUT']

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const input = parseStrictInput(notificationPreferencesInputSchema, await readJsonObject(request))
    return setPreferences(getServices(context), user, input)
  })
}
