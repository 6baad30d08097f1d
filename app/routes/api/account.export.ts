import type { Route } from './+types/account.export'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { accountExport } from '#server/moving/exports.ts'

// GET /api/account/export: everything the app holds about the signed-in person, as a JSON download ("Download my
// data" on /account).
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    const user = await requireUser(request, context)
    const data = await accountExport(getServices(context).db, user)
    return Response.json(data, {
      headers: {
        'Content-Disposition': `attachment; filename="my-data-${user.discord_id}.json"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
}
