import type { ReactNode } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import type { PublicTraining, TrainingItem, TrainingSignupItem } from '#contracts/trainings.ts'
import { BmtBadge, LocalTime } from '#app/components/roster/ui.tsx'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { buttonClass } from '#app/ui/button.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { useT } from '#app/ui/i18n.tsx'

// One training on the public trainings page: BMT badge, name, local date/time, sign-up count, Sign Up / Leave / 'Login
// to Sign Up' (upcoming trainings only), and an expander with the description and the first attendees; "Show all" asks
// the page for the whole list (a link, so it works without JavaScript). Its texts are `trainings.row` in the catalogs;
// the training's name and description are the unit's own and stay as written.

export const TRAININGS_PATH = '/trainings'
export const TRAINING_INTENTS = { signup: 'signup', leave: 'leave' } as const
const LOGIN_HREF = `/auth/discord?returnTo=${encodeURIComponent(TRAININGS_PATH)}`

/** A training as the page lists it: upcoming (with the viewer's sign-up) or past, with the attendees it names. */
export type ListedTraining = (PublicTraining | TrainingItem) & {
  signups: TrainingSignupItem[]
  /** Its whole list was asked for (?signups=<id>): the expander is open on it. */
  expanded: boolean
}

/**
 * `signUpRefusal`: why this member can sign up to no training (banned, not on the roster), in the page's language, or
 * null.
 */
interface Viewer {
  signedIn: boolean
  signUpRefusal: string | null
}

/** `viewer`: null for past trainings, which offer no sign-up. */
export function TrainingList({ trainings, viewer }: { trainings: ListedTraining[]; viewer: Viewer | null }) {
  return (
    <ul className="flex flex-col gap-3">
      {trainings.map((t) => (
        <TrainingRow key={t.id} training={t} viewer={viewer} />
      ))}
    </ul>
  )
}

function TrainingRow({ training, viewer }: { training: ListedTraining; viewer: Viewer | null }) {
  const t = useT('trainings.row')
  const headingId = `training-${training.id}-name`
  return (
    <li>
      <article
        id={`training-${training.id}`}
        aria-labelledby={headingId}
        data-testid="training"
        className="scroll-mt-20 rounded-xl border border-zinc-800 bg-zinc-900/60"
      >
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            {/* The badge sits inline, so a long name wraps beside it rather than below it. */}
            <div>
              {training.is_bmt_training ? <BmtBadge className="mr-2 align-[2px]" /> : null}
              <h3 id={headingId} className="inline font-semibold text-zinc-100">
                {training.name}
              </h3>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-400">
              <span className="inline-flex items-center gap-1.5">
                <CalendarIcon />
                <LocalTime iso={training.date} />
              </span>
              <span className="inline-flex items-center gap-1.5" data-testid="signup-count">
                <PeopleIcon />
                {t('signedUp', { count: training.signup_count })}
              </span>
            </div>
          </div>
          {viewer && 'is_signed_up' in training ? (
            <div className="shrink-0">
              <TrainingAction training={training} viewer={viewer} />
            </div>
          ) : null}
        </div>
        <details className="group border-t border-zinc-800" open={training.expanded || undefined}>
          <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm text-zinc-400 select-none hover:text-zinc-100 [&::-webkit-details-marker]:hidden">
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              aria-hidden
              className="size-4 transition-transform group-open:rotate-90"
            >
              <path d="M7.2 4.2a.75.75 0 0 1 1.06 0l5.25 5.27a.75.75 0 0 1 0 1.06L8.26 15.8a.75.75 0 1 1-1.06-1.06L11.92 10 7.2 5.26a.75.75 0 0 1 0-1.06Z" />
            </svg>
            {t('details')}
          </summary>
          <div className="grid gap-4 px-4 pt-1 pb-4 sm:grid-cols-2">
            <div>
              <h4 className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{t('description')}</h4>
              <p className="mt-1 text-sm whitespace-pre-line text-zinc-300">
                {training.description || t('noDescription')}
              </p>
            </div>
            <Attendees training={training} />
          </div>
        </details>
      </article>
    </li>
  )
}

