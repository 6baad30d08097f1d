import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { rosterTabPath } from './tab-bar.tsx'
import { assertAdminPage } from '#server/auth/user.ts'

// /admin/roster opens the Members tab, the default.
export function loader({ context }: Route.LoaderArgs) {
  assertAdminPage(context)
  throw redirect(rosterTabPath('members'))
}
