import { redirect } from 'react-router'
import type { Route } from './+types/route'
import { AwaitingList, CompletedList, EVALUATIONS_INTENTS as INTENTS } from './lists.tsx'
import { EVALUATION_ERRORS, EVALUATION_MESSAGES, startEvaluationSchema } from '#contracts/evaluations.ts'
import type { MessageAnswer } from '#contracts/assessments.ts'
import { deleteRecord } from '#app/forms/actions.ts'
import { foundOrBack } from '#app/forms/found-or-back.ts'
import { failWithToast, readAdminPost, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Notice } from '#app/ui/field.tsx'
import { DialogSearch, matchesName, searchTextOf } from '../dialog-search.tsx'
import { parseId } from '#server/lib/request.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import { deleteEvaluation, startEvaluation } from '#server/assessments/evaluations.ts'
import { listCompletedEvaluations, listPassedMembers } from '#server/assessments/evaluation-queries.ts'
import { findTest } from '#server/assessments/queries.ts'

// The Evaluations dialog: over the tests list at /admin/tests/{id}/evaluations. A filter (?q=, a GET form), 'Members
// Awaiting Evaluation (n)' with Start Evaluation (starts, or joins, a live session and opens it), and 'Completed
// Evaluations (n)' with the result, evaluator, date, notes, a view link and delete (confirmed).

const TESTS_PATH = '/admin/tests'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const search = searchTextOf(new URL(request.url))
  const [test, awaiting, completed] = await foundOrBack(
    context,
    async () => {
      const id = parseId(params.id, 'Test')
      return Promise.all([findTest(db, id), listPassedMembers(db, id), listCompletedEvaluations(db, id)])
    },
    TESTS_PATH,
  )
  return {
    test: { id: test.id, name: test.name, requires_in_game_eval: test.requires_in_game_eval },
    search,
    awaiting: awaiting.filter((m) => matchesName(m.ingame_name, search)),
    awaitingTotal: awaiting.length,
    completed: completed.filter((e) => matchesName(e.evaluatee_name, search)),
    completedTotal: completed.length,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  switch (post.intent) {
    case INTENTS.start:
      return start(post, params.id)
    case INTENTS.delete:
      return deleteRecord(post, (id) => deleteEvaluation(getServices(context), post.admin, id), {
        success: (answer: MessageAnswer) => answer.message,
        failure: 'Failed to delete evaluation.',
      })
    default:
      return unknownIntent(post)
  }
}

/** Start Evaluation: a new live session (or the one already under way for this member), then its page. */
async function start(post: AdminPost, testId: string | undefined) {
  let sessionId: string
  try {
    const parsed = startEvaluationSchema.safeParse({ testId, evaluateeId: post.form.get('evaluateeId') })
    if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message)
    ;({ sessionId } = await startEvaluation(getServices(post.context), post.admin, parsed.data))
  } catch (error) {
    return failWithToast(post, error, 'Failed to start evaluation.')
  }
  return redirect(`/admin/evaluations/${sessionId}`)
}

export default function EvaluationsDialog({ loaderData: data }: Route.ComponentProps) {
  const { test, search } = data
  return (
    <UrlDialog title={`Evaluations for ${test.name}`} closeHref={TESTS_PATH} size="lg">
      <div className="flex flex-col gap-4">
        {test.requires_in_game_eval ? null : <Notice tone="info">{EVALUATION_ERRORS.noInGameEvaluation}</Notice>}
        <DialogSearch
          action={`${TESTS_PATH}/${test.id}/evaluations`}
          label="Filter members"
          placeholder={EVALUATION_MESSAGES.filterPlaceholder}
          value={search}
        />
        <DeleteConfirmStep
          intent={INTENTS.delete}
          items={data.completed}
          message={() => EVALUATION_MESSAGES.confirmDelete}
          confirmLabel="Delete"
        />
        <div className="grid gap-6 md:grid-cols-2">
          <AwaitingList members={data.awaiting} total={data.awaitingTotal} />
          <CompletedList evaluations={data.completed} total={data.completedTotal} />
        </div>
      </div>
    </UrlDialog>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Evaluations${loaderData ? `: ${loaderData.test.name}` : ''} · Task Force HQ` }]
}
