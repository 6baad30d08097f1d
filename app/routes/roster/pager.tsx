import { Form, Link } from 'react-router'
import { ROSTER_PAGE_SIZES } from '#contracts/roster.ts'
import type { Pagination } from '#contracts/roster-types.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { selectClass } from '#app/ui/field.tsx'
import { rosterSearch, type RosterUrlState } from './query.ts'

// The public roster's paging (spec 2 §9): "Showing X to Y of Z results", Rows 30/60/100, Previous and Next (absent
// at either end: a plain text then).

export function RosterPager({ state, pagination, go }: { state: RosterUrlState; pagination: Pagination; go: (next: Partial<RosterUrlState>) => void }) {
  const hydrated = useHydrated()
  const first = pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1
  const last = Math.min(pagination.page * pagination.limit, pagination.total)
  const pageHref = (page: number) => `/roster${rosterSearch({ ...state, page })}`
  return (
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
            <select key={`limit-${state.limit}`} name="limit" defaultValue={state.limit} className={`${selectClass} h-9`} onChange={(event) => go({ limit: Number(event.currentTarget.value) })}>
              <Options items={ROSTER_PAGE_SIZES} />
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
  )
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
