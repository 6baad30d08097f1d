import { Link } from 'react-router'
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

export default function Home() {
  const user = useOptionalUser()
  // The hub's cards are the unit's five places; someone who is not (yet) a member is asked in, above them.
  const outsider = !user?.isMember && !user?.isAdmin
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Unit Hub</h1>
      <p className="mt-1 text-zinc-400">Everything the unit needs for the week, in one place.</p>
      {outsider ? (
        <Link
          to="/join"
          className="group mt-6 flex items-center gap-4 rounded-xl border border-brand-600/60 bg-brand-600/10 p-4 transition hover:border-brand-500 hover:bg-brand-600/15 sm:p-5"
        >
          <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-600 text-zinc-950">
            <RecruitIcon />
          </span>
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="text-lg font-semibold text-zinc-100">Join the Unit</span>
            <span className="text-sm text-zinc-300">
              Who we are, and the application form: apply with your Discord account.
            </span>
          </span>
        </Link>
      ) : null}
      <HubGrid cards={cards} className="mt-8" />
    </main>
  )
}
