import type { Route } from './+types/roster.trainings'
import { trainingSchema } from '#contracts/trainings.ts'
import { parseInput, readJsonObject } from '#server/http/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createTraining, listTrainings } from '#server/roster/trainings.ts'

// GET /api/roster/trainings (admin list). POST {name, description, date, is_hidden, is_bmt_training}.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listTrainings(getServices(context).db)
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  return apiHandler(async () => {
    const admin = await requireUser(request, context, 'admin')
    const input = parseInput(trainingSchema, await readJsonObject(request), 'Please correct the training form.')
    const training = await createTraining(getServices(context), admin, input)
    return Response.json({ message: 'Training added!', training }, { status: 201 })
  })
}
