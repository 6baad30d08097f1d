import type { Route } from './+types/admin.audit-log'
import { getServices } from '#server/context.ts'
import { requireAdmin } from '#server/auth/user.ts'
import { apiHandler } from '#server/errors.ts'
import { listAuditLog } from '#server/audit/audit.ts'

// GET /api/admin/audit-log (spec 2 §7): polled every 15 s by the admin screens.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireAdmin(request, context)
    const limit = Number(new URL(request.url).searchParams.get('limit') ?? 100)
    return listAuditLog(getServices(context).db, Number.isFinite(limit) ? limit : 100)
  })
}
