import { Link, useLocation } from 'react-router'
import type { Route } from './+types/route'
import { TRAINING_INTENTS, TRAININGS_PATH, TrainingList, type ListedTraining } from './training-row.tsx'
import { failWithToast, idOf, readFormPost, succeed } from '#app/forms/respond.ts'
import { AddToCalendar } from '#app/components/add-to-calendar.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { OlderPager } from '#app/ui/pager.tsx'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { parseCursor } from '#contracts/paging.ts'
import { getUser } from '#server/auth/user.ts'
import { getServices, requestContext } from '#server/context.ts'
import { assertSignupRate } from '#server/http/security.ts'
import { Invalid, NotFound } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'
import { useT } from '#app/ui/i18n.tsx'
import {
  leaveTraining,
  listTrainingSignups,
  publicTrainingsPage,
  SIGNUP_LIST_MAX,
  signupPreviews,
  signUpToTraining,
  trainingSignUpRefusal,
} from '#server/roster/trainings.ts'

// The public trainings page (docs/rules/roster.md, trainings): BMT and general trainings, sign up and leave, and one
// page of past trainings (Show older: ?before=<cursor>). The first ten upcoming show ("Show all upcoming
// trainings": ?upcoming=all). Each training names its first sign-ups; "Show all" (a link: ?signups=<id>) lists the
// rest. The forms post here (intent signup | leave, id); the action calls the same use cases as
// POST /api/roster/trainings/{id}/signup and /leave and answers with a redirect carrying the server's message as a
// flash toast, so it works without JavaScript. With it a fetcher posts and follows the redirect in place
// (X-Remix-Replace: the history entry is replaced, not added). Its texts are the `trainings` namespace of the catalogs;
// the toasts of a sign-up or a refusal are the use cases' own, shared with the /api, and stay English.

const BACK = { to: TRAININGS_PATH, headers: { 'X-Remix-Replace': 'true' } }
const CHANGES = new Map<string, typeof signUpToTraining>([
  [TRAINING_INTENTS.signup, signUpToTraining],
  [TRAINING_INTENTS.leave, leaveTraining],
])

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const url = new URL(request.url)
  const before = parseCursor(url.searchParams.get('before') ?? '')
  const expanded = idOf(url.searchParams.get('signups'))
  const allUpcoming = url.searchParams.get('upcoming') === 'all'
  const [user, { language }] = await Promise.all([getUser(services, request), pageLanguage(request, context)])
  const load = async () => {
    const page = await publicTrainingsPage(services.db, user, { before, allUpcoming })
    const shown = [...page.upcoming, ...page.past]
    // The names of the page's trainings in one query; the whole list only for the one asked for.
    const [previews, all] = await Promise.all([
      signupPreviews(
        services.db,
        shown.map((t) => t.id),
      ),
      expanded !== null && shown.some((t) => t.id === expanded)
        ? listTrainingSignups(services.db, expanded, SIGNUP_LIST_MAX)
        : null,
    ])
    const listed = <T extends { id: number }>(t: T) => ({
      ...t,
      signups: (t.id === expanded && all) || previews.get(t.id) || [],
      expanded: t.id === expanded && all !== null,
    })
    return {
      upcoming: page.upcoming.map(listed),
      moreUpcoming: page.moreUpcoming,
      past: page.past.map(listed),
      older: page.older,
    }
  }
  const empty = { upcoming: [], moreUpcoming: false, past: [], older: null }
  const [data, signUpRefusal, messages] = await Promise.all([
    withLoadError('trainings page', load, empty, translate(language, 'trainings.loadFailed')),
    // Sign Up is offered only when it can succeed; otherwise the page shows why (banned, not on the roster).
    user ? trainingSignUpRefusal(services.db, user) : null,
    pageMessages(request, context, ['trainings']),
  ])
  return { ...data, signedIn: Boolean(user), signUpRefusal, appUrl: services.config.appUrl, messages }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readFormPost(request, context)
  const services = getServices(context)
  const { language } = await pageLanguage(request, context)
  let message: string
  try {
    assertSignupRate(services.config, context.get(requestContext).clientIp)
    const change = CHANGES.get(post.intent)
    if (!change) throw new Invalid(translate(language, 'trainings.toast.unknownAction'))
    const id = idOf(post.form.get('id'))
    if (id === null) throw new NotFound(translate(language, 'trainings.toast.notFound'))
    ;({ message } = await change(services, await getUser(services, request), id))
  } catch (error) {
    return failWithToast(post, error, translate(language, 'trainings.toast.failed'), BACK)
  }
  return succeed(post, message, BACK)
}

