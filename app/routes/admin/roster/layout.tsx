import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { RosterTabBar } from './tab-bar.tsx'
import { TabbedPage } from '#app/ui/tabs.tsx'
import { assertAdminPage } from '#server/auth/user.ts'

// Roster admin: the tabs Members, Events, Trainings, Qualifications and Promotions are links to /admin/roster/<tab>;
// the tab is the last path segment. Each tab is its own route module.

export function loader({ context }: Route.LoaderArgs) {
  assertAdminPage(context)
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
