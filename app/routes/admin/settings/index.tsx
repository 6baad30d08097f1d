import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { tabPath } from '#app/components/admin-settings/types.ts'
import { requirePageUser } from '#server/auth/user.ts'

// /admin/settings opens the General tab.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  throw redirect(tabPath('general'))
}
