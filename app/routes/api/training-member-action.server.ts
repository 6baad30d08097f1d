import type { RouterContextProvider } from 'react-router'
import { parseId } from '#server/lib/request.ts'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import type { signUpToTraining } from '#server/roster/trainings.ts'

// The action of POST /api/roster/trainings/{id}/signup and /leave: a member's own change, {message} or {error}. The use
// case refuses a visitor who is not logged in.

interface ActionArgs {
  request: Request
  params: { id?: string }
  context: Readonly<RouterContextProvider>
}

export function memberTrainingAction(change: typeof signUpToTraining) {
  return ({ request, params, context }: ActionArgs) =>
    apiHandler(async () => {
      const services = getServices(context)
      return change(services, await getUser(services, request), parseId(params.id, 'Training'))
    })
}
