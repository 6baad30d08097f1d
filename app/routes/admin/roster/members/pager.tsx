import { Link, useLocation, useSubmit } from 'react-router'
import { ROSTER_PAGE_SIZES } from '#contracts/roster.ts'
import type { Pagination } from '#contracts/roster-types.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { inputClass } from '#app/ui/field.tsx'
import { pageHref, SEARCH_FORM_ID } from './state.ts'

// The member list's paging (spec 2 §9): "Showing X to Y of Z results", Rows per page 30/60/100 (part of the search
// form, so a new size keeps the search), Previous and Next.

export function Pager({ pagination }: { pagination: Pagination }) {
  const location = useLocation()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const { page, limit, total, totalPages } = pagination
  const from = total === 0 ? 0 : (page - 1) * limit + 1
  const to = Math.min(page * limit, total)
  return (
    <div className="flex flex-col gap-3 text-sm text-zinc-400 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite" data-testid="paging-summary">
        Showing {from} to {to} of {total} results
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 whitespace-nowrap">
          Rows per page
          <select
            name="limit"
            form={SEARCH_FORM_ID}
            defaultValue={String(limit)}
            onChange={hydrated ? (event) => event.currentTarget.form && void submit(event.currentTarget.form, { preventScrollReset: true }) : undefined}
            className={`${inputClass} h-9 w-20`}
          >
            <Options items={ROSTER_PAGE_SIZES} />
          </select>
        </label>
        {hydrated ? null : (
          <button type="submit" form={SEARCH_FORM_ID} className={secondaryButton}>
            Apply
          </button>
        )}
        <PageLink href={pageHref(location, page - 1)} disabled={page <= 1} label="Previous" />
        <span className="tabular-nums">
          Page {page} of {totalPages}
        </span>
        <PageLink href={pageHref(location, page + 1)} disabled={page >= totalPages} label="Next" />
      </div>
    </div>
  )
}

function PageLink({ href, disabled, label }: { href: string; disabled: boolean; label: string }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : undefined}
      className={`${secondaryButton} aria-disabled:pointer-events-none aria-disabled:opacity-40`}
    >
      {label}
    </Link>
  )
}
