import { redirect, useNavigation } from 'react-router'
import type { Route } from './+types/route'
import { rosterSearch, type RosterUrlState, type SearchType } from './query.ts'
import { RosterTable, type RosterRow } from './roster-table.tsx'
import { ROSTER_SEARCH_FORM, RosterSearchForm } from './search-form.tsx'
import { useRosterNavigation } from './use-roster-navigation.ts'
import { ROSTER_PAGE_SIZES } from '#contracts/roster-pages.ts'
import type { RosterMember } from '#contracts/roster-types.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Pager } from '#app/ui/pager.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { getServices } from '#server/context.ts'
import { pageMessages } from '#server/http/page-texts.ts'
import { awardImages, withImages } from '#server/personnel/awards.ts'
import { listPublicQualifications } from '#server/roster/qualifications.ts'
import { listRoster, parseRosterQuery } from '#server/roster/roster.ts'

// The public roster, 'Company Roster' (docs/rules/roster.md, the public roster): search (debounced 300 ms with
// JavaScript), search by name or rank, a qualification filter, a paged table; a row opens the member sheet. All state
// lives in the URL (the names GET /api/roster uses), so without JavaScript the filters are a GET form and the rows link
// to /roster/:id. Each row shows the member's ribbon rack. Its texts are the catalogs' `roster` and the kit's (the pager,
// the leave badge), in the page's language (docs/rules/languages.md); the member sheet and profile are still English.

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db
  const parsed = parseRosterQuery(new URL(request.url))
  // The public page offers only its own choices: 30/60/100 rows, by name or by rank, never the banned list.
  const limit = (ROSTER_PAGE_SIZES as readonly number[]).includes(parsed.limit) ? parsed.limit : ROSTER_PAGE_SIZES[0]
  const type: SearchType = parsed.type === 'rank' ? 'rank' : 'name'
  const query = { ...parsed, limit, type, is_banned: undefined }
  const [roster, qualifications, images, messages] = await Promise.all([
    listRoster(db, query, { admin: false }),
    listPublicQualifications(db),
    awardImages(db),
    pageMessages(request, context, ['roster', 'kit']),
  ])
  const state: RosterUrlState = {
    page: query.page,
    limit,
    term: query.term,
    type,
    qualification: query.qualification ?? null,
  }
  // A page past the end (an old link, a shorter result): the last page instead.
  if (roster.members.length === 0 && roster.pagination.total > 0 && query.page > roster.pagination.totalPages) {
    throw redirect(`/roster${rosterSearch({ ...state, page: roster.pagination.totalPages })}`)
  }
  const members: RosterRow[] = (roster.members as RosterMember[]).map((m) => ({
    ...m,
    awards: withImages(m.awards, images),
  }))
  return { members, pagination: roster.pagination, qualifications, state, messages }
}

export default function RosterPage({ loaderData }: Route.ComponentProps) {
  const { members, pagination, qualifications, state } = loaderData
  const navigation = useNavigation()
  const { go, goLater } = useRosterNavigation(state)
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/roster'
  const t = useT('roster')
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-zinc-400">{t('intro')}</p>
      <RosterSearchForm state={state} qualifications={qualifications} go={go} goLater={goLater} />
      <RosterTable members={members} loading={loading} />
      <Pager
        pagination={pagination}
        pageHref={(page) => `/roster${rosterSearch({ ...state, page })}`}
        form={ROSTER_SEARCH_FORM}
        sizes={ROSTER_PAGE_SIZES}
        onSizeChange={(limit) => go({ limit })}
        summaryTestId="roster-summary"
        className="mt-4"
      />
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const roster = loaderData?.messages['roster'] as { pageTitle?: string; pageDescription?: string } | undefined
  return [
    { title: roster?.pageTitle ?? 'Company Roster · Task Force HQ' },
    {
      name: 'description',
      content: roster?.pageDescription ?? 'Members, ranks, join dates and event scores of the company.',
    },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
