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

// The document library (docs/rules/library.md): a search box and cards that open each document in a new tab. The search
// is the `q` parameter: without JavaScript a GET form (the server render filters), with it the cards filter as you type
// and the URL follows (replace), so a search can be shared.

export async function loader({ context }: Route.LoaderArgs) {
  return { packets: await listPackets(getServices(context).db) }
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

  // Back/forward changes q: follow it, unless the person is typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setQuery(urlQuery)
  }, [urlQuery])

  const shown = filterPackets(packets, query)

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Library</h1>
          <p className="mt-1 text-zinc-400">Guides, SOPs and reference documents of the unit.</p>
        </div>
        <Form
          method="get"
          action="/library"
          role="search"
          aria-label="Search documents"
          className="flex w-full gap-2 sm:w-96"
          onSubmit={(event) => event.preventDefault()}
        >
          <SearchBox label="Search documents">
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
              placeholder="Search documents..."
              autoComplete="off"
              maxLength={200}
              className={`${inputClass} pl-9`}
            />
          </SearchBox>
          {/* Without JavaScript the form submits; with it the cards filter as you type. */}
          {hydrated ? null : (
            <button type="submit" className={buttonClass('secondary', 'md')}>
              Search
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

export function meta() {
  return [
    { title: 'Library · Task Force HQ' },
    { name: 'description', content: 'Guides, SOPs and reference documents of the unit.' },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
