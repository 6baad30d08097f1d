import { expect, test } from './fixtures.ts'

// The account page without JavaScript: every form posts and the server answers the page: a new token is shown in that
// answer; revoking and regenerating the calendar URL ask on the page's confirm step.

test('tokens and the calendar feed work with JavaScript off', async ({ page, login }) => {
  await login('novak', '/account')

  const calendar = page.getByRole('region', { name: 'Calendar feed' })
  if (await calendar.getByRole('button', { name: 'Create my calendar feed' }).isVisible()) {
    await calendar.getByRole('button', { name: 'Create my calendar feed' }).click()
  } else {
    await calendar.getByRole('button', { name: 'Regenerate URL' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click()
  }
  const url = calendar.getByRole('textbox', { name: 'Your calendar URL' })
  const before = await url.inputValue()
  expect(before).toMatch(/\/calendar\/personal\/[A-Za-z0-9_-]{43}\.ics$/)
  await calendar.getByRole('button', { name: 'Regenerate URL' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('The current one stops working at once')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click()
  await expect(url).not.toHaveValue(before)

  const tokens = page.getByRole('region', { name: 'API tokens' })
  const name = `E2E nojs ${Date.now()}`
  await tokens.getByRole('textbox', { name: 'Name' }).fill(name)
  await tokens.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByTestId('new-token').getByRole('textbox')).toHaveValue(/^tfhq_/)

  await page.goto('/account')
  await tokens.getByRole('button', { name: `Revoke ${name}` }).click()
  await expect(page.getByRole('alertdialog')).toContainText(`Revoke the token “${name}”?`)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(tokens.getByText(name)).toHaveCount(0)
})

test('an empty token name is refused inline', async ({ page, login }) => {
  await login('novak', '/account')
  const tokens = page.getByRole('region', { name: 'API tokens' })
  await tokens.getByRole('button', { name: 'Create token' }).click()
  await expect(tokens.getByText('Token name is required.')).toBeVisible()
})

test('the API reference reads without JavaScript', async ({ page }) => {
  await page.goto('/api/docs')
  await page.getByText('/api/integrations/slots').click()
  await expect(page.getByText('bohemia_uuid (query)')).toBeVisible()
})
