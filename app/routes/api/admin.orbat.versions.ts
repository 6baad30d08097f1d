import type { Route } from './+types/admin.orbat.versions'
import { versionsQuerySchema } from '#contracts/orbat-history.ts'
import { parseInput } from '#server/lib/request.ts'
import { requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { apiHandler } from '#server/errors.ts'
import { listVersions } from '#server/orbat/history.ts'

// GET /api/admin/orbat/versions?limit=N (docs/rules/orbat-history.md): [{id, at, by, via, summary}], newest first.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    const { limit } = parseInput(versionsQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    return listVersions(getServices(context).db, limit)
  })
}
