import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { RosterTabBar } from '#app/components/admin-roster/ui.tsx'
import { assertAdminPage } from '#server/auth/user.ts'

// Roster admin (spec 2 §2 "Roster admin"): the tabs Members, Events, Trainings, Qualifications and Promotions are
// links to /admin/roster/<tab>; the tab is the last path segment. Each tab is its own route module.

export function loader({ context }: Route.LoaderArgs) {
  assertAdminPage(context)
  return null
}

export default function RosterAdminLayout() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Roster Management</h1>
      <div className="mt-6">
        <RosterTabBar />
      </div>
      <div className="mt-6">
        <Outlet />
      </div>
    </main>
  )
}

export function meta() {
  return [{ title: 'Roster Management · Task Force HQ' }]
}
