import { Link } from 'react-router'
import type { Route } from './+types/view.$id'
import { SectionBlock, SummaryCards, pointsText, sectionsOf } from './parts.tsx'
import { EVALUATION_MESSAGES, type EvaluationAnswer } from '#contracts/evaluations.ts'
import { foundOrBack } from '#app/forms/found-or-back.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Badge, ResultBadge, type BadgeTone } from '#app/ui/badge.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { parseId } from '#server/lib/request.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { getEvaluationDetails } from '#server/assessments/evaluation-queries.ts'

// View evaluation: /admin/evaluations/view/{id}, a finished evaluation: evaluator, evaluatee, final score, each
// checklist item PASSED / FAILED / N/A by section, and the final notes ('No notes were provided.').

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const evaluation = await foundOrBack(
    context,
    () => getEvaluationDetails(db, parseId(params.id, 'Evaluation')),
    '/admin/tests',
  )
  return { evaluation }
}

const ANSWER_BADGES: Record<EvaluationAnswer, { text: string; tone: BadgeTone }> = {
  pass: { text: 'PASSED', tone: 'success' },
  fail: { text: 'FAILED', tone: 'danger' },
  na: { text: 'N/A', tone: 'muted' },
}

export default function ViewEvaluationPage({ loaderData: { evaluation } }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Link to={`/admin/tests/${evaluation.testId}/evaluations`} className="text-sm text-zinc-400 hover:text-zinc-100">
        ← Back to Evaluations
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Evaluation: {evaluation.testName}</h1>
        <ResultBadge passed={evaluation.passed} />
      </div>
      <p className="mt-1 text-sm text-zinc-400">
        <DateTime iso={evaluation.timestamp} />
      </p>
      <div className="mt-6 flex flex-col gap-6">
        <SummaryCards
          evaluator={evaluation.evaluatorName}
          evaluatee={evaluation.evaluateeName}
          scoreLabel="Final Score"
          score={evaluation.score}
          passing={evaluation.passed}
        />
        {sectionsOf(evaluation.questions).map((section) => (
          <SectionBlock key={section.name} section={section}>
            {section.questions.map((question) => {
              const answer = evaluation.answers[String(question.id)]
              const badge = answer ? ANSWER_BADGES[answer] : { text: 'Not marked', tone: 'muted' as const }
              return (
                <li
                  key={question.id}
                  data-testid="evaluation-item"
                  className="flex items-start justify-between gap-3 px-4 py-3 sm:items-center"
                >
                  <p className="min-w-0 text-sm break-words text-zinc-100">
                    {question.text}
                    <span className="ml-2 text-xs whitespace-nowrap text-zinc-500">
                      +{pointsText(question.pos_score)}
                      {question.neg_score > 0 ? ` / -${pointsText(question.neg_score)}` : null}
                    </span>
                  </p>
                  <Badge tone={badge.tone} data-testid="item-result">
                    {badge.text}
                  </Badge>
                </li>
              )
            })}
          </SectionBlock>
        ))}
        <section aria-labelledby="final-notes" className="rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-3">
          <h2 id="final-notes" className="font-semibold">
            Final Notes
          </h2>
          <p
            className={`mt-2 text-sm break-words whitespace-pre-line ${evaluation.notes ? 'text-zinc-200' : 'text-zinc-500 italic'}`}
          >
            {evaluation.notes ?? EVALUATION_MESSAGES.noNotes}
          </p>
        </section>
      </div>
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Evaluation${loaderData ? `: ${loaderData.evaluation.testName}` : ''} · Task Force HQ` }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
