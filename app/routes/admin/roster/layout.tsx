import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { RosterTabBar } from './tab-bar.tsx'
import { TabbedPage } from '#app/ui/tabs.tsx'
import { requirePageUser } from '#server/auth/user.ts'

// Roster admin: the tabs Members, Events, Trainings, Qualifications, Awards, Promotions, Leave and Import are links to
// /admin/roster/<tab>;
// the tab is the last path segment. Each tab is its own route module.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  return null
}

export default function RosterAdminLayout() {
  return (
    <TabbedPage title="Roster Management" tabs={<RosterTabBar />}>
      <Outlet />
    </TabbedPage>
  )
}

export function meta() {
  return [{ title: 'Roster Management · Task Force HQ' }]
}
