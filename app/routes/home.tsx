import { HubGrid } from '#app/components/hub-card.tsx'
import { LibraryIcon, OrbatIcon, RecruitIcon, RosterIcon, TestIcon, TrainingIcon } from '#app/ui/icons.tsx'
import { useOptionalUser } from '#app/root.tsx'

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

/** For people who are not members: signed out, or signed in without a roster entry. */
const joinCard = {
  to: '/join',
  title: 'Join the Unit',
  text: 'Who we are, and the application form: apply with your Discord account.',
  icon: <RecruitIcon />,
}

export default function Home() {
  const user = useOptionalUser()
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Unit Hub</h1>
      <p className="mt-1 text-zinc-400">Everything the unit needs for the week, in one place.</p>
      <HubGrid cards={user?.isMember ? cards : [...cards, joinCard]} className="mt-8" />
    </main>
  )
}

export function meta() {
  return [{ title: 'Unit Hub · Task Force HQ' }]
}
