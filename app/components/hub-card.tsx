import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * A card of the home hub and the admin hub: a link with an icon, a title and a line of text; `badge` says what waits
 * there (the admin hub's pending leave requests).
 */
function HubCard({
  to,
  title,
  text,
  icon,
  badge,
}: {
  to: string
  title: string
  text: string
  icon: ReactNode
  badge?: ReactNode
}) {
  return (
    <Link
      to={to}
      className="group flex h-full flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5 transition hover:border-brand-600 hover:bg-zinc-900"
    >
      <span className="flex items-start justify-between gap-2">
        <span
          aria-hidden
          className="grid size-10 place-items-center rounded-lg bg-zinc-800 text-brand-400 group-hover:bg-brand-600 group-hover:text-zinc-950"
        >
          {icon}
        </span>
        {badge}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-zinc-400">{text}</p>
    </Link>
  )
}

type Card = Parameters<typeof HubCard>[0]

/** The 1/2/3-column card grid of the hubs. */
export function HubGrid({ cards, className = '' }: { cards: Card[]; className?: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${className}`}>
      {cards.map((card) => (
        <li key={card.to}>
          <HubCard {...card} />
        </li>
      ))}
    </ul>
  )
}
