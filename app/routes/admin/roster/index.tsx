import { redirect } from 'react-router'
import type { Route } from './+types/index'
import { rosterTabPath } from './tab-bar.tsx'
import { requirePageUser } from '#server/auth/user.ts'

// /admin/roster opens the Members tab, the default.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  throw redirect(rosterTabPath('members'))
}
