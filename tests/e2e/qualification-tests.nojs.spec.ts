import { TEST_MESSAGES } from '../../contracts/assessments.ts'
import { SEEDED, answer, cardOf, expect, questionGroup, test } from './qualification-tests.ts'
import { toast } from './page-kit.ts'

// The public tests pages without JavaScript: the server renders the cards, answers a missing answer with 'Please answer
// all questions before submitting.' (400, the chosen answers kept), and a full submit with a redirect to the result and
// the toast in the flash cookie.

test('a visitor sees the public list rendered by the server', async ({ page }) => {
  await page.goto('/tests')
  await expect(page.getByRole('heading', { level: 1, name: TEST_MESSAGES.heading })).toBeVisible()
  for (const seeded of [SEEDED.medic, SEEDED.marksman]) {
    const card = cardOf(page, seeded.name)
    await expect(card).toContainText(seeded.qualification)
    await expect(card).toContainText(seeded.toPass)
    await expect(card.getByRole('link', { name: 'Login to View Status' })).toBeVisible()
    await expect(card.getByTestId('test-status')).toHaveCount(0)
  }
})

test('a member sees their standing on the cards', async ({ page, login }) => {
  await login('recruit_lee', '/tests')
  // Lee (BMT, score 1) meets neither test's score: both Ineligible and dimmed.
  for (const seeded of [SEEDED.medic, SEEDED.marksman]) {
    const card = cardOf(page, seeded.name)
    await expect(card.getByTestId('test-status')).toHaveText('Ineligible')
    await expect(card.getByRole('button', { name: 'Ineligible' })).toBeDisabled()
    await expect(card).toHaveAttribute('data-dimmed', 'true')
  }
})

test('an approved member takes a test: the server checks every answer, then shows the result', async ({
  page,
  login,
  testsAdmin,
}) => {
  const made = await testsAdmin.createTest({ questions: 3, passing: 2, approve: ['Novak'] })
  await login('novak', '/tests')
  await cardOf(page, made.name).getByRole('link', { name: 'Take Test' }).click()
  await expect(page.getByRole('heading', { level: 1, name: made.name })).toBeVisible()
  await expect(page.getByText('A score of 67% or higher is required to pass.')).toBeVisible()
  await expect(page.getByTestId('question').nth(0).locator('strong')).toHaveText('right')

  // Nothing answered: the server answers 400 with the message; every question is marked.
  const [none] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Submit Test' }).click(),
  ])
  expect(none.status()).toBe(400)
  await expect(page.getByRole('alert').filter({ hasText: TEST_MESSAGES.answerAll })).toBeVisible()
  await expect(page.getByText('Not answered')).toHaveCount(3)

  // Some answered: still refused, and the chosen answers come back checked.
  await answer(page, 1, made.correct[0]!)
  await answer(page, 3, made.correct[2]!)
  const [some] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Submit Test' }).click(),
  ])
  expect(some.status()).toBe(400)
  await expect(page.getByText(TEST_MESSAGES.answerAll)).toBeVisible()
  await expect(page.getByText('Not answered')).toHaveCount(1)
  await expect(questionGroup(page, 2)).toHaveAttribute('aria-invalid', 'true')
  await expect(questionGroup(page, 1).getByRole('radio').nth(made.correct[0]!)).toBeChecked()
  await expect(questionGroup(page, 3).getByRole('radio').nth(made.correct[2]!)).toBeChecked()

  await answer(page, 2, made.correct[1]!)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await expect(page).toHaveURL(/\/tests\/result\/[0-9a-f-]{36}$/)
  await expect(toast(page, 'Test submitted! You scored 100%. You have passed.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `Results for ${made.name}` })).toBeVisible()
  await expect(page.getByTestId('test-outcome')).toHaveText(/PASSED\s*100%/)
  await expect(page.getByText(TEST_MESSAGES.correctAnswer)).toHaveCount(3)

  // A second attempt: no take page any more.
  await page.goto(`/tests/${made.uuid}/take`)
  await expect(page.getByText(TEST_MESSAGES.takeNotFound)).toBeVisible()
})

test('another member cannot open the result of an attempt', async ({ page, login, testsAdmin }) => {
  const made = await testsAdmin.createTest({ questions: 1, passing: 1, approve: ['Kowalski'] })
  await login('kowalski', `/tests/${made.uuid}/take`)
  await answer(page, 1, made.correct[0]!)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await expect(page).toHaveURL(/\/tests\/result\//)
  const resultUrl = page.url()

  await page.getByRole('button', { name: 'Logout' }).click()
  await login('reyes')
  await page.goto(resultUrl)
  await expect(page.getByText(TEST_MESSAGES.resultNotFound)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Tests' })).toHaveAttribute('href', '/tests')
})
