import { expect, test, topBar } from './fixtures.ts'

// The shell: the hub, nav highlighting and the generic error screen.

const HUB_CARDS = ['Live ORBAT', 'Company Roster', 'Training Sign-ups', 'Qualification Tests', 'Library']

test('the hub shows the five cards', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Unit Hub' })).toBeVisible()
  const cards = page.getByRole('main').getByRole('listitem')
  await expect(cards).toHaveCount(HUB_CARDS.length)
  for (const [index, title] of HUB_CARDS.entries()) {
    await expect(cards.nth(index).getByRole('heading', { name: title, exact: true })).toBeVisible()
  }
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})

test('the hub is server-rendered: the card titles are in the HTML', async ({ request }) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('text/html')
  const html = await response.text()
  expect(html).toContain('Unit Hub')
  for (const title of HUB_CARDS) expect(html).toContain(`>${title}</h2>`)
})

test('no nav link is highlighted on the hub', async ({ page }) => {
  await page.goto('/')
  await expect(topBar(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(4)
  await expect(topBar(page).locator('[aria-current="page"]')).toHaveCount(0)
})

test('on /admin the Admin link is highlighted', async ({ page, login }) => {
  await login('demo_admin')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Hub' })).toBeVisible()
  const nav = topBar(page).getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('aria-current', 'page')
  for (const other of ['ORBAT', 'Tests', 'Library']) {
    await expect(nav.getByRole('link', { name: other, exact: true })).not.toHaveAttribute('aria-current', /.*/)
  }
})

test('an unknown route shows the generic error screen with 404', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
  await expect(page.getByTestId('error-status')).toContainText('404')
  // The shell stays usable around the error.
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Unit Hub' })).toBeVisible()
})
