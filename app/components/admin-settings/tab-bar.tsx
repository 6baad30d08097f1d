import { NavLink } from 'react-router'
import { SETTINGS_TABS, tabPath, type SettingsTab } from './types.ts'

const base = 'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition'
const on = 'bg-zinc-800 text-white'
const off = 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100'
const bar = 'flex flex-wrap gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1'

/** The four tabs: links on the pages, buttons (a tablist) in the panel. */
export function TabBar({ active, onSelect }: { active: SettingsTab; onSelect?: (tab: SettingsTab) => void }) {
  if (onSelect) {
    return (
      <div role="tablist" aria-label="Admin Settings" className={bar}>
        {SETTINGS_TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === active}
            onClick={() => onSelect(tab.id)}
            className={`${base} ${tab.id === active ? on : off}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
    )
  }
  return (
    <nav aria-label="Admin Settings" className={bar}>
      {SETTINGS_TABS.map((tab) => (
        <NavLink key={tab.id} to={tabPath(tab.id)} className={({ isActive }) => `${base} ${isActive ? on : off}`}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}