/** The attendees the page has (the first few, or all when asked), and the way to the rest. */
function Attendees({ training }: { training: ListedTraining }) {
  const location = useLocation()
  const t = useT('trainings.row')
  const { signups, signup_count: total } = training
  const rest = total - signups.length
  const showAll = () => {
    const [path, query = ''] = hrefWithState(location).split('?')
    const params = new URLSearchParams(query)
    params.set('signups', String(training.id))
    return `${path}?${params.toString()}#training-${training.id}`
  }
  return (
    <div>
      <h4 className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{t('attendees', { count: total })}</h4>
      {signups.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-400">{t('noAttendees')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1.5" aria-label={t('attendeesOf', { name: training.name })}>
          {signups.map((s) => (
            <li key={s.id} className="flex items-center gap-2 text-sm text-zinc-200">
              <Avatar src={s.avatar} name={s.ingame_name} size={6} />
              {s.ingame_name}
            </li>
          ))}
        </ul>
      )}
      {rest > 0 ? (
        training.expanded ? (
          <p className="mt-2 text-sm text-zinc-400">{t('andMore', { count: rest })}</p>
        ) : (
          <Link
            to={showAll()}
            className="mt-2 inline-block text-sm text-brand-400 hover:underline"
            aria-label={t('showAllOf', { count: total, name: training.name })}
          >
            {t('showAll', { count: total })}
          </Link>
        )
      ) : null}
    </div>
  )
}

/**
 * Sign Up / Leave post to the page's action (intent + id). Without JavaScript that is a form round trip ending in a
 * redirect with a flash toast; with it a fetcher posts in place, and the redirect brings the toast and fresh data.
 */
function TrainingAction({ training, viewer }: { training: PublicTraining; viewer: Viewer }) {
  const fetcher = useFetcher()
  const t = useT('trainings.row')
  if (!viewer.signedIn) {
    return (
      <a href={LOGIN_HREF} className={buttonClass('accent', 'sm')}>
        {t('loginToSignUp')}
      </a>
    )
  }
  if (training.has_started) {
    return (
      <span className="inline-flex h-9 min-w-28 shrink-0 items-center justify-center rounded-md border border-zinc-800 px-3 text-sm text-zinc-500">
        {t('started')}
      </span>
    )
  }
  const busy = fetcher.state !== 'idle'
  const leaving = training.is_signed_up
  if (!leaving && viewer.signUpRefusal) {
    // A sign-up the server would refuse: the control disabled, the reason beside it.
    const reasonId = `training-${training.id}-refusal`
    return (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <button
          type="button"
          disabled
          aria-describedby={reasonId}
          className={`${buttonClass('secondary', 'sm')} min-w-28`}
        >
          {t('signUp')}
        </button>
        <p id={reasonId} className="max-w-64 text-xs text-amber-400 sm:text-right" data-testid="signup-refusal">
          {viewer.signUpRefusal}
        </p>
      </div>
    )
  }
  return (
    <fetcher.Form method="post" action={TRAININGS_PATH} preventScrollReset>
      <input type="hidden" name="intent" value={leaving ? TRAINING_INTENTS.leave : TRAINING_INTENTS.signup} />
      <input type="hidden" name="id" value={training.id} />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={t(leaving ? 'leaveTraining' : 'signUpFor', { name: training.name })}
        className={`${buttonClass(leaving ? 'danger' : 'primary', 'sm')} min-w-28`}
      >
        {leaving ? t('leave') : t('signUp')}
      </button>
    </fetcher.Form>
  )
}

/** A 20 px outline glyph of the row's facts. */
function RowIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      aria-hidden
      className="size-4 shrink-0"
    >
      {children}
    </svg>
  )
}

function CalendarIcon() {
  return (
    <RowIcon>
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
    </RowIcon>
  )
}

function PeopleIcon() {
  return (
    <RowIcon>
      <circle cx="7.5" cy="7" r="2.75" />
      <path d="M2.5 16a5 5 0 0 1 10 0M13.5 4.5a2.75 2.75 0 0 1 0 5M15 12a5 5 0 0 1 2.5 4" strokeLinecap="round" />
    </RowIcon>
  )
}