export default function TrainingsPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, moreUpcoming, past, older, signedIn, signUpRefusal, loadError, appUrl } = loaderData
  const bmt: ListedTraining[] = upcoming.filter((t) => t.is_bmt_training)
  const general: ListedTraining[] = upcoming.filter((t) => !t.is_bmt_training)
  const t = useT('trainings')
  const viewer = { signedIn, signUpRefusal: signUpRefusal ? t(`refusal.${signUpRefusal}`) : null }
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-zinc-400">{t('intro')}</p>
      <div className="mt-4 flex flex-col gap-1">
        <AddToCalendar
          appUrl={appUrl}
          path="/calendar/unit.ics"
          texts={{
            label: t('calendar.label'),
            caption: t('calendar.caption'),
            subscribe: t('calendar.subscribe'),
            google: t('calendar.google'),
            download: t('calendar.download'),
          }}
        />
        <p className="text-xs text-zinc-500">
          {t('calendar.unit')}{' '}
          {signedIn ? (
            <a href="/account" className="text-brand-400 underline">
              {t('calendar.personal')}
            </a>
          ) : null}
        </p>
      </div>

      <div className="mt-8 flex flex-col gap-10">
        {loadError ? (
          <p role="alert" className="rounded-md border border-red-900 bg-red-950/40 px-4 py-3 text-sm text-red-300">
            {loadError}
          </p>
        ) : upcoming.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : null}
        {bmt.length ? (
          <section aria-labelledby="bmt-trainings">
            <h2 id="bmt-trainings" className="mb-3 text-lg font-semibold">
              {t('bmt')}
            </h2>
            <TrainingList trainings={bmt} viewer={viewer} />
          </section>
        ) : null}
        {general.length ? (
          <section
            aria-labelledby={bmt.length ? 'general-trainings' : undefined}
            aria-label={bmt.length ? undefined : t('upcomingLabel')}
          >
            {/* The general heading only separates the two groups, so it shows only after BMT trainings. */}
            {bmt.length ? (
              <h2 id="general-trainings" className="mb-3 text-lg font-semibold">
                {t('general')}
              </h2>
            ) : null}
            <TrainingList trainings={general} viewer={viewer} />
          </section>
        ) : null}
        {moreUpcoming ? <ShowAllUpcoming /> : null}
        {past.length || older ? (
          <section id="past-trainings" aria-labelledby="past-trainings-heading" className="scroll-mt-20">
            <h2 id="past-trainings-heading" className="mb-3 text-lg font-semibold">
              {t('past')}
            </h2>
            <TrainingList trainings={past} viewer={null} />
            <OlderPager
              older={older}
              anchor="past-trainings"
              label={t('older.label')}
              texts={{ newest: t('older.newest'), showOlder: t('older.showOlder') }}
              className="mt-3"
            />
          </section>
        ) : null}
      </div>
    </main>
  )
}

/** More trainings are coming than the page shows at first: a link to all of them (no JavaScript needed). */
function ShowAllUpcoming() {
  const location = useLocation()
  const t = useT('trainings')
  const [path, query = ''] = hrefWithState(location).split('?')
  const params = new URLSearchParams(query)
  params.set('upcoming', 'all')
  return (
    <p className="-mt-6">
      <Link to={`${path}?${params.toString()}`} className="text-sm text-brand-400 hover:underline">
        {t('showAllUpcoming')}
      </Link>
    </p>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const trainings = loaderData?.messages['trainings'] as { pageTitle?: string; pageDescription?: string } | undefined
  return [
    { title: trainings?.pageTitle ?? 'Trainings · Task Force HQ' },
    {
      name: 'description',
      content: trainings?.pageDescription ?? 'Upcoming BMT and general trainings: sign up or leave.',
    },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
