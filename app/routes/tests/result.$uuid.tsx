import type { Route } from './+types/result.$uuid'
import { BackToTests, QuestionCard, TestsNotice, questionIds } from './question.tsx'
import { TEST_MESSAGES, type ResultQuestion, type TestResult } from '#contracts/assessments.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { ServiceError } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import { getAttemptResult } from '#server/assessments/queries.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'

// Result (docs/rules/assessments.md, result visibility): 'Results for {test}', PASSED/FAILED with a whole percent, the
// failure note, and each question marked Correct/Incorrect with the member's answer highlighted; the correct answer
// only when the attempt passed (the server leaves it out otherwise). Only the member who made the attempt, or an admin,
// sees it; anyone else reads 'Test result not found.' (GET /api/tests/attempt/{uuid}/result answers them 404 alike).
// Its texts are the catalogs' `testTaking`, in the page's language; the questions and answers are the unit's own words.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context)
  const [messages, { language }] = await Promise.all([
    pageMessages(request, context, ['testTaking']),
    pageLanguage(request, context),
  ])
  try {
    const result = await getAttemptResult(getServices(context).db, user, params.uuid)
    return { result, messages, title: translate(language, 'testTaking.result.pageTitle', { name: result.testName }) }
  } catch (error) {
    if (!(error instanceof ServiceError))
      logger.error({
        msg: TEST_MESSAGES.fetchResultFailed,
        error: error instanceof Error ? error.stack : String(error),
      })
    // NOTE: 200, not 404: the page is the answer, and a client-side navigation to a 404 would log a failed load.
    return { result: null, messages, title: translate(language, 'testTaking.result.fallbackTitle') }
  }
}

export default function TestResultPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData
  const t = useT('testTaking.result')
  if (!result) return <TestsNotice text={t('notFound')} />
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {t('title', { name: result.testName })}
      </h1>
      <Outcome result={result} />
      <ol className="mt-8 flex flex-col gap-4" aria-label={t('questions')}>
        {result.questions.map((question, index) => (
          <QuestionCard
            key={question.id}
            question={question}
            number={index + 1}
            aside={<Mark correct={question.is_correct} />}
          >
            <AnswerList question={question} chosen={result.userAnswers[String(question.id)]} />
          </QuestionCard>
        ))}
      </ol>
      <div className="mt-8 flex justify-center">
        <BackToTests className="w-full sm:w-auto" />
      </div>
    </main>
  )
}

function Outcome({ result }: { result: TestResult }) {
  const t = useT('testTaking.result')
  const look = result.passed
    ? 'border-emerald-500/40 bg-emerald-950/40 text-emerald-300'
    : 'border-red-500/40 bg-red-950/40 text-red-300'
  return (
    <section aria-label={t('outcome')} className={`mt-6 rounded-xl border px-5 py-5 ${look}`}>
      <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1" data-testid="test-outcome">
        <span className="text-3xl font-bold tracking-wider">{result.passed ? t('passed') : t('failed')}</span>
        <span className="text-2xl font-semibold tabular-nums">{Math.round(result.score)}%</span>
      </p>
      {result.passed ? null : <p className="mt-2 text-sm text-red-100/90">{t('failedNote')}</p>}
    </section>
  )
}

function Mark({ correct }: { correct: boolean }) {
  const t = useT('testTaking.result')
  return (
    <span
      className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-semibold ${correct ? 'border-emerald-500/40 bg-emerald-950/60 text-emerald-300' : 'border-red-500/40 bg-red-950/60 text-red-300'}`}
    >
      {correct ? t('correct') : t('incorrect')}
    </span>
  )
}

/** An option's look: the right answer (or the member's right one), the member's wrong one, any other. */
function optionLook(right: boolean, mine: boolean, correct: boolean): string {
  if (right || (mine && correct)) return 'border-emerald-500/60 bg-emerald-950/40 text-emerald-100'
  return mine ? 'border-red-500/60 bg-red-950/40 text-red-100' : 'border-zinc-800 text-zinc-400'
}

/** The four options: the member's answer highlighted, the correct one named only when the server revealed it. */
function AnswerList({ question, chosen }: { question: ResultQuestion; chosen: number | undefined }) {
  const t = useT('testTaking.result')
  return (
    <ul className="flex flex-col gap-2" aria-labelledby={questionIds(question.id).number}>
      {question.options.map((option, index) => {
        const mine = index === chosen
        const right = index === question.correct_answer_index
        const look = optionLook(right, mine, question.is_correct)
        return (
          <li
            key={index}
            data-testid="result-option"
            data-mine={mine || undefined}
            className={`flex flex-wrap items-baseline gap-x-2 rounded-lg border px-3 py-2.5 text-sm ${look}`}
          >
            <span className="min-w-0 break-words">{option}</span>
            {right ? <span className="text-xs font-semibold text-emerald-300">{t('correctAnswer')}</span> : null}
            {mine ? (
              <span
                className={`text-xs font-semibold ${question.is_correct || right ? 'text-emerald-300' : 'text-red-300'}`}
              >
                {t('yourAnswer')}
              </span>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: loaded?.title ?? 'Test Result · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
