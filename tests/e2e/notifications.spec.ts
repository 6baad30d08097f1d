import { NOTIFICATION_MESSAGES } from '#contracts/notifications.ts'
import { signIn } from './a11y.ts'
import { expect, test } from './fixtures.ts'
import { notificationsJourney } from './notifications.ts'

// Notifications on /account with JavaScript (tests/e2e/notifications.ts), at 1440 and 390 px, and the plain answer when
// the browser refuses notifications (a test's browser refuses what it was not granted).

test.describe.configure({ timeout: 120_000 })
// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

test('choices save, a device is listed and removed, closed DMs are said; a refusal is said plainly', async ({
  page,
  browser,
  db,
  baseURL,
  serverInfo,
}) => {
  await signIn(page, browser, 'kowalski', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
  await notificationsJourney(page, db, { js: true, username: 'kowalski', baseURL: baseURL! })

  const section = page.getByRole('region', { name: 'Notifications' })
  await section.getByRole('button', { name: 'Turn on push on this device' }).click()
  await expect(section.getByText(NOTIFICATION_MESSAGES.denied)).toBeVisible()
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual({ devices: [] })
})
