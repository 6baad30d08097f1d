import { data, Link, useSearchParams } from 'react-router'
import type { Route } from './+types/$id'
import { ROSTER_MESSAGES } from '#contracts/roster.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { MemberDetails, parseMemberTab } from '#app/components/roster/member-details.tsx'
import { RankBadge } from '#app/components/roster/ui.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { parseId } from '#server/http/request.ts'
import { getServices } from '#server/context.ts'
import { NotFound } from '#server/errors.ts'
import { logLoadError } from '#server/load-error.ts'
import { getPublicMember } from '#server/roster/members.ts'

// One roster member (the member sheet's content). The roster page loads this loader with a fetcher (?view=sheet) to
// fill its side sheet; without JavaScript a roster row links here and this is a full page with the same content. The
// events and trainings lists show the newest 25 and a link to all (?all=events|trainings).

const SHEET_VIEW = 'sheet'
/** Events and trainings a list shows, newest first, before "Show all" (?all=events): a long career stays a short page. */
const MEMBER_LIST_SHOWN = 25

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const forSheet = url.searchParams.get('view') === SHEET_VIEW
  const all = url.searchParams.get('all')
  try {
    const whole = await getPublicMember(getServices(context).db, parseId(params.id, 'Member'))
    const totals = { events: whole.events.length, trainings: whole.trainings.length }
    const member = {
      ...whole,
      events: all === 'events' ? whole.events : whole.events.slice(0, MEMBER_LIST_SHOWN),
      trainings: all === 'trainings' ? whole.trainings : whole.trainings.slice(0, MEMBER_LIST_SHOWN),
    }
    return { member, totals, error: null }
  } catch (error) {
    // NOTE: a fetcher's thrown error would replace the whole roster page with its error boundary, so for the sheet
    // the failure is data the sheet shows ('Could not load roster data: ...'). The full page shows the 404 screen, or
    // the generic error screen.
    if (error instanceof NotFound) {
      if (forSheet) return data({ member: null, totals: null, error: 'Member not found.' }, { status: 404 })
      throw data({ error: 'Member not found.' }, { status: 404, statusText: 'Not Found' })
    }
    if (!forSheet) throw error
    logLoadError('member sheet: the member', error)
    return data({ member: null, totals: null, error: ROSTER_MESSAGES.loadFailed }, { status: 500 })
  }
}

export default function RosterMemberPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const member = loaderData.member
  // Only the sheet asks for ?view=sheet; a person opening that URL still gets the 404 screen's words.
  if (!member) return <MemberNotFound />
  const tab = parseMemberTab(searchParams.get('tab'))
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/roster" className="text-sm text-zinc-400 hover:text-brand-400">
        ← Company Roster
      </Link>
      <div className="mt-3 mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{member.ingame_name}</h1>
        <RankBadge rank={member.rank} />
      </div>
      <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 sm:p-5">
        <MemberDetails
          member={member}
          totals={loaderData.totals ?? undefined}
          tab={tab}
          tabHref={(t) => `/roster/${member.id}?tab=${t}`}
        />
      </div>
    </main>
  )
}

function MemberNotFound() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-400">Member not found.</h1>
      <Link to="/roster" className={buttonClass('muted', 'md')}>
        Back to the roster
      </Link>
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.member?.ingame_name
  return [{ title: name ? `${name} · Company Roster · Task Force HQ` : 'Member · Company Roster · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
