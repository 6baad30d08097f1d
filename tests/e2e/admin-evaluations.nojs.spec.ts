import type { Locator, Page } from '@playwright/test'
import { liveItem, memberResult, useEvaluationData } from './evaluations-data.ts'
import { toast } from './page-kit.ts'
import { expect, test } from './fixtures.ts'

// Manage Test and the live evaluation without JavaScript (chromium-nojs project): the dialogs are server-rendered
// routes, the search is a GET form, every button is a full-page post answered by a redirect with a flash toast,
// Allow Retake and Cancel ask on the page's confirm step, Show Incorrect Answers is a <details>, and the live
// page's Pass / Fail / N/A buttons save and reload the page. Everything is named "E2E Eval NoJS ..." and removed.

test.describe.configure({ timeout: 90_000 })

const PREFIX = 'E2E Eval NoJS'

const evaluationData = useEvaluationData(PREFIX)

/** Clicks a submit button and waits for the page its post lands on. */
async function post(page: Page, button: Locator) {
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), button.click()])
  await page.waitForLoadState()
}

test('Manage Test: the search form, Approve, Show Incorrect Answers, Allow Retake on the confirm step, Approve Qual', async ({
  page,
  login,
}) => {
  const data = evaluationData()
  const { eligible, retaker, passer } = data.members
  await login('demo_admin', '/admin/tests')
  await page.getByRole('link', { name: `Attempts of ${data.testName}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Manage Test' })
  await expect(dialog).toBeVisible()
  // Before any search: the members who attempted the test or are approved for it (not an empty dialog).
  await expect(dialog.getByTestId('member-result')).toHaveCount(3)
  for (const member of [retaker, passer, data.members.evaluatee])
    await expect(memberResult(page, member.name)).toBeVisible()
  await expect(memberResult(page, eligible.name)).toHaveCount(0)

  const search = dialog.getByRole('searchbox', { name: 'Search members' })
  await search.fill('nobody by this name')
  await dialog.getByRole('button', { name: 'Search' }).click()
  await expect(dialog.getByText('No members found matching the search', { exact: true })).toBeVisible()
  await search.fill(PREFIX)
  await dialog.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/tests/${data.testId}/attempts\\?q=E2E`))
  await expect(dialog.getByTestId('member-result')).toHaveCount(4)

  await post(page, memberResult(page, eligible.name).getByRole('button', { name: `Approve ${eligible.name}` }))
  await expect(toast(page, `${eligible.name} is approved to take ${data.testName}.`)).toBeVisible()
  await expect(memberResult(page, eligible.name).getByTestId('member-status')).toHaveText('Approved to Test')
  await expect(page).toHaveURL(/\?q=E2E/)

  const failed = memberResult(page, retaker.name)
  await failed.getByText('Show Incorrect Answers').click()
  await expect(failed.getByRole('list', { name: 'Incorrect answers' })).toContainText('Correct answer: Green')
  await post(page, failed.getByRole('button', { name: `Allow Retake for ${retaker.name}` }))
  const step = page.getByRole('alertdialog')
  await expect(step).toContainText(
    'Are you sure you want to allow this member to retake the test? Their previous attempt will be deleted.',
  )
  await post(page, step.getByRole('button', { name: 'Allow Retake' }))
  await expect(toast(page, `${retaker.name} may retake ${data.testName}.`)).toBeVisible()
  await expect(memberResult(page, retaker.name).getByTestId('member-status')).toHaveText('Approved to Test')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  await post(page, memberResult(page, passer.name).getByRole('button', { name: `Approve Qual for ${passer.name}` }))
  await expect(toast(page, `${data.qualificationName} granted to ${passer.name}.`)).toBeVisible()
  await expect(memberResult(page, passer.name).getByText('QUALIFIED', { exact: true })).toBeVisible()

  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/admin\/tests$/)
})

test('the live evaluation without JavaScript: answer buttons, Cancel on the confirm step, Submit Final Evaluation, View', async ({
  page,
  login,
}) => {
  const data = evaluationData()
  const { evaluatee, passer } = data.members
  const [safe, arcs] = data.checklist.safety
  const [report] = data.checklist.comms
  await login('demo_admin')

  // Start, then Cancel: the confirm step, and the session ends.
  await page.goto(`/admin/tests/${data.testId}/evaluations`)
  await post(page, page.getByRole('button', { name: `Start Evaluation of ${passer.name}` }))
  await expect(page).toHaveURL(/\/admin\/evaluations\/[0-9a-f-]{36}$/)
  await post(page, page.getByRole('button', { name: 'Cancel', exact: true }))
  const step = page.getByRole('alertdialog')
  await expect(step).toContainText('Are you sure you want to cancel this evaluation? Nothing will be recorded.')
  await post(page, step.getByRole('button', { name: 'Cancel Evaluation' }))
  await expect(page).toHaveURL(/\/admin\/tests$/)
  await expect(toast(page, 'Evaluation cancelled.')).toBeVisible()

  // A new session for the evaluatee: each answer is a post that reloads the page with the new score.
  await page.goto(`/admin/tests/${data.testId}/evaluations?q=${encodeURIComponent(evaluatee.name)}`)
  await post(page, page.getByRole('button', { name: `Start Evaluation of ${evaluatee.name}` }))
  await expect(page.getByRole('heading', { level: 1, name: `Live Evaluation: ${data.testName}` })).toBeVisible()
  const score = page.getByTestId('evaluation-score')
  await expect(score).toContainText('0.0%')
  await post(page, liveItem(page, safe).getByRole('button', { name: 'Pass (+2)' }))
  await expect(page).toHaveURL(/\/admin\/evaluations\/[0-9a-f-]{36}#question-\d+$/)
  await expect(liveItem(page, safe).getByRole('button', { name: 'Pass (+2)' })).toHaveAttribute('aria-pressed', 'true')
  await expect(score).toContainText('50.0%')
  await expect(score.locator('[data-passing]')).toHaveAttribute('data-passing', 'false')
  await post(page, liveItem(page, arcs).getByRole('button', { name: 'Fail' }))
  await post(page, liveItem(page, report).getByRole('button', { name: 'Pass (+1)' }))
  await expect(liveItem(page, arcs).getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true')
  await expect(score).toContainText('75.0%')
  await expect(score.locator('[data-passing]')).toHaveAttribute('data-passing', 'true')

  // Submit without notes: one flash toast with the server's messages, on the tests page.
  await post(page, page.getByRole('button', { name: 'Submit Final Evaluation' }))
  await expect(page).toHaveURL(/\/admin\/tests$/)
  await expect(
    toast(
      page,
      `Evaluation submitted successfully! ${evaluatee.name} passed with 75.0% and was granted ${data.qualificationName}.`,
    ),
  ).toBeVisible()

  // View evaluation: each item's result, and the notes' fallback.
  await page.goto(`/admin/tests/${data.testId}/evaluations`)
  await page.getByRole('link', { name: `View the evaluation of ${evaluatee.name}` }).click()
  await expect(page.getByTestId('item-result')).toHaveText(['PASSED', 'FAILED', 'PASSED'])
  await expect(page.getByTestId('evaluation-score')).toContainText('75.0%')
  await expect(page.getByText('No notes were provided.', { exact: true })).toBeVisible()
})
