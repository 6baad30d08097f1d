import type { ReactNode } from 'react'
import { NavLink } from 'react-router'

// A screen's tabs, one look: links on a page (each tab is its own route, so they work without JavaScript; the active
// one is the link to the current path, aria-current="page"), or a tablist of buttons where the tabs are component
// state (a screen embedded in a panel).

export interface TabLink {
  to: string
  label: string
}

const BAR = 'flex flex-wrap gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1'
const tabClass = (active: boolean) =>
  `shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition ${active ? 'bg-zinc-800 text-white' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100'}`

export function TabNav({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label} className={BAR}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={({ isActive }) => tabClass(isActive)}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}

/** The same tabs as buttons (role=tablist): `active` is the selected tab's id, `onSelect` switches. */
export function TabList<Id extends string>({
  label,
  tabs,
  active,
  onSelect,
}: {
  label: string
  tabs: ReadonlyArray<{ id: Id; label: string }>
  active: Id
  onSelect: (id: Id) => void
}) {
  return (
    <div role="tablist" aria-label={label} className={BAR}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === active}
          onClick={() => onSelect(tab.id)}
          className={tabClass(tab.id === active)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** A page of tabs: its title, the tab bar and the current tab. */
export function TabbedPage({
  title,
  tabs,
  width = 'max-w-6xl',
  children,
}: {
  title: string
  tabs: ReactNode
  width?: string
  children: ReactNode
}) {
  return (
    <main className={`mx-auto ${width} px-4 py-8 sm:px-6 sm:py-12`}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-6">{tabs}</div>
      <div className="mt-6">{children}</div>
    </main>
  )
}
