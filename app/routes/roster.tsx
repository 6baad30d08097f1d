import { useEffect, useRef, type FormEvent, type MouseEvent } from 'react'
import { Form, Link, redirect, useNavigate, useNavigation } from 'react-router'
import type { Route } from './+types/roster'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { MemberSheet } from '#app/components/roster/member-sheet.tsx'
import { PAGE_SIZES, rosterSearch, SEARCH_DEBOUNCE_MS, SEARCH_TYPES, type RosterUrlState, type SearchType } from '#app/components/roster/roster-query.ts'
import { formatDateOnly, formatScore, RankBadge } from '#app/components/roster/ui.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { inputClass, selectClass } from '#app/ui/field.tsx'
import { useSheet } from '#app/ui/sheet.tsx'
import { getServices } from '#server/context.ts'
import { listPublicQualifications } from '#server/roster/qualifications.ts'
import { listRoster, parseRosterQuery, type RosterMember } from '#server/roster/roster.ts'

// The public roster, 'Company Roster' (spec 2 §2): search (debounced 300 ms with JavaScript), search by name or
// rank, a qualification filter, a paged table; a row opens the member sheet. All state lives in the URL (the names
// GET /api/roster uses), so without JavaScript the filters are a GET form and the rows link to /roster/:id.

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db
  const parsed = parseRosterQuery(new URL(request.url))
  // The public page offers only its own choices: 30/60/100 rows, by name or by rank, never the banned list.
  const limit = (PAGE_SIZES as readonly number[]).includes(parsed.limit) ? parsed.limit : PAGE_SIZES[0]
  const type: SearchType = parsed.type === 'rank' ? 'rank' : 'name'
  const query = { ...parsed, limit, type, is_banned: undefined }
  const [roster, qualifications] = await Promise.all([listRoster(db, query, { admin: false }), listPublicQualifications(db)])
  const state: RosterUrlState = { page: query.page, limit, term: query.term, type, qualification: query.qualification ?? null }
  // A page past the end (an old link, a shorter result): the last page instead.
  if (roster.members.length === 0 && roster.pagination.total > 0 && query.page > roster.pagination.totalPages) {
    throw redirect(`/roster${rosterSearch({ ...state, page: roster.pagination.totalPages })}`)
  }
  return { members: roster.members as RosterMember[], pagination: roster.pagination, qualifications, state }
}

