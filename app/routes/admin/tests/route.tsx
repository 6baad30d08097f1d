import { Link, Outlet } from 'react-router'
import type { Route } from './+types/route'
import type { ActiveLiveEvaluation } from '#contracts/evaluations.ts'
import { TEST_MESSAGES, type PublicTestItem } from '#contracts/assessments.ts'
import { deleteRecord } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { buttonClass, primaryButton, smallButton } from '#app/ui/button.ts'
import { DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { listActiveSessions } from '#server/assessments/evaluation-queries.ts'
import { logger } from '#server/logger.ts'
import { listPublicTests } from '#server/assessments/queries.ts'
import { deleteTest } from '#server/assessments/tests.ts'

// Admin tests page: the active evaluations banner, the tests with Attempts, Evaluations, Edit and delete, and Add Test.
// The editor and the two dialogs are child routes rendered over the list (<Outlet />), so each is a URL that works
// without JavaScript.

const DELETE_INTENT = 'delete-test'

interface TestsPageData {
  tests: PublicTestItem[]
  active: ActiveLiveEvaluation[]
  loadError?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<TestsPageData> {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  try {
    const [tests, active] = await Promise.all([listPublicTests(db), listActiveSessions(db)])
    return { tests, active }
  } catch (error) {
    logger.error({ msg: 'admin tests: loading failed', error: error instanceof Error ? error.stack : String(error) })
    return { tests: [], active: [], loadError: 'Failed to fetch tests.' }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  if (post.intent !== DELETE_INTENT) return unknownIntent(post)
  return deleteRecord(post, (id) => deleteTest(getServices(context), post.admin, id), {
    success: 'Test deleted successfully.',
    failure: TEST_MESSAGES.deleteFailed,
  })
}

export default function AdminTestsPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Qualification Tests</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin" className={buttonClass('secondary', 'md')}>
            Back to Admin Hub
          </Link>
          <Link to="/admin/tests/new" className={primaryButton}>
            Add Test
          </Link>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-4">
        <LoadError message={data.loadError} />
        <ActiveEvaluations active={data.active} />
        <DeleteConfirmStep
          intent={DELETE_INTENT}
          items={data.tests}
          message={() => TEST_MESSAGES.confirmDeleteTest}
          confirmLabel="Delete"
        />
        {data.tests.length === 0 && !data.loadError ? (
          <EmptyState>{TEST_MESSAGES.noTests}</EmptyState>
        ) : (
          <TestList tests={data.tests} />
        )}
      </div>
      <Outlet />
    </main>
  )
}

function ActiveEvaluations({ active }: { active: ActiveLiveEvaluation[] }) {
  if (active.length === 0) return null
  return (
    <section aria-labelledby="active-evaluations" className="rounded-xl border border-amber-500/40 bg-amber-950/20 p-4">
      <h2 id="active-evaluations" className="font-semibold text-amber-200">
        {TEST_MESSAGES.activeEvaluations}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {active.map((session) => (
          <li key={session.sessionId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              <span className="font-medium text-zinc-100">{session.testName}</span>
              <span className="text-zinc-400"> · {session.evaluateeName}</span>
            </span>
            <Link to={`/admin/evaluations/${session.sessionId}`} className={smallButton}>
              Join
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function TestList({ tests }: { tests: PublicTestItem[] }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Tests">
      {tests.map((test) => (
        <li
          key={test.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-3"
        >
          <div className="min-w-0">
            <p className="font-semibold">{test.name}</p>
            <p className="text-sm text-zinc-400">
              {test.qualification_name} · Required score: {test.required_score}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/admin/tests/${test.id}/attempts`}
              className={smallButton}
              aria-label={`Attempts of ${test.name}`}
            >
              Attempts
            </Link>
            {test.requires_in_game_eval ? (
              <Link
                to={`/admin/tests/${test.id}/evaluations`}
                className={smallButton}
                aria-label={`Evaluations of ${test.name}`}
              >
                Evaluations
              </Link>
            ) : null}
            <Link to={`/admin/tests/${test.id}/edit`} className={smallButton} aria-label={`Edit ${test.name}`}>
              Edit
            </Link>
            <DeleteButton
              intent={DELETE_INTENT}
              id={test.id}
              confirm={TEST_MESSAGES.confirmDeleteTest}
              name={test.name}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}

export function meta() {
  return [{ title: 'Qualification Tests · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
