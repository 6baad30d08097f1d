import { expect, test, topBar } from './fixtures.ts'

// Runs in the chromium-nojs project (javaScriptEnabled: false): every page is complete from the server, and
// forms are plain HTML round trips with the toast carried by the flash cookie (docs/rules/ui.md).

test('the hub renders fully without JavaScript', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Unit Hub' })).toBeVisible()
  for (const title of ['Live ORBAT', 'Company Roster', 'Training Sign-ups', 'Qualification Tests', 'Library']) {
    await expect(page.getByRole('main').getByRole('heading', { name: title, exact: true })).toBeVisible()
  }
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})

test('admin login, the admin hub and logout with a flash toast, all without JavaScript', async ({ page, login }) => {
  await login('demo_admin', '/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Hub' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'User Actions' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'System & Bot Actions' })).toBeVisible()
  await expect(topBar(page).getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('aria-current', 'page')

  // Logout is a plain form POST; the redirect's page carries the toast in its server-rendered HTML.
  const [logoutPost] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/auth/logout'),
    topBar(page).getByRole('button', { name: 'Logout' }).click(),
  ])
  expect((await logoutPost.response())?.status()).toBe(302)
  await page.waitForURL((url) => url.pathname === '/')
  expect(await page.content()).toContain('You have been logged out.')
  await expect(page.getByRole('status').filter({ hasText: 'You have been logged out.' })).toBeVisible()
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()

  // The flash is shown once: the next page has no toast.
  await page.reload()
  await expect(page.getByText('You have been logged out.')).toHaveCount(0)
})

test('the admin access states render without JavaScript', async ({ page, login }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()

  await login('reyes', '/admin')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Access Denied - You do not have the required Discord role to access the admin panel.',
  )
})
