import { TEST_MESSAGES } from '../../contracts/assessments.ts'
import { stubDiscordCdn, loginAs, topBar } from './fixtures.ts'
import { SEEDED, answer, cardOf, expect, questionGroup, test } from './qualification-tests.ts'
import { toast } from './page-kit.ts'

// The public tests pages with JavaScript (docs/rules/assessments.md): the cards and their badges, taking a test with
// the browser's answer check, the result, and who may not take or see what.

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000'

test.describe('the tests page', () => {
  test('a visitor sees the public list: no status, Login to View Status, every card dimmed', async ({ page }) => {
    await page.goto('/tests')
    await expect(page.getByRole('heading', { level: 1, name: TEST_MESSAGES.heading })).toBeVisible()
    await expect(page.getByText(TEST_MESSAGES.intro)).toBeVisible()
    await expect(topBar(page).getByRole('link', { name: 'Tests' })).toHaveAttribute('aria-current', 'page')
    const card = cardOf(page, SEEDED.medic.name)
    await expect(card).toContainText(SEEDED.medic.qualification)
    await expect(card).toContainText(`Required score${SEEDED.medic.requiredScore}`)
    await expect(card).toContainText(SEEDED.medic.toPass)
    await expect(card.getByTestId('test-status')).toHaveCount(0)
    await expect(card).toHaveAttribute('data-dimmed', 'true')
    await expect(card.getByRole('link', { name: 'Login to View Status' })).toHaveAttribute(
      'href',
      '/auth/discord?returnTo=%2Ftests',
    )
    await expect(page.getByTestId('test-status')).toHaveCount(0)
  })

  test('a member sees each card with the badge, note and button of their standing', async ({
    page,
    login,
    testsAdmin,
  }) => {
    const approved = await testsAdmin.createTest({ approve: ['Reyes'] })
    const waiting = await testsAdmin.createTest()
    const outOfReach = await testsAdmin.createTest({ requiredScore: 99_999 })
    const inGameOnly = await testsAdmin.createTest({ questions: 0, checklistOnly: true, approve: ['Reyes'] })
    await login('reyes', '/tests')

    // Reyes holds Combat Medic (seed): QUALIFIED comes first.
    const medic = cardOf(page, SEEDED.medic.name)
    await expect(medic.getByTestId('test-status')).toHaveText('QUALIFIED')
    await expect(medic.getByRole('button', { name: 'Already Qualified' })).toBeDisabled()
    await expect(medic).not.toHaveAttribute('data-dimmed')

    const take = cardOf(page, approved.name)
    await expect(take.getByTestId('test-status')).toHaveText('APPROVED TO TEST')
    await expect(take.getByRole('link', { name: 'Take Test' })).toHaveAttribute('href', `/tests/${approved.uuid}/take`)
    await expect(take).toContainText('Answer 2 of 2 questions correctly')

    const wait = cardOf(page, waiting.name)
    await expect(wait.getByTestId('test-status')).toHaveText('NEEDS APPROVAL')
    await expect(wait.getByText(TEST_MESSAGES.meetsScore)).toBeVisible()
    await expect(wait.getByRole('button', { name: 'Awaiting Admin Approval' })).toBeDisabled()
    await expect(wait).not.toHaveAttribute('data-dimmed')

    // A test that is only an in-game evaluation has nothing to take here: no Take Test that leads nowhere.
    const evaluationOnly = cardOf(page, inGameOnly.name)
    await expect(evaluationOnly.getByTestId('test-status')).toHaveText('APPROVED TO TEST')
    await expect(evaluationOnly.getByRole('link', { name: /Take Test/ })).toHaveCount(0)
    await expect(evaluationOnly.getByRole('button', { name: 'Awaiting In-Game Evaluation' })).toBeDisabled()
    await expect(evaluationOnly).toContainText('Pass the in-game evaluation (80%)')

    const out = cardOf(page, outOfReach.name)
    await expect(out.getByTestId('test-status')).toHaveText('Ineligible')
    await expect(out.getByRole('button', { name: 'Ineligible' })).toBeDisabled()
    await expect(out).toHaveAttribute('data-dimmed', 'true')
    await expect(out.getByText(TEST_MESSAGES.meetsScore)).toHaveCount(0)
  })
})

