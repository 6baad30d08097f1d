import { Link } from 'react-router'
import type { Route } from './+types/home'
import { HubGrid } from '#app/components/hub-card.tsx'
import { LibraryIcon, OrbatIcon, RecruitIcon, RosterIcon, TestIcon, TrainingIcon } from '#app/ui/icons.tsx'
import { useOptionalUser } from '#app/root.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { pageMessages } from '#server/http/page-texts.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  return { messages: await pageMessages(request, context, ['home']) }
}

/** The hub's five places; each card's texts are `home.cards.<key>`. */
const cards = [
  { to: '/orbat', key: 'orbat', icon: <OrbatIcon /> },
  { to: '/roster', key: 'roster', icon: <RosterIcon /> },
  { to: '/trainings', key: 'trainings', icon: <TrainingIcon /> },
  { to: '/tests', key: 'tests', icon: <TestIcon /> },
  { to: '/library', key: 'library', icon: <LibraryIcon /> },
] as const

export default function Home() {
  const user = useOptionalUser()
  const t = useT('home')
  // The hub's cards are the unit's five places; someone who is not (yet) a member is asked in, above them.
  const outsider = !user?.isMember && !user?.isAdmin
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-zinc-400">{t('intro')}</p>
      {outsider ? (
        <Link
          to="/join"
          className="group mt-6 flex items-center gap-4 rounded-xl border border-brand-600/60 bg-brand-600/10 p-4 transition hover:border-brand-500 hover:bg-brand-600/15 sm:p-5"
        >
          <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-600 text-zinc-950">
            <RecruitIcon />
          </span>
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="text-lg font-semibold text-zinc-100">{t('join.title')}</span>
            <span className="text-sm text-zinc-300">{t('join.text')}</span>
          </span>
        </Link>
      ) : null}
      <HubGrid
        cards={cards.map(({ to, key, icon }) => ({
          to,
          icon,
          title: t(`cards.${key}.title`),
          text: t(`cards.${key}.text`),
        }))}
        className="mt-8"
      />
    </main>
  )
}
