import type { Page } from '@playwright/test'
import { liveItem, memberResult, roleChangesOf, useEvaluationData } from './evaluations-data.ts'
import { expect, loginAs, stubDiscordCdn, test } from './fixtures.ts'
import { acceptConfirm, toast } from './page-kit.ts'

// Manage Test, the Evaluations dialog, the live evaluation and View evaluation with JavaScript
// (docs/rules/assessments.md): an admin approves a member, allows a retake and approves a qualification; runs a live
// evaluation while a second admin (another browser) watches each answer arrive within a second; the submit grants the
// qualification (the member sheet shows it, the Discord stand-in saw the role added). Everything is named "E2E Eval JS
// ..." and removed afterwards.

test.describe.configure({ timeout: 90_000 })

const PREFIX = 'E2E Eval JS'
/** The bar for a second admin watching: each answer within a second. */
const LIVE_MS = 1_000

const evaluationData = useEvaluationData(PREFIX)

function statusOf(page: Page, name: string) {
  return memberResult(page, name).getByTestId('member-status')
}

test('Manage Test: search, Approve and Revoke, Allow Retake, Approve Qual, incorrect answers', async ({
  page,
  login,
}) => {
  const data = evaluationData()
  const { eligible, retaker, passer } = data.members
  await login('demo_admin', '/admin/tests')
  await page.getByRole('link', { name: `Attempts of ${data.testName}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/tests/${data.testId}/attempts$`))
  const dialog = page.getByRole('dialog', { name: 'Manage Test' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(data.testName, { exact: true })).toBeVisible()
  // Before any search: the members who attempted the test or are approved for it (not an empty dialog).
  await expect(dialog.getByTestId('member-result')).toHaveCount(3)
  for (const member of [retaker, passer, data.members.evaluatee])
    await expect(memberResult(page, member.name)).toBeVisible()
  await expect(memberResult(page, eligible.name)).toHaveCount(0)
  // The modal is 80% of the viewport's height.
  const box = await dialog.boundingBox()
  expect(Math.abs(box!.height - page.viewportSize()!.height * 0.8)).toBeLessThan(2)

  // The search follows the typing (debounced) and lives in the URL.
  const search = dialog.getByRole('searchbox', { name: 'Search members' })
  await expect(search).toBeFocused()
  await search.fill('nobody by this name')
  await expect(dialog.getByText('No members found matching the search', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\?q=nobody/)
  await search.fill(PREFIX.toLowerCase())
  await expect(dialog.getByTestId('member-result')).toHaveCount(4)

  // Approve, Revoke, Approve again.
  await expect(statusOf(page, eligible.name)).toHaveText('Eligible to Approve')
  await memberResult(page, eligible.name)
    .getByRole('button', { name: `Approve ${eligible.name}` })
    .click()
  await expect(toast(page, `${eligible.name} is approved to take ${data.testName}.`)).toBeVisible()
  await expect(statusOf(page, eligible.name)).toHaveText('Approved to Test')
  await expect(page).toHaveURL(/\?q=e2e/)
  await memberResult(page, eligible.name)
    .getByRole('button', { name: `Revoke ${eligible.name}` })
    .click()
  await expect(toast(page, `${eligible.name} is no longer approved to take ${data.testName}.`)).toBeVisible()
  await expect(statusOf(page, eligible.name)).toHaveText('Eligible to Approve')

  // A failed attempt: its score, its incorrect answers, Allow Retake (confirmed).
  const failed = memberResult(page, retaker.name)
  await expect(statusOf(page, retaker.name)).toHaveText('Attempted')
  await expect(failed.getByText('Score: 50%')).toBeVisible()
  await expect(failed.getByTestId('result-badge')).toHaveText('FAILED')
  await expect(failed.getByRole('button', { name: /Approve Qual/ })).toHaveCount(0)
  await failed.getByText('Show Incorrect Answers').click()
  const wrong = failed.getByRole('list', { name: 'Incorrect answers' })
  await expect(wrong.getByRole('listitem')).toHaveCount(1)
  await expect(wrong).toContainText('Question 1')
  await expect(wrong).toContainText('What colour is a safe weapon flag?')
  await expect(wrong).toContainText('Their answer: Blue')
  await expect(wrong).toContainText('Correct answer: Green')
  await failed.getByText('Hide Incorrect Answers').click()
  await expect(wrong).toBeHidden()
  void acceptConfirm(
    page,
    'Are you sure you want to allow this member to retake the test? Their previous attempt will be deleted.',
  )
  await failed.getByRole('button', { name: `Allow Retake for ${retaker.name}` }).click()
  await expect(toast(page, `${retaker.name} may retake ${data.testName}.`)).toBeVisible()
  await expect(statusOf(page, retaker.name)).toHaveText('Approved to Test')

  // A passed attempt of a test with an in-game evaluation: Approve Qual instead of Allow Retake.
  const passed = memberResult(page, passer.name)
  await expect(passed.getByTestId('result-badge')).toHaveText('PASSED')
  await expect(passed.getByRole('button', { name: /Allow Retake/ })).toHaveCount(0)
  await passed.getByRole('button', { name: `Approve Qual for ${passer.name}` }).click()
  await expect(toast(page, `${data.qualificationName} granted to ${passer.name}.`)).toBeVisible()
  await expect(passed.getByText('QUALIFIED', { exact: true })).toBeVisible()
  await expect(passed.getByRole('button', { name: /Approve Qual/ })).toHaveCount(0)
  await expect(passed.getByRole('button', { name: `Allow Retake for ${passer.name}` })).toBeVisible()
  await passed.getByText('Show Incorrect Answers').click()
  await expect(passed.getByText('This member answered all questions correctly.', { exact: true })).toBeVisible()

  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/admin\/tests$/)
  await expect(dialog).toBeHidden()
})

test('a live evaluation: a second admin watches every answer arrive; the submit grants the qualification and its Discord role', async ({
  page,
  login,
  browser,
  baseURL,
  serverInfo,
}) => {
  const data = evaluationData()
  const { evaluatee, passer } = data.members
  const [safe, arcs] = data.checklist.safety
  const [report] = data.checklist.comms
  await login('demo_admin')

  // The Evaluations dialog: the filter, the empty texts, Start Evaluation.
  await page.goto('/admin/tests')
  await page.getByRole('link', { name: `Evaluations of ${data.testName}` }).click()
  const dialog = page.getByRole('dialog', { name: `Evaluations for ${data.testName}` })
  await expect(dialog.getByRole('heading', { name: 'Members Awaiting Evaluation (2)' })).toBeVisible()
  await expect(dialog.getByText('No evaluations recorded for this test yet.', { exact: true })).toBeVisible()
  const filter = dialog.getByPlaceholder('Filter members by name...')
  await filter.fill('nobody by this name')
  await expect(dialog.getByText('No members match your filter.', { exact: true })).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Members Awaiting Evaluation (0)' })).toBeVisible()
  await filter.fill(evaluatee.name.toUpperCase())
  await expect(dialog.getByRole('heading', { name: 'Members Awaiting Evaluation (1)' })).toBeVisible()
  await expect(dialog.getByTestId('awaiting-member')).toContainText(evaluatee.name)
  await dialog.getByRole('button', { name: `Start Evaluation of ${evaluatee.name}` }).click()
  await expect(page).toHaveURL(/\/admin\/evaluations\/[0-9a-f-]{36}$/)
  const sessionUrl = page.url()

  await expect(page.getByRole('heading', { level: 1, name: `Live Evaluation: ${data.testName}` })).toBeVisible()
  const score = page.getByTestId('evaluation-score')
  await expect(page.getByRole('main').getByText('Cpt. Miller', { exact: true })).toBeVisible()
  await expect(page.getByText(evaluatee.name, { exact: true })).toBeVisible()
  await expect(score).toContainText('0.0%')
  await expect(score.locator('[data-passing]')).toHaveAttribute('data-passing', 'false')
  await expect(page.getByRole('heading', { name: 'Weapon Safety' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Communication' })).toBeVisible()
  await expect(liveItem(page, safe).getByRole('button')).toHaveText(['Pass (+2)', 'Fail (-1)', 'N/A'])
  await expect(liveItem(page, arcs).getByRole('button')).toHaveText(['Pass (+1)', 'Fail', 'N/A'])
  await expect(page.getByTestId('live-status')).toHaveText('Live')

  // A second admin in another browser joins from the tests page's banner.
  const otherContext = await browser.newContext({ serviceWorkers: 'block', baseURL })
  await stubDiscordCdn(otherContext)
  const other = await otherContext.newPage()
  try {
    await loginAs(other, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
    // The Evaluations dialog offers the evaluation under way to join, never a second start.
    await other.goto(`/admin/tests/${data.testId}/evaluations`)
    const underWay = other
      .getByRole('dialog', { name: `Evaluations for ${data.testName}` })
      .getByTestId('awaiting-member')
      .filter({ hasText: evaluatee.name })
    await expect(underWay.getByRole('link', { name: `Join the evaluation of ${evaluatee.name}` })).toHaveAttribute(
      'href',
      new URL(sessionUrl).pathname,
    )
    await expect(underWay.getByRole('button', { name: /Start Evaluation/ })).toHaveCount(0)
    await other.goto('/admin/tests')
    const banner = other.getByRole('region', { name: 'Active Evaluations In Progress' })
    await banner.getByRole('listitem').filter({ hasText: data.testName }).getByRole('link', { name: 'Join' }).click()
    await expect(other).toHaveURL(sessionUrl)
    await expect(other.getByTestId('live-status')).toHaveText('Live')
    const otherScore = other.getByTestId('evaluation-score')

    // Pass (+2) of 4 points: 50.0%, below the 60% needed.
    await liveItem(page, safe).getByRole('button', { name: 'Pass (+2)' }).click()
    await expect(liveItem(page, safe).getByRole('button', { name: 'Pass (+2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(score).toContainText('50.0%')
    await expect(liveItem(other, safe).getByRole('button', { name: 'Pass (+2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: LIVE_MS },
    )
    await expect(otherScore).toContainText('50.0%', { timeout: LIVE_MS })

    await liveItem(page, arcs).getByRole('button', { name: 'Fail' }).click()
    await expect(liveItem(other, arcs).getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: LIVE_MS,
    })
    await expect(otherScore).toContainText('50.0%')

    // N/A leaves the item out of the maximum: 2 of 3 points, 66.7%, passing (green).
    await liveItem(page, report).getByRole('button', { name: 'N/A' }).click()
    await expect(score).toContainText('66.7%')
    await expect(score.locator('[data-passing]')).toHaveAttribute('data-passing', 'true')
    await expect(otherScore).toContainText('66.7%', { timeout: LIVE_MS })
    await expect(otherScore.locator('[data-passing]')).toHaveAttribute('data-passing', 'true', { timeout: LIVE_MS })

    // The watcher changes an answer; the evaluator sees it just as fast.
    await liveItem(other, arcs).getByRole('button', { name: 'Pass (+1)' }).click()
    await expect(liveItem(page, arcs).getByRole('button', { name: 'Pass (+1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
      { timeout: LIVE_MS },
    )
    await expect(score).toContainText('100.0%', { timeout: LIVE_MS })

    // Submit: the server's messages as toasts, in order, and back to the tests; the watcher is sent back too.
    await page
      .getByRole('textbox', { name: 'Final Notes' })
      .fill('Safe drills throughout; the contact report was not exercised.')
    await page.getByRole('button', { name: 'Submit Final Evaluation' }).click()
    await expect(page).toHaveURL(/\/admin\/tests$/)
    const granted = `${evaluatee.name} passed with 100.0% and was granted ${data.qualificationName}.`
    await expect(toast(page, 'Evaluation submitted successfully!')).toBeVisible()
    await expect(toast(page, granted)).toBeVisible()
    await expect(page.getByTestId('toast-stack').getByRole('status')).toContainText([
      'Evaluation submitted successfully!',
      granted,
    ])
    await expect(other).toHaveURL(/\/admin\/tests$/)
    await expect(toast(other, 'Evaluation session not found or already completed.')).toBeVisible()
  } finally {
    await otherContext.close()
  }

  // The qualification is on the member sheet, and the Discord stand-in saw its role added.
  await page.goto(`/roster/${evaluatee.id}`)
  await expect(page.getByRole('list', { name: 'Qualifications' })).toContainText(data.qualificationName)
  await expect
    .poll(async () => roleChangesOf(serverInfo, evaluatee.discordId))
    .toContainEqual(expect.objectContaining({ roleId: data.roleId, action: 'add' }))

  // The finished session is gone: its page sends the admin back with its message.
  await page.goto(sessionUrl)
  await expect(page).toHaveURL(/\/admin\/tests$/)
  await expect(toast(page, 'Evaluation session not found or already completed.')).toBeVisible()

  // Completed Evaluations: the result, evaluator, notes; View; delete (confirmed).
  await page.goto(`/admin/tests/${data.testId}/evaluations`)
  const evaluations = page.getByRole('dialog', { name: `Evaluations for ${data.testName}` })
  await expect(evaluations.getByRole('heading', { name: 'Members Awaiting Evaluation (1)' })).toBeVisible()
  await expect(evaluations.getByTestId('awaiting-member')).toContainText(passer.name)
  await expect(evaluations.getByRole('heading', { name: 'Completed Evaluations (1)' })).toBeVisible()
  const completed = evaluations.getByTestId('completed-evaluation')
  await expect(completed.getByTestId('result-badge')).toHaveText('PASSED 100.0%')
  await expect(completed).toContainText(evaluatee.name)
  await expect(completed).toContainText(/By Cpt\. Miller on \w{3}, /)
  await expect(completed).toContainText('Safe drills throughout')
  await completed.getByRole('link', { name: `View the evaluation of ${evaluatee.name}` }).click()
  await expect(page).toHaveURL(/\/admin\/evaluations\/view\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: `Evaluation: ${data.testName}` })).toBeVisible()
  await expect(page.getByTestId('evaluation-score')).toContainText('100.0%')
  await expect(page.getByTestId('evaluation-item')).toHaveCount(3)
  await expect(page.getByTestId('item-result')).toHaveText(['PASSED', 'PASSED', 'N/A'])
  await expect(page.getByRole('region', { name: 'Final Notes' })).toContainText(
    'Safe drills throughout; the contact report was not exercised.',
  )
  await page.getByRole('link', { name: '← Back to Evaluations' }).click()
  void acceptConfirm(page, 'Are you sure you want to permanently delete this evaluation? This action cannot be undone.')
  await page.getByRole('button', { name: `Delete the evaluation of ${evaluatee.name}` }).click()
  await expect(toast(page, 'Evaluation deleted.')).toBeVisible()
  await expect(evaluations.getByText('No evaluations recorded for this test yet.', { exact: true })).toBeVisible()
})

test.describe('when a save fails or the live stream is unavailable', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] })

  test('a failed save says so and re-syncs; without a stream the page polls; Cancel ends the session', async ({
    page,
    login,
    baseURL,
  }) => {
    const data = evaluationData()
    const { passer } = data.members
    const [safe, arcs] = data.checklist.safety
    // No EventSource in this page: it falls back to polling every 3 s.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'EventSource')
    })
    await login('demo_admin', `/admin/tests/${data.testId}/evaluations?q=${encodeURIComponent(passer.name)}`)
    await page.getByRole('button', { name: `Start Evaluation of ${passer.name}` }).click()
    await expect(page).toHaveURL(/\/admin\/evaluations\/[0-9a-f-]{36}$/)
    const sessionId = new URL(page.url()).pathname.split('/').pop()!
    await expect(page.getByTestId('live-status')).toHaveText('Refreshing every 3 s')

    // The server refuses the save: the message, and the item shows the server's state again.
    await page.route('**/api/admin/evaluations/live/*/answer', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    )
    await liveItem(page, safe).getByRole('button', { name: 'Pass (+2)' }).click()
    await expect(toast(page, 'Failed to save answer. Re-syncing with server.')).toBeVisible()
    await expect(liveItem(page, safe).getByRole('button', { name: 'Pass (+2)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await page.unroute('**/api/admin/evaluations/live/*/answer')

    // Another admin's answer (through the /api) arrives with the next poll.
    const answered = await page.request.post(`/api/admin/evaluations/live/${sessionId}/answer`, {
      headers: { Origin: baseURL! },
      data: { questionId: await questionIdOf(page, arcs), answer: 'fail' },
    })
    expect(answered.status()).toBe(200)
    await expect(liveItem(page, arcs).getByRole('button', { name: 'Fail' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 4_500,
    })

    // Cancel (confirmed) ends the session without recording anything.
    void acceptConfirm(page, 'Are you sure you want to cancel this evaluation? Nothing will be recorded.')
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/tests$/)
    await expect(toast(page, 'Evaluation cancelled.')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Active Evaluations In Progress' }).getByText(data.testName),
    ).toHaveCount(0)
  })
})

/** A checklist item's id, from its answer form. */
async function questionIdOf(page: Page, text: string): Promise<number> {
  return Number(await liveItem(page, text).locator('input[name="questionId"]').inputValue())
}
