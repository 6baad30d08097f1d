import type { Route } from './+types/admin.audit-log'
import { strictNumber } from '#contracts/fields.ts'
import { getServices } from '#server/context.ts'
import { requireUser } from '#server/auth/user.ts'
import { apiHandler } from '#server/errors.ts'
import { listAuditLog } from '#server/audit/audit.ts'

// GET /api/admin/audit-log: polled every 15 s by the admin screens.
export async function loader({ request, context }: Route.LoaderArgs) {
  return apiHandler(async () => {
    await requireUser(request, context, 'admin')
    return listAuditLog(
      getServices(context).db,
      strictNumber(new URL(request.url).searchParams.get('limit'), true) ?? 100,
    )
  })
}