test.describe('taking a test', () => {
  test('an approved member answers every question, submits and sees the passed result', async ({
    page,
    login,
    testsAdmin,
  }) => {
    const made = await testsAdmin.createTest({ questions: 3, passing: 2, approve: ['Kowalski'] })
    await login('kowalski', '/tests')
    await cardOf(page, made.name).getByRole('link', { name: 'Take Test' }).click()
    await expect(page).toHaveURL(`/tests/${made.uuid}/take`)
    await expect(page.getByRole('heading', { level: 1, name: made.name })).toBeVisible()
    await expect(page.getByText('A score of 67% or higher is required to pass.')).toBeVisible()

    // Numbered questions, the optional image, the sanitised rich text (formatting kept, nothing that runs), 4 options.
    const questions = page.getByTestId('question')
    await expect(questions).toHaveCount(3)
    await expect(questions.nth(0).getByRole('heading', { name: 'Question 1' })).toBeVisible()
    await expect(questions.nth(0).locator('img[src$="/favicon.svg"]')).toHaveCount(1)
    await expect(questions.nth(1).locator('img')).toHaveCount(0)
    await expect(questions.nth(0).locator('strong')).toHaveText('right')
    await expect(questions.nth(0).getByRole('link', { name: 'SOP' })).toHaveAttribute('href', 'https://example.com/sop')
    await expect(questions.nth(0).locator('script, [onerror], [onclick], [href^="javascript"]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
    await expect(questionGroup(page, 2).getByRole('radio')).toHaveCount(4)

    // The browser's check: nothing is posted while a question has no answer.
    let posted = 0
    page.on('request', (request) => {
      if (request.method() === 'POST') posted += 1
    })
    await page.getByRole('button', { name: 'Submit Test' }).click()
    await expect(page.getByText(TEST_MESSAGES.answerAll)).toBeVisible()
    await expect(page.getByText('Not answered')).toHaveCount(3)
    await answer(page, 1, made.correct[0]!)
    await answer(page, 2, made.correct[1]!)
    // A refresh keeps the answers chosen so far (in this tab's session storage until the test is submitted).
    await page.reload()
    await expect(questionGroup(page, 1).getByRole('radio').nth(made.correct[0]!)).toBeChecked()
    await expect(questionGroup(page, 2).getByRole('radio').nth(made.correct[1]!)).toBeChecked()
    await expect(questionGroup(page, 3).getByRole('radio', { checked: true })).toHaveCount(0)
    await page.getByRole('button', { name: 'Submit Test' }).click()
    await expect(page.getByText('Not answered')).toHaveCount(1)
    await expect(questionGroup(page, 3)).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toBe(0)

    // Two of three right: passed with 67%; the result reveals the correct answers.
    await answer(page, 3, (made.correct[2]! + 1) % 4)
    await expect(page.getByText(TEST_MESSAGES.answerAll)).toHaveCount(0)
    await page.getByRole('button', { name: 'Submit Test' }).click()
    await expect(page).toHaveURL(/\/tests\/result\/[0-9a-f-]{36}$/)
    await expect(toast(page, 'Test submitted! You scored 67%. You have passed.')).toBeVisible()
    const resultPath = new URL(page.url()).pathname
    // Submitted: nothing is kept for the test any more.
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('take-test:'))),
    ).toEqual([])
    await expect(page.getByRole('heading', { level: 1, name: `Results for ${made.name}` })).toBeVisible()
    await expect(page.getByTestId('test-outcome')).toHaveText(/PASSED\s*67%/)
    await expect(page.getByText(TEST_MESSAGES.failedNote)).toHaveCount(0)
    const results = page.getByTestId('question')
    await expect(results.nth(0)).toContainText('Correct')
    await expect(results.nth(2)).toContainText('Incorrect')
    await expect(page.getByText(TEST_MESSAGES.yourAnswer)).toHaveCount(3)
    await expect(results.nth(2).getByTestId('result-option').nth(made.correct[2]!)).toContainText(
      TEST_MESSAGES.correctAnswer,
    )
    await expect(
      results
        .nth(2)
        .getByTestId('result-option')
        .nth((made.correct[2]! + 1) % 4),
    ).toContainText(TEST_MESSAGES.yourAnswer)

    // Passing a test without an in-game evaluation grants its qualification: the card says so.
    await page.getByRole('link', { name: 'Back to Tests' }).click()
    await expect(page).toHaveURL('/tests')
    await expect(cardOf(page, made.name).getByTestId('test-status')).toHaveText('QUALIFIED')
    await expect(cardOf(page, made.name).getByRole('button', { name: 'Already Qualified' })).toBeDisabled()

    // One attempt per member: the take page is gone, and says the test was taken and where the result is.
    await page.goto(`/tests/${made.uuid}/take`)
    await expect(page.getByText(TEST_MESSAGES.takeNotFound)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Submit Test' })).toHaveCount(0)
    await expect(page.getByTestId('test-taken')).toContainText('You have already taken this test.')
    await page.getByRole('link', { name: 'View your result' }).click()
    await expect(page).toHaveURL(resultPath)
    await expect(page.getByRole('heading', { level: 1, name: `Results for ${made.name}` })).toBeVisible()
  })

  test('a failed attempt hides the correct answers; the card offers Review Attempt; only its member and admins see it', async ({
    page,
    login,
    testsAdmin,
    browser,
    baseURL,
    serverInfo,
  }) => {
    const made = await testsAdmin.createTest({ questions: 2, passing: 2, approve: ['Novak'] })
    await login('novak', `/tests/${made.uuid}/take`)
    await answer(page, 1, (made.correct[0]! + 1) % 4)
    await answer(page, 2, made.correct[1]!)
    await page.getByRole('button', { name: 'Submit Test' }).click()
    await expect(page).toHaveURL(/\/tests\/result\//)
    await expect(toast(page, 'Test submitted! You scored 50%. You have failed.')).toBeVisible()
    await expect(page.getByTestId('test-outcome')).toHaveText(/FAILED\s*50%/)
    await expect(page.getByText(TEST_MESSAGES.failedNote)).toBeVisible()
    await expect(page.getByText(TEST_MESSAGES.yourAnswer)).toHaveCount(2)
    await expect(page.getByText(TEST_MESSAGES.correctAnswer)).toHaveCount(0)
    await expect(page.getByTestId('question').nth(0)).toContainText('Incorrect')
    const resultUrl = page.url()

    await page.goto('/tests')
    const card = cardOf(page, made.name)
    await expect(card.getByTestId('test-status')).toHaveText('FAILED')
    await card.getByRole('link', { name: 'Review Attempt' }).click()
    await expect(page).toHaveURL(resultUrl)
    await expect(page.getByRole('heading', { level: 1, name: `Results for ${made.name}` })).toBeVisible()

    // Another member reads 'Test result not found.'; an admin sees the result.
    const other = await browser.newContext({ serviceWorkers: 'block', baseURL })
    try {
      const otherPage = await other.newPage()
      await stubDiscordCdn(otherPage)
      await loginAs(otherPage, 'reyes', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
      await otherPage.goto(resultUrl)
      await expect(otherPage.getByText(TEST_MESSAGES.resultNotFound)).toBeVisible()
      await expect(otherPage.getByText(TEST_MESSAGES.yourAnswer)).toHaveCount(0)
    } finally {
      await other.close()
    }
    await testsAdmin.page.goto(resultUrl)
    await expect(testsAdmin.page.getByRole('heading', { level: 1, name: `Results for ${made.name}` })).toBeVisible()
  })

  test('a second attempt is refused, even from a take page opened before the first was sent', async ({
    page,
    login,
    testsAdmin,
  }) => {
    const made = await testsAdmin.createTest({ questions: 1, passing: 1, approve: ['Novak'] })
    await login('novak', `/tests/${made.uuid}/take`)
    const second = await page.context().newPage()
    await stubDiscordCdn(second)
    await second.goto(`/tests/${made.uuid}/take`)

    await answer(page, 1, made.correct[0]!)
    await page.getByRole('button', { name: 'Submit Test' }).click()
    await expect(toast(page, 'Test submitted! You scored 100%. You have passed.')).toBeVisible()

    await answer(second, 1, made.correct[0]!)
    await second.getByRole('button', { name: 'Submit Test' }).click()
    await expect(second).toHaveURL('/tests')
    await expect(toast(second, 'You have already taken this test.')).toBeVisible()
    await second.close()
  })

  test('no take page for a member not approved, a banned member, an unknown test or a visitor', async ({
    page,
    login,
    testsAdmin,
    db,
    browser,
    baseURL,
    serverInfo,
  }) => {
    const made = await testsAdmin.createTest({ questions: 1, approve: ['Novak'] })
    // An approval no admin could give any more: the member was banned after it.
    await db`insert into test_eligibility (test_id, member_id) select ${made.id}, id from members where ingame_name = 'Blake'`

    await login('reyes')
    for (const path of [`/tests/${made.uuid}/take`, `/tests/${UNKNOWN_UUID}/take`, '/tests/not-a-uuid/take']) {
      await page.goto(path)
      await expect(page.getByText(TEST_MESSAGES.takeNotFound)).toBeVisible()
    }
    await page.goto(`/tests/result/${UNKNOWN_UUID}`)
    await expect(page.getByText(TEST_MESSAGES.resultNotFound)).toBeVisible()

    const banned = await browser.newContext({ serviceWorkers: 'block', baseURL })
    try {
      const bannedPage = await banned.newPage()
      await stubDiscordCdn(bannedPage)
      await loginAs(bannedPage, 'banned_blake', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
      await bannedPage.goto(`/tests/${made.uuid}/take`)
      await expect(bannedPage.getByText(TEST_MESSAGES.takeNotFound)).toBeVisible()
      await bannedPage.goto('/tests')
      await expect(cardOf(bannedPage, made.name).getByRole('button', { name: 'Ineligible' })).toBeDisabled()
    } finally {
      await banned.close()
    }

    // A visitor is asked to log in first.
    const visitor = await browser.newContext({ serviceWorkers: 'block', baseURL })
    try {
      const visitorPage = await visitor.newPage()
      await visitorPage.goto(`/tests/${made.uuid}/take`)
      await expect(visitorPage).toHaveURL(
        (url) => url.origin === new URL(serverInfo.standInUrl).origin && url.pathname === '/oauth2/authorize',
      )
    } finally {
      await visitor.close()
    }
  })
})
