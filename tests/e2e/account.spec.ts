import { expect, test, topBar } from './fixtures.ts'
import { acceptConfirm } from './page-kit.ts'

// The account page with JavaScript: reached from the top bar; the calendar feed (create: its URL shown once, copy, Add to
// calendar) and API tokens (create: shown once; revoke after the browser's confirm). The token works at once.

test('a member makes a calendar feed and an API token, uses the token, and revokes it', async ({
  page,
  login,
  context,
}) => {
  await login('reyes')
  await topBar(page).getByRole('link', { name: 'Your account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()

  const calendar = page.getByRole('region', { name: 'Calendar feed' })
  if (await calendar.getByRole('button', { name: 'Create my calendar feed' }).isVisible()) {
    await calendar.getByRole('button', { name: 'Create my calendar feed' }).click()
  } else {
    void acceptConfirm(page)
    await calendar.getByRole('button', { name: 'Regenerate URL' }).click()
  }
  // Shown once, in the answer: only the secret's hash is kept.
  await expect(calendar.getByText('it is not shown again')).toBeVisible()
  const url = calendar.getByRole('textbox', { name: 'Your calendar URL' })
  await expect(url).toHaveValue(/\/calendar\/personal\/[A-Za-z0-9_-]{43}\.ics$/)
  await expect(calendar.getByRole('button', { name: 'Copy Your calendar URL' })).toBeVisible()
  await expect(calendar.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    /^webcal:\/\/.+\/calendar\/personal\//,
  )
  const feed = await context.request.get(new URL(await url.inputValue()).pathname)
  expect(feed.status()).toBe(200)
  expect(await feed.text()).toContain('BEGIN:VCALENDAR')
  await page.reload()
  await expect(url).toHaveCount(0)
  await expect(calendar.getByText('Your calendar feed is on')).toBeVisible()

  const tokens = page.getByRole('region', { name: 'API tokens' })
  const name = `E2E bot ${Date.now()}`
  await tokens.getByRole('textbox', { name: 'Name' }).fill(name)
  await tokens.getByRole('radio', { name: /Member actions/ }).check()
  await expect(tokens.getByRole('radio', { name: /Admin/ })).toHaveCount(0)
  await tokens.getByRole('button', { name: 'Create token' }).click()
  const shown = page.getByTestId('new-token').getByRole('textbox')
  await expect(shown).toHaveValue(/^tfhq_/)
  const token = await shown.inputValue()
  // The New token form starts afresh: no name to make a duplicate from, Read access again.
  await expect(tokens.getByRole('textbox', { name: 'Name' })).toHaveValue('')
  await expect(tokens.getByRole('radio', { name: /Read/ })).toBeChecked()

  const call = await context.request.get('/api/tests', { headers: { Authorization: `Bearer ${token}`, Cookie: '' } })
  expect(call.status()).toBe(200)

  await page.reload()
  await expect(page.getByTestId('new-token')).toHaveCount(0)
  await expect(tokens.getByText(name)).toBeVisible()
  void acceptConfirm(page)
  await tokens.getByRole('button', { name: `Revoke ${name}` }).click()
  await expect(tokens.getByText(name)).toHaveCount(0)
  expect((await context.request.get('/api/tests', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
    401,
  )
})

test('an admin may create admin and game-server tokens', async ({ page, login }) => {
  await login('demo_admin', '/account')
  const tokens = page.getByRole('region', { name: 'API tokens' })
  await expect(tokens.getByRole('radio', { name: /Admin/ })).toBeVisible()
  await expect(tokens.getByRole('radio', { name: /Game server/ })).toBeVisible()
})

test('the trainings page offers the unit calendar', async ({ page }) => {
  await page.goto('/trainings')
  const add = page.getByRole('group', { name: 'Add to calendar' })
  await expect(add.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    /^webcal:\/\/.+\/calendar\/unit\.ics$/,
  )
  await expect(add.getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', '/calendar/unit.ics')
})

test('the API reference opens an operation and links the document', async ({ page }) => {
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { level: 1, name: 'Task Force HQ API' })).toBeVisible()
  await page.getByText('/api/integrations/events/{id}/attendance').click()
  await expect(page.getByText('bohemia_uuids', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download openapi.json' })).toHaveAttribute('href', '/api/openapi.json')
})
