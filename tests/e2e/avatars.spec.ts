import { expect, test, topBar } from './fixtures.ts'

// Avatars: when the image fails the initials show, and a CDN that never answers holds up no page.

// Chromium logs each refused image; here that is the point.
test.use({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_FAILED/] })

test('a failed avatar leaves the initials; an avatar CDN that never answers holds up no page load', async ({
  page,
  login,
}) => {
  await login('demo_admin')

  await page.route('https://cdn.discordapp.com/**', (route) => route.abort())
  await page.goto('/')
  const initials = topBar(page).locator('[data-initials="CM"]')
  await expect(initials).toBeVisible()
  await expect(initials.locator('img')).toHaveCount(0)
  expect(await initials.evaluate((avatar) => getComputedStyle(avatar, '::before').content)).toBe('"CM"')

  // Never answered: the page's load event still comes at once (before, the top bar's image held it up).
  await page.route('https://cdn.discordapp.com/**', () => {})
  const started = Date.now()
  await page.goto('/roster', { waitUntil: 'load', timeout: 10_000 })
  expect(Date.now() - started).toBeLessThan(5_000)
  await expect(topBar(page).locator('[data-initials="CM"]')).toBeVisible()
})
