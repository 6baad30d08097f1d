import type { Route } from './+types/roster.trainings'
import { trainingSchema } from '#contracts/trainings.ts'
import { parseInput, readJsonObject } from '#server/lib/request.ts'
import { listAnswer, readListPage } from '#server/http/list-page.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { createTraining, listTrainings } from '#server/roster/trainings.ts'

// GET /api/roster/trainings (admin list, soonest first; `?limit=&before=` for one page, newest first). POST {name,
// description, date, is_hidden, is_bmt_training}.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const page = readListPage(request)
    return listAnswer(request, await listTrainings(getServices(context).db, page), page)
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
