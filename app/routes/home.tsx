import { Link } from 'react-router'

const cards = [
  { to: '/orbat', title: 'Live ORBAT', text: 'See the order of battle and grab a slot the moment sign-ups open.', icon: '⌖' },
  { to: '/roster', title: 'Company Roster', text: 'Members, ranks, join dates, event scores and qualifications.', icon: '☰' },
  { to: '/trainings', title: 'Training Sign-ups', text: 'Upcoming BMT and general trainings: sign up or leave.', icon: '⚑' },
  { to: '/tests', title: 'Qualification Tests', text: 'Take tests to earn new qualifications and review your results.', icon: '✓' },
  { to: '/library', title: 'Library', text: 'Guides, SOPs and reference documents of the unit.', icon: '❏' },
] as const

export default function Home() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Unit Hub</h1>
      <p className="mt-1 text-zinc-400">Everything the unit needs for the week, in one place.</p>
      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="group flex h-full flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5 transition hover:border-brand-600 hover:bg-zinc-900"
            >
              <span aria-hidden className="grid size-10 place-items-center rounded-lg bg-zinc-800 text-xl text-brand-400 group-hover:bg-brand-600 group-hover:text-zinc-950">
                {card.icon}
              </span>
              <h2 className="text-lg font-semibold">{card.title}</h2>
              <p className="text-sm text-zinc-400">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  )
}

export function meta() {
  return [{ title: 'Unit Hub · Task Force HQ' }]
}
