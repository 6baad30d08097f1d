import { Outlet, useLocation } from 'react-router'
import type { Route } from './+types/layout'
import { SETTINGS_TABS, tabPath } from '#app/components/admin-settings/types.ts'
import { useT } from '#app/ui/i18n.tsx'
import { TabNav } from '#app/ui/tabs.tsx'
import { requirePageUser } from '#server/auth/user.ts'

// Admin Settings as pages: the same four tabs the ORBAT editor's side panel shows, as links, for direct use and for
// browsers without JavaScript. The tab's loader sends the texts (`adminSettings`): every settings page is one of its tabs.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  return null
}

export default function AdminSettingsLayout() {
  const t = useT('adminSettings')
  const location = useLocation()
  const tabs = SETTINGS_TABS.map((tab) => ({ to: tabPath(tab), label: t(`tabs.${tab}`) }))
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
      <div className="mt-6">
        <TabNav label={t('title')} tabs={tabs} />
      </div>
      {/* A tab's forms re-mount on every navigation: after the redirect of a successful post they start over. */}
      <div className="mt-6" key={location.key}>
        <Outlet />
      </div>
    </main>
  )
}

export function meta() {
  return [{ title: 'Admin Settings · Task Force HQ' }]
}
