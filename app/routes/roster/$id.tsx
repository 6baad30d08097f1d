import { data, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/$id'
import { ROSTER_MESSAGES } from '#contracts/roster.ts'
import type { PublicMember } from '#contracts/roster-types.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { MemberDetails, parseMemberTab } from '#app/components/roster/member-details.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { parseId } from '#server/lib/request.ts'
import { getServices } from '#server/context.ts'
import { NotFound } from '#server/errors.ts'
import { logLoadError } from '#server/load-error.ts'
import { getPublicMember } from '#server/personnel/member-views.ts'
import { getUser } from '#server/auth/user.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'
import { fullRecordHref, readMemberProfile } from '#server/personnel/record.ts'
import { AttendanceStrip, ProfileHeader } from '#app/components/personnel/profile.tsx'
import { AdminMemberLinks } from '#app/components/roster/admin-member-links.tsx'
import { ServiceTimeline, trimRecord } from '#app/components/personnel/timeline.tsx'
import { useTimelineTexts } from '#app/components/personnel/timeline-texts.ts'
import { useT } from '#app/ui/i18n.tsx'

// One roster member. The roster page loads this loader with a fetcher (?view=sheet) to fill its side sheet (the
// sheet's content only). As a page it is the member's public profile (docs/rules/personnel.md): rank, slot, time in
// service, awards, attendance, the sheet's tabs and the public part of the service record; without JavaScript a
// roster row links here. The sheet's events and trainings lists show the newest 25 and a link to all
// (?all=events|trainings). Its texts are the catalogs' `member` (the sheet's too, sent with its data), `record` (the
// timeline) and the kit's, in the page's language (docs/rules/languages.md).

const SHEET_VIEW = 'sheet'
/** Events and trainings a list shows, newest first, before "Show all" (?all=events): a long career stays a short page. */
const MEMBER_LIST_SHOWN = 25

/** The member with the newest MEMBER_LIST_SHOWN events and trainings (one list whole when asked), and how many. */
function windowed(whole: PublicMember, all: string | null) {
  return {
    member: {
      ...whole,
      events: all === 'events' ? whole.events : whole.events.slice(0, MEMBER_LIST_SHOWN),
      trainings: all === 'trainings' ? whole.trainings : whole.trainings.slice(0, MEMBER_LIST_SHOWN),
    },
    totals: { events: whole.events.length, trainings: whole.trainings.length },
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const forSheet = url.searchParams.get('view') === SHEET_VIEW
  const all = url.searchParams.get('all')
  const services = getServices(context)
  const messages = await pageMessages(request, context, forSheet ? ['member'] : ['member', 'record', 'kit'])
  try {
    const id = parseId(params.id, 'Member')
    if (forSheet)
      return {
        ...windowed(await getPublicMember(services.db, id), all),
        profile: null,
        error: null,
        recordHref: null,
        messages,
      }
    const viewer = await getUser(services, request)
    const [whole, profile, recordHref] = await Promise.all([
      getPublicMember(services.db, id),
      readMemberProfile(services.db, id),
      fullRecordHref(services.db, viewer, id),
    ])
    const { language } = await pageLanguage(request, context)
    const title = translate(language, 'member.profile.pageTitle', { name: whole.ingame_name })
    return { ...windowed(whole, all), profile: trimRecord(profile, url), error: null, recordHref, messages, title }
  } catch (error) {
    // NOTE: a fetcher's thrown error would replace the whole roster page with its error boundary, so for the sheet
    // the failure is data the sheet shows ('Could not load roster data: ...'). The full page shows the 404 screen, or
    // the generic error screen.
    if (error instanceof NotFound) {
      if (forSheet) {
        const notFound = translate((await pageLanguage(request, context)).language, 'member.details.notFound')
        return data(
          { member: null, totals: null, profile: null, error: notFound, recordHref: null, messages },
          { status: 404 },
        )
      }
      throw data({ error: 'Member not found.' }, { status: 404, statusText: 'Not Found' })
    }
    if (!forSheet) throw error
    logLoadError('member sheet: the member', error)
    return data(
      { member: null, totals: null, profile: null, error: ROSTER_MESSAGES.loadFailed, recordHref: null, messages },
      { status: 500 },
    )
  }
}

export default function RosterMemberPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const t = useT('member.profile')
  const record = useT('record')
  const lines = useTimelineTexts()
  const { member, profile, recordHref } = loaderData
  // Only the sheet asks for ?view=sheet; a person opening that URL still gets the 404 screen's words.
  if (!member || !profile) return <MemberNotFound />
  const tab = parseMemberTab(searchParams.get('tab'))
  const { all: showAll, attendance: hidden } = profile.view
  // The timeline's words are the member's own record page's (the catalogs' `record`).
  const attendanceToggle = showAll ? record('milestonesOnly') : record('showAttendance', { count: hidden })
  const timelineLabel = record('timelineLabel', { name: member.ingame_name })
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/roster" className="text-sm text-zinc-400 hover:text-brand-400">
        {t('back')}
      </Link>
      <section aria-label={t('label')} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
        <ProfileHeader profile={profile} />
        {recordHref ? (
          <p className="mt-3 text-sm">
            <Link to={recordHref} className="text-brand-400 underline">
              {t('fullRecord')}
            </Link>
          </p>
        ) : null}
        <div className="mt-3 empty:hidden">
          <AdminMemberLinks memberId={member.id} name={member.ingame_name} />
        </div>
      </section>
      <section aria-labelledby="attendance-heading" className="flex flex-col gap-3">
        <h2 id="attendance-heading" className="text-lg font-semibold">
          {t('attendance')}
        </h2>
        <AttendanceStrip attendance={profile.attendance} />
      </section>
      <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
        <MemberDetails
          member={member}
          totals={loaderData.totals ?? undefined}
          tab={tab}
          tabHref={(t) => `/roster/${member.id}?tab=${t}`}
        />
      </div>
      <section aria-labelledby="record-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="record-heading" className="text-lg font-semibold">
            {t('serviceRecord')}
          </h2>
          {hidden ? (
            <Link
              to={showAll ? `/roster/${member.id}` : `/roster/${member.id}?record=all`}
              className="text-sm text-brand-400 underline"
              preventScrollReset
            >
              {attendanceToggle}
            </Link>
          ) : null}
        </div>
        <ServiceTimeline entries={profile.entries} label={timelineLabel} texts={lines} />
      </section>
    </main>
  )
}

function MemberNotFound() {
  const t = useT('member')
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-400">{t('details.notFound')}</h1>
      <Link to="/roster" className={buttonClass('muted', 'md')}>
        {t('profile.backToRoster')}
      </Link>
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData && 'title' in loaderData ? loaderData.title : undefined
  return [{ title: title ?? 'Member · Company Roster · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
