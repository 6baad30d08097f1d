import { Link, useLocation, useSearchParams, useSubmit } from 'react-router'
import { secondaryButton } from './button.ts'
import { Options } from './choices.tsx'
import { selectClass } from './field.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { useT } from './i18n.tsx'

// A paged list's footer: "Showing X to Y of Z results", the rows-per-page select, Previous and Next (plain text at
// either end). The select belongs to the list's GET search form (`form`, its id), so a new size keeps the search;
// without JavaScript that form's Apply button here submits it. And the foot of a list read backwards in time (past
// events and trainings): Show older and Newest, links with the page's `before` cursor. The pager's words are the kit's
// (`kit.pager`): in the page's language where its loader sends the `kit` texts, else English.

interface PagerPagination {
  page: number
  limit: number
  total: number
  totalPages: number
}

export function Pager({
  pagination,
  pageHref,
  form,
  sizes,
  onSizeChange,
  summaryTestId = 'paging-summary',
  preventScrollReset,
  className = '',
}: {
  pagination: PagerPagination
  /** Another page of the same list (its query kept). */
  pageHref: (page: number) => string
  /** The id of the list's GET search form. */
  form: string
  sizes: readonly number[]
  /** With JavaScript a new size applies at once: through this, or else by submitting the search form. */
  onSizeChange?: (limit: number) => void
  summaryTestId?: string
  /** Previous / Next keep the scroll position (a list under a fixed page head). */
  preventScrollReset?: boolean
  className?: string
}) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const t = useT('kit.pager')
  const { page, limit, total, totalPages } = pagination
  const from = total === 0 ? 0 : (page - 1) * limit + 1
  const to = Math.min(page * limit, total)
  const link = (target: number, enabled: boolean, label: string) => (
    <PageLink href={enabled ? pageHref(target) : null} preventScrollReset={preventScrollReset}>
      {label}
    </PageLink>
  )
  return (
    <div
      className={`flex flex-col gap-3 text-sm text-zinc-400 sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p aria-live="polite" data-testid={summaryTestId}>
        {t('summary', { from, to, total })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 whitespace-nowrap">
          {t('rowsPerPage')}
          <select
            key={`limit-${limit}`}
            name="limit"
            form={form}
            defaultValue={String(limit)}
            onChange={
              hydrated
                ? (event) => {
                    const select = event.currentTarget
                    if (onSizeChange) onSizeChange(Number(select.value))
                    else if (select.form) void submit(select.form, { preventScrollReset: true })
                  }
                : undefined
            }
            className={`${selectClass} h-9 w-24`}
          >
            <Options items={sizes} />
          </select>
        </label>
        {/* Without JavaScript the select cannot submit itself. */}
        {hydrated ? null : (
          <button type="submit" form={form} className={secondaryButton}>
            {t('apply')}
          </button>
        )}
        <nav aria-label={t('label')} className="flex items-center gap-2">
          {link(page - 1, page > 1, t('previous'))}
          <span className="tabular-nums">{t('page', { page, pages: totalPages })}</span>
          {link(page + 1, page < totalPages, t('next'))}
        </nav>
      </div>
    </div>
  )
}

function PageLink({
  href,
  preventScrollReset,
  children,
}: {
  href: string | null
  preventScrollReset?: boolean
  children: string
}) {
  if (!href) {
    return (
      <span aria-disabled="true" className={`${secondaryButton} cursor-not-allowed opacity-40`}>
        {children}
      </span>
    )
  }
  return (
    <Link to={href} preventScrollReset={preventScrollReset} className={secondaryButton}>
      {children}
    </Link>
  )
}

export interface OlderPagerTexts {
  newest: string
  showOlder: string
}

const OLDER_PAGER_ENGLISH: OlderPagerTexts = { newest: 'Newest', showOlder: 'Show older' }

/**
 * Show older (the next page's `before` cursor, from the loader) and, past the newest page, Newest. Plain links that
 * keep the rest of the URL's query and land on the list (`anchor`, its id), so they work without JavaScript.
 */
export function OlderPager({
  older,
  anchor,
  label,
  texts = OLDER_PAGER_ENGLISH,
  className = '',
}: {
  older: string | null
  anchor: string
  label: string
  /** Its links' texts: English, unless a page already in the catalogs passes its own (docs/rules/languages.md). */
  texts?: OlderPagerTexts
  className?: string
}) {
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const onOlderPage = searchParams.has('before')
  if (!older && !onOlderPage) return null
  const href = (before: string | null) => {
    const [path, query = ''] = hrefWithState(location).split('?')
    const params = new URLSearchParams(query)
    if (before) params.set('before', before)
    else params.delete('before')
    const search = params.toString()
    return `${path}${search ? `?${search}` : ''}#${anchor}`
  }
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center justify-end gap-2 ${className}`}>
      {onOlderPage ? (
        <Link to={href(null)} className={secondaryButton}>
          {texts.newest}
        </Link>
      ) : null}
      {older ? (
        <Link to={href(older)} className={secondaryButton} data-testid="show-older">
          {texts.showOlder}
        </Link>
      ) : null}
    </nav>
  )
}
