import { TabNav } from '#app/ui/tabs.tsx'

// The roster admin's tabs, Members first (the default); each is its own route under the layout.

const ROSTER_TABS = [
  { id: 'members', label: 'Members' },
  { id: 'events', label: 'Events' },
  { id: 'trainings', label: 'Trainings' },
  { id: 'qualifications', label: 'Qualifications' },
  { id: 'awards', label: 'Awards' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'leave', label: 'Leave' },
  { id: 'import', label: 'Import' },
] as const
type RosterTab = (typeof ROSTER_TABS)[number]['id']

export const rosterTabPath = (tab: RosterTab) => `/admin/roster/${tab}`

const TAB_LINKS = ROSTER_TABS.map((tab) => ({ to: rosterTabPath(tab.id), label: tab.label }))

export function RosterTabBar() {
  return <TabNav label="Roster admin" tabs={TAB_LINKS} />
}
