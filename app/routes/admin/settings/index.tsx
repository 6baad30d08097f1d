import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { tabPath } from '#app/components/admin-settings/types.ts'
import { assertAdminPage } from '#server/auth/user.ts'

// /admin/settings opens the General tab.
export function loader({ context }: Route.LoaderArgs) {
  assertAdminPage(context)
  throw redirect(tabPath('general'))
}
