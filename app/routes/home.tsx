import { HubGrid } from '#app/components/hub-card.tsx'
import { LibraryIcon, OrbatIcon, RosterIcon, TestIcon, TrainingIcon } from '#app/ui/icons.tsx'

const cards = [
  {
    to: '/orbat',
    title: 'Live ORBAT',
    text: 'See the order of battle and grab a slot the moment sign-ups open.',
    icon: <OrbatIcon />,
  },
  {
    to: '/roster',
    title: 'Company Roster',
    text: 'Members, ranks, join dates, event scores and qualifications.',
    icon: <RosterIcon />,
  },
  {
    to: '/trainings',
    title: 'Training Sign-ups',
    text: 'Upcoming BMT and general trainings: sign up or leave.',
    icon: <TrainingIcon />,
  },
  {
    to: '/tests',
    title: 'Qualification Tests',
    text: 'Take tests to earn new qualifications and review your results.',
    icon: <TestIcon />,
  },
  {
    to: '/library',
    title: 'Library',
    text: 'Guides, SOPs and reference documents of the unit.',
    icon: <LibraryIcon />,
  },
]

export default function Home() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Unit Hub</h1>
      <p className="mt-1 text-zinc-400">Everything the unit needs for the week, in one place.</p>
      <HubGrid cards={cards} className="mt-8" />
    </main>
  )
}

export function meta() {
  return [{ title: 'Unit Hub · Task Force HQ' }]
}
