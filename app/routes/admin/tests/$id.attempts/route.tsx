import type { Route } from './+types/route'
import { MANAGE_TEST_INTENTS as INTENTS, MemberResults, type MemberResult } from './member-results.tsx'
import { eligibilitySchema, TEST_MESSAGES, type MessageAnswer } from '#contracts/assessments.ts'
import { deleteRecord, runUseCase } from '#app/forms/actions.ts'
import { foundOrBack } from '#app/forms/found-or-back.ts'
import { postedId, readAdminPost, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { EmptyState } from '#app/ui/field.tsx'
import { DialogSearch, matchesName, searchTextOf } from '../dialog-search.tsx'
import { parseId } from '#server/lib/request.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import {
  approveQualification,
  grantEligibility,
  resetAttempt,
  revokeEligibility,
} from '#server/assessments/attempts.ts'
import { findTest, listAttempts } from '#server/assessments/queries.ts'

// Manage Test (docs/rules/assessments.md, approval and retake): a dialog over the tests list at
// /admin/tests/{id}/attempts. Search a member (?q=, a GET form), see their status for the test ('Eligible to Approve',
// 'Approved to Test', or their attempt with its score), Approve, Revoke, Allow Retake (confirmed), Approve Qual, and
// their incorrect answers. The same use cases as /api/tests/eligibility/*, /api/tests/attempt/{id} and
// /api/tests/attempts/{id}/grant.

const TESTS_PATH = '/admin/tests'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const search = searchTextOf(new URL(request.url))
  const [test, { attempts, memberStatusList }] = await foundOrBack(
    context,
    async () => {
      const id = parseId(params.id, 'Test')
      return Promise.all([findTest(db, id), listAttempts(db, id)])
    },
    TESTS_PATH,
  )
  const attemptOf = new Map(attempts.map((a) => [a.member_id, a]))
  // Before a search the dialog lists the members this test concerns already: who attempted it or was approved for it.
  // The search then filters all active members (the empty list says 'Start typing in the search bar to find a member').
  const results: MemberResult[] = memberStatusList
    .filter((m) => (search ? matchesName(m.ingame_name, search) : m.status === 'attempted' || m.status === 'approved'))
    .map((m) => ({ ...m, attempt: attemptOf.get(m.member_id) ?? null }))
  return {
    test: {
      id: test.id,
      name: test.name,
      required_score: test.required_score,
      requires_in_game_eval: test.requires_in_game_eval,
    },
    search,
    results,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  const message = (answer: MessageAnswer) => answer.message
  switch (post.intent) {
    case INTENTS.approve:
      return runUseCase(post, async () => grantEligibility(services, post.admin, eligibilityOf(post, params.id)), {
        success: message,
        failure: TEST_MESSAGES.grantEligibilityFailed,
      })
    case INTENTS.revoke:
      return runUseCase(post, async () => revokeEligibility(services, post.admin, eligibilityOf(post, params.id)), {
        success: message,
        failure: TEST_MESSAGES.revokeEligibilityFailed,
      })
    case INTENTS.retake:
      // Confirmed first (a retake deletes the attempt): without JavaScript the dialog shows its confirm step
      // (?confirm=retake-{attemptId}).
      return deleteRecord(post, (attemptId) => resetAttempt(services, post.admin, attemptId), {
        success: message,
        failure: TEST_MESSAGES.resetAttemptFailed,
      })
    case INTENTS.approveQual:
      return runUseCase(post, () => approveQualification(services, post.admin, postedId(post) ?? 0), {
        success: message,
        failure: TEST_MESSAGES.grantQualificationFailed,
      })
    default:
      return unknownIntent(post)
  }
}

/** The test of the dialog and the member the row posted, parsed with the /api's schema. */
function eligibilityOf(post: AdminPost, testId: string | undefined) {
  const parsed = eligibilitySchema.safeParse({ testId, memberId: post.form.get('memberId') })
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message)
  return parsed.data
}

export default function ManageTestDialog({ loaderData: { test, search, results } }: Route.ComponentProps) {
  const path = `${TESTS_PATH}/${test.id}/attempts`
  const retakes = results.flatMap((r) => (r.attempt ? [{ id: r.attempt.id }] : []))
  return (
    <UrlDialog title="Manage Test" description={test.name} closeHref={TESTS_PATH} size="lg" tall>
      <div className="flex flex-col gap-4">
        <DialogSearch action={path} label="Search members" placeholder="Search for a member..." value={search} />
        <DeleteConfirmStep
          intent={INTENTS.retake}
          items={retakes}
          message={() => TEST_MESSAGES.confirmRetake}
          confirmLabel="Allow Retake"
        />
        {results.length === 0 ? (
          <EmptyState>{search ? TEST_MESSAGES.noMembersMatch : TEST_MESSAGES.startTyping}</EmptyState>
        ) : (
          <>
            {search ? null : (
              <p className="text-sm text-zinc-400" data-testid="manage-test-default">
                Members who attempted this test or are approved for it. Search to find anyone else.
              </p>
            )}
            <MemberResults results={results} test={test} />
          </>
        )}
      </div>
    </UrlDialog>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Manage Test${loaderData ? `: ${loaderData.test.name}` : ''} · Task Force HQ` }]
}