export default function RosterPage({ loaderData }: Route.ComponentProps) {
  const { members, pagination, qualifications, state } = loaderData
  const navigate = useNavigate()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const { openSheet } = useSheet()
  const termRef = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(state)
  useEffect(() => {
    latest.current = state
  }, [state])

  // Back/forward (or a shared link) changes the term: show it, unless the person is typing in the box.
  useEffect(() => {
    const input = termRef.current
    if (input && document.activeElement !== input && input.value !== state.term) input.value = state.term
  }, [state.term])
  useEffect(() => () => clearTimeout(timer.current), [])

  const go = (next: Partial<RosterUrlState>) => {
    clearTimeout(timer.current)
    const merged = { ...latest.current, page: 1, ...next }
    void navigate(`/roster${rosterSearch(merged)}`, { replace: true, preventScrollReset: true })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ term: termRef.current?.value.trim() ?? '' })
  }

  const openMember = (member: RosterMember) => openSheet(member.ingame_name, <MemberSheet key={member.id} id={member.id} />)

  const loading = navigation.state === 'loading' && navigation.location.pathname === '/roster'
  const first = pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1
  const last = Math.min(pagination.page * pagination.limit, pagination.total)
  const pageHref = (page: number) => `/roster${rosterSearch({ ...state, page })}`

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Company Roster</h1>
      <p className="mt-1 text-zinc-400">Every active member with rank, join date and event score. Select a member for details.</p>

      {/* One row on wide screens; on phones the box and Search, then the two selects side by side. */}
      <Form method="get" action="/roster" role="search" aria-label="Search the roster" onSubmit={onSubmit} className="mt-6 flex flex-wrap gap-2">
        <label className="relative min-w-0 flex-1 basis-[60%] sm:basis-64">
          <span className="sr-only">Search</span>
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500">
            <path d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" />
          </svg>
          <input
            ref={termRef}
            type="search"
            name="term"
            defaultValue={state.term}
            placeholder={state.type === 'rank' ? 'Search by rank (e.g. NCO)...' : 'Search by name...'}
            autoComplete="off"
            maxLength={100}
            className={`${inputClass} pl-9`}
            onChange={(event) => {
              const value = event.currentTarget.value.trim()
              clearTimeout(timer.current)
              timer.current = setTimeout(() => go({ term: value }), SEARCH_DEBOUNCE_MS)
            }}
          />
        </label>
        <button type="submit" className={`${secondaryButton} h-10 sm:order-last`}>
          Search
        </button>
        <label className="min-w-0 flex-1 basis-[40%] sm:flex-none sm:basis-auto">
          <span className="sr-only">Search by</span>
          <select
            key={`type-${state.type}`}
            name="type"
            defaultValue={state.type}
            className={`${selectClass} w-full sm:w-36`}
            onChange={(event) => go({ type: event.currentTarget.value as SearchType, term: termRef.current?.value.trim() ?? '' })}
          >
            {SEARCH_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 flex-1 basis-[40%] sm:flex-none sm:basis-auto">
          <span className="sr-only">Qualification</span>
          <select
            key={`qualification-${state.qualification ?? ''}`}
            name="qualification"
            defaultValue={state.qualification ?? ''}
            className={`${selectClass} w-full sm:w-52`}
            onChange={(event) => {
              const value = event.currentTarget.value
              go({ qualification: value ? Number(value) : null, term: termRef.current?.value.trim() ?? '' })
            }}
          >
            <option value="">All Qualifications</option>
            {qualifications.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </select>
        </label>
        {state.limit !== PAGE_SIZES[0] ? <input type="hidden" name="limit" value={state.limit} /> : null}
      </Form>

      <div
        className={`mt-4 overflow-x-auto rounded-xl border border-zinc-800 bg-zinc-900/60 transition-opacity ${loading ? 'opacity-60' : ''}`}
        aria-busy={loading || undefined}
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-zinc-800 text-xs tracking-wide text-zinc-400 uppercase">
            <tr>
              <th scope="col" className="px-2 py-3 font-medium sm:px-4">Name</th>
              <th scope="col" className="px-2 py-3 font-medium sm:px-4">Rank</th>
              <th scope="col" className="px-2 py-3 font-medium whitespace-nowrap sm:px-4">Join Date</th>
              <th scope="col" className="px-2 py-3 text-right font-medium sm:px-4 sm:whitespace-nowrap">Event Score</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800/80">
            {members.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-12 text-center text-zinc-400">
                  No members found
                </td>
              </tr>
            ) : (
              members.map((member) => (
                <tr
                  key={member.id}
                  data-testid="roster-row"
                  className="cursor-pointer transition-colors hover:bg-zinc-800/50"
                  onClick={(event) => {
                    if (hasModifier(event)) return
                    openMember(member)
                  }}
                >
                  <td className="px-2 py-2.5 sm:px-4">
                    <Link
                      to={`/roster/${member.id}`}
                      className="font-medium text-zinc-100 hover:text-brand-400"
                      onClick={(event) => {
                        // A plain click opens the sheet (the row's handler); ctrl/cmd-click still opens the page.
                        if (!hasModifier(event)) event.preventDefault()
                      }}
                    >
                      {member.ingame_name}
                    </Link>
                  </td>
                  <td className="px-2 py-2.5 sm:px-4">
                    <RankBadge rank={member.rank} />
                  </td>
                  <td className="px-2 py-2.5 text-[13px] whitespace-nowrap text-zinc-300 sm:px-4 sm:text-sm">{formatDateOnly(member.join_date)}</td>
                  <td className="px-2 py-2.5 text-right font-mono text-zinc-200 tabular-nums sm:px-4">{formatScore(member.event_score)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="mt-4 flex flex-col items-center gap-3 text-sm text-zinc-400 sm:flex-row sm:justify-between">
        <p aria-live="polite" data-testid="roster-summary">
          Showing {first} to {last} of {pagination.total} results
        </p>
        <div className="flex items-center gap-3">
          <Form method="get" action="/roster" className="flex items-center gap-2">
            {state.term ? <input type="hidden" name="term" value={state.term} /> : null}
            {state.type !== 'name' ? <input type="hidden" name="type" value={state.type} /> : null}
            {state.qualification !== null ? <input type="hidden" name="qualification" value={state.qualification} /> : null}
            <label className="flex items-center gap-2">
              <span>Rows</span>
              <select
                key={`limit-${state.limit}`}
                name="limit"
                defaultValue={state.limit}
                className={`${selectClass} h-9`}
                onChange={(event) => go({ limit: Number(event.currentTarget.value) })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            {/* Without JavaScript the select cannot submit itself. */}
            {hydrated ? null : (
              <button type="submit" className={secondaryButton}>
                Apply
              </button>
            )}
          </Form>
          <nav aria-label="Pagination" className="flex items-center gap-2">
            <PageLink href={pagination.page > 1 ? pageHref(pagination.page - 1) : null}>Previous</PageLink>
            <PageLink href={pagination.page < pagination.totalPages ? pageHref(pagination.page + 1) : null}>Next</PageLink>
          </nav>
        </div>
      </div>
    </main>
  )
}

function hasModifier(event: MouseEvent) {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0
}

function PageLink({ href, children }: { href: string | null; children: string }) {
  if (!href) {
    return (
      <span aria-disabled="true" className={`${secondaryButton} cursor-not-allowed opacity-40`}>
        {children}
      </span>
    )
  }
  return (
    <Link to={href} className={secondaryButton}>
      {children}
    </Link>
  )
}

export function meta() {
  return [{ title: 'Company Roster · Task Force HQ' }, { name: 'description', content: 'Members, ranks, join dates and event scores of the company.' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
