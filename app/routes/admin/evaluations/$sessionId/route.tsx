import { parseWithZod } from '@conform-to/zod/v4'
import { Link, redirect } from 'react-router'
import type { Route } from './+types/route'
import {
  Checklist,
  FinalNotes,
  LIVE_INTENTS as INTENTS,
  CANCEL_CONFIRM,
  CANCEL_CONFIRM_KEY,
  LiveStatusNote,
} from './checklist.tsx'
import { useLiveSession } from './use-live-session.ts'
import { SummaryCards } from '../parts.tsx'
import {
  EVALUATION_MESSAGES,
  evaluationAnswerSchema,
  submitEvaluationSchema,
  type ServerMessage,
} from '#contracts/evaluations.ts'
import type { ToastInput } from '#contracts/toast.ts'
import { TEST_MESSAGES } from '#contracts/assessments.ts'
import { foundOrBack } from '#app/forms/found-or-back.ts'
import {
  askToConfirm,
  failWithToast,
  invalid,
  readAdminPost,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ConfirmStep } from '#app/ui/confirm.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import { answerEvaluationQuestion, cancelEvaluation, submitEvaluation } from '#server/assessments/evaluations.ts'
import { getLiveSession } from '#server/assessments/evaluation-queries.ts'
import { redirectWithToast } from '#server/toast.ts'

// Live evaluation (docs/rules/assessments.md, in-game evaluations): /admin/evaluations/{sessionId}. The evaluator, the
// evaluatee and the live score (one decimal, green when passing); the checklist by section with Pass / Fail / N/A;
// Final Notes, Cancel and Submit Final Evaluation. Server-rendered, and every button is a form post that works without
// JavaScript; with it answers are optimistic, the page follows the session's live stream (a second admin watching sees
// each answer at once), and submit shows the server's messages as toasts 500 ms apart. A missing or finished session
// goes back to /admin/tests with 'Evaluation session not found or already completed.'

const TESTS_PATH = '/admin/tests'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const session = await foundOrBack(
    context,
    () => getLiveSession(getServices(context).db, params.sessionId),
    TESTS_PATH,
  )
  return { session }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case INTENTS.answer:
      return answer(post, params.sessionId)
    case INTENTS.submit:
      return submit(post, params.sessionId)
    case INTENTS.cancel:
      return cancel(post, params.sessionId)
    default:
      return unknownIntent(post)
  }
}

/** One answer without JavaScript: saved, then back to the same item. (With JavaScript the page posts to the /api.) */
async function answer(post: AdminPost, sessionId: string | undefined) {
  const parsed = evaluationAnswerSchema.safeParse({
    questionId: post.form.get('questionId'),
    answer: post.form.get('answer'),
  })
  try {
    if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message)
    await answerEvaluationQuestion(getServices(post.context), post.admin, sessionId, parsed.data)
  } catch (error) {
    // A session that ended meanwhile: the page's loader then sends the admin back to the tests with its message.
    return failWithToast(post, error, EVALUATION_MESSAGES.saveAnswerFailed)
  }
  return redirect(`${post.back}#question-${parsed.data.questionId}`)
}

/** Submit Final Evaluation without JavaScript: the server's messages as one flash toast on /admin/tests. */
async function submit(post: AdminPost, sessionId: string | undefined) {
  const submission = parseWithZod(post.form, { schema: submitEvaluationSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  let messages: ServerMessage[]
  try {
    ;({ messages } = await submitEvaluation(getServices(post.context), post.admin, sessionId, submission.value.notes))
  } catch (error) {
    return failWithToast(post, error, EVALUATION_MESSAGES.submitFailed)
  }
  return redirectWithToast(getServices(post.context).config, TESTS_PATH, oneToast(messages))
}

/** Cancel (confirmed): the session ends and nothing is recorded. */
async function cancel(post: AdminPost, sessionId: string | undefined) {
  if (!post.confirmed) return askToConfirm(post, CANCEL_CONFIRM_KEY)
  let message: string
  try {
    ;({ message } = await cancelEvaluation(getServices(post.context), post.admin, sessionId))
  } catch (error) {
    return failWithToast(post, error, TEST_MESSAGES.generic)
  }
  return redirectWithToast(getServices(post.context).config, TESTS_PATH, { type: 'success', message })
}

/** A flash cookie carries one toast: the messages in order, as an error if any is one, a success if all are. */
function oneToast(messages: ServerMessage[]): ToastInput {
  const type = messages.some((m) => m.type === 'error')
    ? 'error'
    : messages.every((m) => m.type === 'success')
      ? 'success'
      : 'info'
  return {
    type,
    message: messages
      .map((m) => m.text)
      .join(' ')
      .slice(0, 500),
  }
}

export default function LiveEvaluationPage({ loaderData }: Route.ComponentProps) {
  const live = useLiveSession(loaderData.session)
  const { session, score } = live
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      {/* Leaving keeps the session: the tests page lists it under Active Evaluations In Progress, to join again. */}
      <Link to={TESTS_PATH} className="text-sm text-zinc-400 hover:text-zinc-100">
        ← Back to Tests
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Live Evaluation: {session.test.name}</h1>
        <LiveStatusNote status={live.status} />
      </div>
      <div className="mt-6 flex flex-col gap-6">
        <SummaryCards
          evaluator={session.evaluator.username}
          evaluatee={session.evaluatee.ingame_name}
          scoreLabel="Current Score"
          score={score.score}
          passing={score.passing}
          scoreNote={`${session.test.eval_passing_score}% needed to pass`}
        />
        <ConfirmStep
          confirmKey={CANCEL_CONFIRM_KEY}
          intent={INTENTS.cancel}
          message={CANCEL_CONFIRM}
          confirmLabel="Cancel Evaluation"
        />
        <Checklist questions={session.questions} answers={live.answers} onAnswer={live.answer} />
        <FinalNotes onSubmit={live.submit} submitting={live.submitting} />
      </div>
    </main>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Live Evaluation${loaderData ? `: ${loaderData.session.test.name}` : ''} · Task Force HQ` }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
