import type { Route } from './+types/route'
import { TestCard, type CardTest } from './test-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { pageMessages } from '#server/http/page-texts.ts'
import { listPublicTests, listTestsForUser } from '#server/assessments/queries.ts'

// The public tests page: a card per test. Visitors see the public list (GET /api/tests/public); a signed-in member sees
// each card with their standing (GET /api/tests): badge, dimming, the 'You meet the score requirement!' note and the
// button their standing allows. Its texts are the catalogs' `tests`, in the page's language.

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const user = await getUser(services, request)
  const [tests, messages]: [CardTest[], Awaited<ReturnType<typeof pageMessages>>] = await Promise.all([
    user ? listTestsForUser(services.db, user) : listPublicTests(services.db),
    pageMessages(request, context, ['tests']),
  ])
  return { tests, messages }
}

export default function TestsPage({ loaderData }: Route.ComponentProps) {
  const { tests } = loaderData
  const t = useT('tests')
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('heading')}</h1>
      <p className="mt-1 text-zinc-400">{t('intro')}</p>
      <div className="mt-8">
        {tests.length === 0 ? (
          <EmptyState title={t('noTests')} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('heading')}>
            {tests.map((test) => (
              <li key={test.id}>
                <TestCard test={test} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const tests = loaderData?.messages['tests'] as { pageTitle?: string; intro?: string } | undefined
  return [
    { title: tests?.pageTitle ?? 'Qualification Tests · Task Force HQ' },
    { name: 'description', content: tests?.intro ?? 'Complete tests to earn new qualifications.' },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
