import { useEffect, useRef, useState } from 'react'
import { Form, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/route'
import { filterPackets, PacketGrid } from './library-view.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { buttonClass } from '#app/ui/button.ts'
import { inputClass } from '#app/ui/field.tsx'
import { SearchBox } from '#app/ui/search-box.tsx'
import { getServices } from '#server/context.ts'
import { listPackets } from '#server/library/library.ts'
import { pageMessages } from '#server/http/page-texts.ts'
import { useT } from '#app/ui/i18n.tsx'

// The document library (docs/rules/library.md): a search box and cards that open each document in a new tab. The search
// is the `q` parameter: without JavaScript a GET form (the server render filters), with it the cards filter as you type
// and the URL follows (replace), so a search can be shared. Its texts are the `library` namespace of the catalogs; the
// documents' names are the unit's own and stay as written.

export async function loader({ request, context }: Route.LoaderArgs) {
  const [packets, messages] = await Promise.all([
    listPackets(getServices(context).db),
    pageMessages(request, context, ['library']),
  ])
  return { packets, messages }
}

/** The loader returns every document whatever `q` says: typing in the box needs no new data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

export default function LibraryPage({ loaderData }: Route.ComponentProps) {
  const { packets } = loaderData
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const urlQuery = searchParams.get('q') ?? ''
  const [query, setQuery] = useState(urlQuery)
  const inputRef = useRef<HTMLInputElement>(null)
  const t = useT('library')

  // Back/forward changes q: follow it, unless the person is typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setQuery(urlQuery)
  }, [urlQuery])

  const shown = filterPackets(packets, query)

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-zinc-400">{t('intro')}</p>
        </div>
        <Form
          method="get"
          action="/library"
          role="search"
          aria-label={t('search.label')}
          className="flex w-full gap-2 sm:w-96"
          onSubmit={(event) => event.preventDefault()}
        >
          <SearchBox label={t('search.label')}>
            <input
              ref={inputRef}
              type="search"
              name="q"
              value={query}
              onChange={(event) => {
                const value = event.currentTarget.value
                setQuery(value)
                const next = value.trim() ? `/library?q=${encodeURIComponent(value.trim())}` : '/library'
                void navigate(next, { replace: true, preventScrollReset: true })
              }}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              maxLength={200}
              className={`${inputClass} pl-9`}
            />
          </SearchBox>
          {/* Without JavaScript the form submits; with it the cards filter as you type. */}
          {hydrated ? null : (
            <button type="submit" className={buttonClass('secondary', 'md')}>
              {t('search.submit')}
            </button>
          )}
        </Form>
      </div>

      <div className="mt-8">
        <PacketGrid packets={shown} total={packets.length} />
      </div>
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const library = loaderData?.messages['library'] as { pageTitle?: string; pageDescription?: string } | undefined
  return [
    { title: library?.pageTitle ?? 'Library · Task Force HQ' },
    { name: 'description', content: library?.pageDescription ?? 'Guides, SOPs and reference documents of the unit.' },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
