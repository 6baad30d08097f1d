import type { ReactNode } from 'react'
import { NavLink } from 'react-router'

// A page's tabs as links (each tab is its own route, so they work without JavaScript); the active one is the link
// to the current path (aria-current="page").

export interface TabLink {
  to: string
  label: string
}

export function TabNav({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  const base = 'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition'
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `${base} ${isActive ? 'bg-zinc-800 text-white' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100'}`}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}

/** A page of tabs: its title, the tab bar and the current tab. */
export function TabbedPage({ title, tabs, width = 'max-w-6xl', children }: { title: string; tabs: ReactNode; width?: string; children: ReactNode }) {
  return (
    <main className={`mx-auto ${width} px-4 py-8 sm:px-6 sm:py-12`}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-6">{tabs}</div>
      <div className="mt-6">{children}</div>
    </main>
  )
}
