import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { Link, NavLink } from 'react-router'

// A screen's tabs, one look. Where the current tab lives decides the markup:
// - TabNav: each tab is its own route. Links (they work without JavaScript); the active one is the link to the
//   current path (aria-current="page").
// - Tabs with onSelect: component state. An ARIA tablist of buttons; the arrow keys, Home and End move the focus and
//   the selection, and only the selected tab is in the Tab order.
// - Tabs without onSelect: the URL holds the tab (`?tab=...`) or, before scripts run, every panel is on the page and
//   the tabs are in-page links (`#panel`). Links again, so they work without JavaScript.

const FRAME = 'rounded-lg border border-zinc-800 bg-zinc-950/60 p-1'
const BARS = {
  /** A framed bar that wraps onto more lines on a narrow screen. */
  wrap: `flex flex-wrap gap-1 ${FRAME}`,
  /** A framed bar whose tabs share its width equally. */
  fill: `flex gap-1 ${FRAME}`,
  /** No frame (the bar sits in a toolbar); it scrolls sideways when it does not fit. */
  scroll: 'flex gap-1 overflow-x-auto',
} as const
export type TabsLayout = keyof typeof BARS

function tabClass(active: boolean, layout: TabsLayout) {
  // Shared equally, a tab's label and count stack on a phone rather than run past the bar's edge.
  const shape =
    layout === 'fill'
      ? 'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-1.5 sm:flex-row sm:gap-1.5 sm:px-2'
      : 'shrink-0 px-3'
  const tone = active ? 'bg-zinc-800 text-white' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100'
  return `${shape} whitespace-nowrap rounded-md py-1.5 text-sm font-medium transition ${tone}`
}

/** The ids that tie a tab to its panel (aria-controls, aria-labelledby). */
export const tabId = (idBase: string, id: string) => `${idBase}-${id}-tab`
export const panelId = (idBase: string, id: string) => `${idBase}-${id}`

export function TabNav({
  label,
  tabs,
}: {
  label: string
  /** `end`: active on its own path only, not on the paths under it. */
  tabs: ReadonlyArray<{ to: string; label: string; end?: boolean }>
}) {
  return (
    <nav aria-label={label} className={BARS.wrap}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => tabClass(isActive, 'wrap')}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}

export interface TabItem<Id extends string> {
  id: Id
  label: ReactNode
  /** Where the tab's link goes (tabs without onSelect): a URL with the tab in it, or `#panel`. */
  href?: string
  /** Extra classes of this one tab (e.g. shown only under a CSS condition). */
  className?: string
}

/**
 * A tab bar. With `onSelect`, buttons in a tablist (`idBase` names them so panels can point back: tabId/panelId);
 * without it, links. `active` is the selected tab's id (none: no tab looks selected).
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  active,
  onSelect,
  idBase,
  layout = 'wrap',
  className = '',
}: {
  label: string
  tabs: ReadonlyArray<TabItem<Id>>
  active?: Id
  onSelect?: (id: Id) => void
  idBase?: string
  layout?: TabsLayout
  className?: string
}) {
  const bar = useRef<HTMLDivElement>(null)
  const barClass = `${BARS[layout]} ${className}`
  if (!onSelect) {
    return (
      <nav aria-label={label} className={barClass}>
        {tabs.map((tab) => {
          const current = tab.id === active
          const look = `${tabClass(current, layout)} ${tab.className ?? ''}`
          const href = tab.href ?? `?tab=${tab.id}`
          // An in-page link is a plain anchor: the router would resolve it against the route and reload the page.
          return href.startsWith('#') ? (
            <a key={tab.id} href={href} aria-current={current ? 'page' : undefined} className={look}>
              {tab.label}
            </a>
          ) : (
            <Link
              key={tab.id}
              to={href}
              replace
              preventScrollReset
              aria-current={current ? 'page' : undefined}
              className={look}
            >
              {tab.label}
            </Link>
          )
        })}
      </nav>
    )
  }
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    if (to < 0) return
    event.preventDefault()
    onSelect(tabs[to]!.id)
    bar.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus()
  }
  return (
    <div ref={bar} role="tablist" aria-label={label} className={barClass}>
      {tabs.map((tab, index) => {
        const selected = tab.id === active
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={idBase ? tabId(idBase, tab.id) : undefined}
            aria-selected={selected}
            aria-controls={idBase ? panelId(idBase, tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={`${tabClass(selected, layout)} ${tab.className ?? ''}`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

/** A page of tabs: its title, the tab bar and the current tab. */
export function TabbedPage({
  title,
  tabs,
  width = 'max-w-6xl',
  back,
  children,
}: {
  title: string
  tabs: ReactNode
  width?: string
  /** A way back above the title (an admin page's BackToAdminHub). */
  back?: ReactNode
  children: ReactNode
}) {
  return (
    <main className={`mx-auto ${width} px-4 py-8 sm:px-6 sm:py-12`}>
      {back}
      <h1 className={`text-2xl font-bold tracking-tight sm:text-3xl ${back ? 'mt-2' : ''}`}>{title}</h1>
      <div className="mt-6">{tabs}</div>
      <div className="mt-6">{children}</div>
    </main>
  )
}
