import type { Route } from './+types/route'
import { TestCard, type CardTest } from './test-card.tsx'
import { TEST_MESSAGES } from '#contracts/assessment-messages.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { getUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listPublicTests, listTestsForUser } from '#server/assessments/queries.ts'

// The public tests page: a card per test. Visitors see the public list (GET /api/tests/public); a signed-in member sees
// each card with their standing (GET /api/tests): badge, dimming, the 'You meet the score requirement!' note and the
// button their standing allows.

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const user = await getUser(services, request)
  const tests: CardTest[] = user ? await listTestsForUser(services.db, user) : await listPublicTests(services.db)
  return { tests }
}

export default function TestsPage({ loaderData }: Route.ComponentProps) {
  const { tests } = loaderData
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{TEST_MESSAGES.heading}</h1>
      <p className="mt-1 text-zinc-400">{TEST_MESSAGES.intro}</p>
      <div className="mt-8">
        {tests.length === 0 ? (
          <EmptyState title={TEST_MESSAGES.noTests} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={TEST_MESSAGES.heading}>
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

export function meta() {
  return [{ title: `${TEST_MESSAGES.heading} · Task Force HQ` }, { name: 'description', content: TEST_MESSAGES.intro }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
